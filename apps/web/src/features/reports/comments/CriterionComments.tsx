// One criterion's comments in a section, a page at a time: the first page once the list nears the
// screen, then "Show more" with how many of the criterion's comments are shown.
import { Button, Group, List, Loader, Stack, Text } from '@mantine/core';
import type { CommentSections_CommentFragment } from '../../../__generated__/graphql';
import { RESPONDENT_CONTENT } from '../../../lib/respondent';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/errors';
import type { CriterionRef, Section } from './commentRules';
import type { CommentTopicSlot } from './CommentSections';
import { useCommentPages, useNearScreen, type CommentPageSource } from './useCommentPages';

export function CriterionComments({
  section,
  criterion,
  total,
  source,
  besideTopic,
}: {
  section: Section;
  criterion: CriterionRef;
  /** The criterion's count in the section (of the chosen range). */
  total: number;
  source: CommentPageSource;
  besideTopic?: CommentTopicSlot | undefined;
}) {
  const { t } = useTranslation('report');
  const message = useErrorMessage();
  const [ref, near] = useNearScreen<HTMLDivElement>();
  const pages = useCommentPages(source, section, criterion.id, near);
  const shown = pages.comments.length;
  return (
    <Stack gap="xs" ref={ref} data-criterion={criterion.id}>
      {shown > 0 && <CommentItems comments={pages.comments} />}
      {pages.loading && shown === 0 && <Loader size="xs" />}
      {pages.error !== null && (
        <Text c="red" size="sm" role="alert">
          {message(pages.error)}
        </Text>
      )}
      {pages.hasMore && (
        <Group gap="sm">
          <Button size="xs" variant="default" loading={pages.loading} onClick={pages.more}>
            {t('console.openComments.showMore')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('console.openComments.shownOf', { shown, total })}
          </Text>
        </Group>
      )}
      {besideTopic?.({ comments: pages.comments, readIds: pages.readIds, name: criterion.name })}
    </Stack>
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
        <List.Item key={comment.id || index} {...RESPONDENT_CONTENT}>
          {comment.text}
        </List.Item>
      ))}
    </List>
  );
}
