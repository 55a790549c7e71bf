// The list view of one section: comments grouped by criterion (by name), each group collapsible.
import { Accordion, Badge, Group, List, Text } from '@mantine/core';
import type { CommentSections_CommentFragment } from '../../../__generated__/graphql';
import { groupByCriterion } from './commentRules';
import type { CommentTopicSlot } from './CommentSections';

export function CommentList({
  comments,
  locale,
  besideTopic,
}: {
  comments: readonly CommentSections_CommentFragment[];
  locale: string;
  besideTopic?: CommentTopicSlot | undefined;
}) {
  const groups = groupByCriterion(comments, locale);
  return (
    <Accordion
      multiple
      variant="separated"
      defaultValue={groups.map((group) => String(group.criterion.id))}
    >
      {groups.map((group) => (
        <Accordion.Item key={group.criterion.id} value={String(group.criterion.id)}>
          <Accordion.Control>
            <Group gap="xs">
              <Text fw={600}>{group.criterion.name}</Text>
              <Badge variant="light" color="gray" tt="none">
                {group.comments.length}
              </Badge>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <CommentItems comments={group.comments} />
            {besideTopic?.({ comments: group.comments, name: group.criterion.name })}
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

export function CommentItems({
  comments,
}: {
  comments: readonly CommentSections_CommentFragment[];
}) {
  return (
    <List spacing="xs" size="sm">
      {comments.map((comment, index) => (
        <List.Item key={comment.id || index}>{comment.text}</List.Item>
      ))}
    </List>
  );
}
