// The list view of one section: a group per criterion (by name) with its count, each collapsible;
// an open group reads its comments a page at a time (CriterionComments).
import { Accordion, Badge, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { criteriaByName, type CriterionCount, type Section } from './commentRules';
import type { CommentTopicSlot } from './CommentSections';
import { CriterionComments } from './CriterionComments';
import type { CommentPageSource } from './useCommentPages';

export function CommentList({
  section,
  criteria,
  source,
  locale,
  besideTopic,
}: {
  section: Section;
  criteria: readonly CriterionCount[];
  source: CommentPageSource;
  locale: string;
  besideTopic?: CommentTopicSlot | undefined;
}) {
  const groups = criteriaByName(criteria, locale);
  // Open at first, as before; a closed group reads nothing.
  const [closed, setClosed] = useState<string[]>([]);
  const ids = groups.map((group) => String(group.criterion.id));
  return (
    <Accordion
      multiple
      variant="separated"
      value={ids.filter((id) => !closed.includes(id))}
      onChange={(open) => setClosed(ids.filter((id) => !open.includes(id)))}
    >
      {groups.map((group) => {
        const id = String(group.criterion.id);
        return (
          <Accordion.Item key={id} value={id}>
            <Accordion.Control>
              <Group gap="xs">
                <Text fw={600}>{group.criterion.name}</Text>
                <Badge variant="light" color="gray" tt="none">
                  {group.count}
                </Badge>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              {!closed.includes(id) && (
                <CriterionComments
                  key={JSON.stringify(source)}
                  section={section}
                  criterion={group.criterion}
                  total={group.count}
                  source={source}
                  besideTopic={besideTopic}
                />
              )}
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}
