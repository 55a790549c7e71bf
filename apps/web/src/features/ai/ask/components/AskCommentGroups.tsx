// The comments an answer found, by sentiment (trend surveys: better, worse, important), 4 a group
// with show more/less, rank badges on the top 3, the number of comments with the same text when
// identical texts were collapsed into one hit, and (Admin) which survey each comment is from; no raw
// scores (the rank says it).
// A citation asks for a comment (its group opened by the caller): it scrolls into view with focus.
import { RESPONDENT_CONTENT } from '../../../../lib/respondent';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COMMENTS_PER_GROUP,
  commentAnchor,
  groupBySentiment,
  hasRankBadge,
  sentimentHeading,
  shownComments,
  type Sentiment,
} from '../rules';
import type { AskAnswerComment } from './types';

export interface CommentFocus {
  id: string;
  /** A new request for the same comment scrolls again. */
  nonce: number;
}

interface AskCommentGroupsProps {
  comments: readonly AskAnswerComment[];
  trend: boolean;
  surveyId: string;
  /** Keeps DOM ids apart between the answers of a thread. */
  scope: string;
  /** Datasource labels on the comment pills (Admin). */
  showSources: boolean;
  focus: CommentFocus | null;
  /** The groups showing all their comments. */
  expanded: readonly Sentiment[];
  onToggle: (sentiment: Sentiment) => void;
}

export function AskCommentGroups(props: AskCommentGroupsProps) {
  const { t } = useTranslation('ai');
  const groups = groupBySentiment(props.comments);
  const { expanded, focus } = props;
  useEffect(() => {
    if (!focus) return;
    const element = document.getElementById(commentAnchor(props.scope, focus.id));
    element?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    element?.focus({ preventScroll: true });
  }, [focus, props.scope]);

  return (
    <Stack gap="lg">
      {groups.map((group) => {
        const open = expanded.includes(group.sentiment);
        const headingId = `ask-${props.scope}-group-${group.sentiment}`;
        return (
          <section key={group.sentiment} aria-labelledby={headingId}>
            <Title order={3} size="h5" id={headingId} mb="xs">
              {t(`ask.sentiment.${sentimentHeading(group.sentiment, props.trend)}`)} (
              {group.comments.length})
            </Title>
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {shownComments(group.comments, open).map((comment) => (
                <Paper
                  key={comment.id}
                  component="li"
                  withBorder
                  p="sm"
                  id={commentAnchor(props.scope, comment.id)}
                  tabIndex={-1}
                  data-testid="ask-comment"
                  bg={focus?.id === comment.id ? 'var(--mantine-color-yellow-light)' : undefined}
                >
                  <Stack gap={6}>
                    <Text size="sm" {...RESPONDENT_CONTENT}>
                      {comment.text}
                    </Text>
                    <Group gap={6}>
                      {hasRankBadge(comment.rank) && (
                        <Badge color="teal.9" data-testid="ask-rank">
                          {t('ask.rank', { rank: comment.rank })}
                        </Badge>
                      )}
                      {comment.cited && (
                        <Badge variant="light" color="blue">
                          {t('ask.cited')}
                        </Badge>
                      )}
                      <Badge variant="outline" color="gray" tt="none">
                        {comment.criterion}
                      </Badge>
                      {comment.count > 1 && (
                        <Badge variant="light" color="gray" tt="none" data-testid="ask-count">
                          {t('ask.sameText', { count: comment.count })}
                        </Badge>
                      )}
                      {props.showSources && (
                        <>
                          <Badge variant="dot" color="grape" tt="none" data-testid="ask-source">
                            {comment.surveyId === props.surveyId
                              ? t('ask.sourceThis')
                              : t('ask.sourceBase')}
                          </Badge>
                        </>
                      )}
                    </Group>
                  </Stack>
                </Paper>
              ))}
            </Stack>
            {group.comments.length > COMMENTS_PER_GROUP && (
              <Button
                variant="subtle"
                size="compact-sm"
                mt="xs"
                aria-expanded={open}
                onClick={() => props.onToggle(group.sentiment)}
              >
                {open
                  ? t('ask.showLess')
                  : t('ask.showMore', { count: group.comments.length - COMMENTS_PER_GROUP })}
              </Button>
            )}
          </section>
        );
      })}
    </Stack>
  );
}
