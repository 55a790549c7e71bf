// The three comment sections (positive, negative, neutral; a trend survey's better, worse, important),
// collapsed until opened, each as a list by criterion or as a distribution map. The sections know only
// the counts; a section's comments are read a page at a time once it is open.
import { Accordion, Badge, Group, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommentSections_CommentFragment } from '../../../__generated__/graphql';
import { CommentList } from './CommentList';
import { CommentMap } from './CommentMap';
import { sectionHeadingKey, SECTIONS, type CriterionCount, type Section } from './commentRules';
import type { CommentPageSource } from './useCommentPages';

export type CommentView = 'list' | 'map';

/**
 * What the page shows beside the comments on one topic (the AI summary and translation panels); the
 * topic is the criterion's name, `comments` those read so far, `readIds` reads the ids of all of
 * them (of the chosen range) up to a maximum.
 */
export type CommentTopicSlot = (topic: {
  comments: readonly CommentSections_CommentFragment[];
  readIds: (max: number) => Promise<readonly string[]>;
  name: string;
}) => ReactNode;

export function CommentSections({
  counts,
  source,
  trend,
  view,
  locale,
  besideTopic,
}: {
  counts: Record<Section, readonly CriterionCount[]>;
  source: CommentPageSource;
  trend: boolean;
  view: CommentView;
  locale: string;
  besideTopic?: CommentTopicSlot;
}) {
  const { t } = useTranslation('report');
  const [open, setOpen] = useState<string[]>([]);
  const View = view === 'list' ? CommentList : CommentMap;
  return (
    <Accordion multiple value={open} onChange={setOpen} variant="contained">
      {SECTIONS.map((section) => {
        const criteria = counts[section];
        const total = criteria.reduce((sum, c) => sum + c.count, 0);
        const shown = open.includes(section);
        return (
          <Accordion.Item key={section} value={section}>
            <Accordion.Control>
              <Group gap="sm">
                <Text fw={700} size="lg">
                  {t(`console.openComments.sections.${sectionHeadingKey(section, trend)}`)}
                </Text>
                <Badge variant="light" color="gray" tt="none">
                  {t('console.openComments.count', { count: total })}
                </Badge>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              {!shown ? null : total === 0 ? (
                <Text c="dimmed">{t('console.openComments.empty')}</Text>
              ) : (
                <View
                  section={section}
                  criteria={criteria}
                  source={source}
                  locale={locale}
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
