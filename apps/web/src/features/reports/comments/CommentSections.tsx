// The three comment sections (positive, negative, neutral; a trend survey's better, worse, important),
// collapsed until opened, each as a list by criterion or as a distribution map.
import { Accordion, Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommentSections_CommentFragment } from '../../../__generated__/graphql';
import { CommentList } from './CommentList';
import { CommentMap } from './CommentMap';
import { sectionHeadingKey, SECTIONS, type Section } from './commentRules';

export type CommentView = 'list' | 'map';

/**
 * What the page shows beside the comments on one topic (the AI summary and translation panels); the
 * topic is the criterion's name.
 */
export type CommentTopicSlot = (topic: {
  comments: readonly CommentSections_CommentFragment[];
  name: string;
}) => ReactNode;

export function CommentSections({
  sections,
  trend,
  view,
  locale,
  besideTopic,
}: {
  sections: Record<Section, readonly CommentSections_CommentFragment[]>;
  trend: boolean;
  view: CommentView;
  locale: string;
  besideTopic?: CommentTopicSlot;
}) {
  const { t } = useTranslation('report');
  return (
    <Accordion multiple defaultValue={[]} variant="contained">
      {SECTIONS.map((section) => {
        const comments = sections[section];
        return (
          <Accordion.Item key={section} value={section}>
            <Accordion.Control>
              <Group gap="sm">
                <Text fw={700} size="lg">
                  {t(`console.openComments.sections.${sectionHeadingKey(section, trend)}`)}
                </Text>
                <Badge variant="light" color="gray" tt="none">
                  {t('console.openComments.count', { count: comments.length })}
                </Badge>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              {comments.length === 0 ? (
                <Text c="dimmed">{t('console.openComments.empty')}</Text>
              ) : view === 'list' ? (
                <CommentList comments={comments} locale={locale} besideTopic={besideTopic} />
              ) : (
                <CommentMap comments={comments} locale={locale} besideTopic={besideTopic} />
              )}
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}
