// The answer: its text with citation links, the searched entities, who produced it and how, a
// disclaimer that fits the engine, and the cited comments, each a link to the comment below.
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { answerParts, commentAnchor } from '../rules';
import { EngineLabel } from './EngineLabel';
import type { AskAnswer } from './types';

interface AskAnswerBlockProps {
  question: string;
  answer: AskAnswer;
  /** Keeps DOM ids apart between the answers of a thread. */
  scope: string;
  /** Brings a comment into view (shows and expands its group first). */
  onCite: (commentId: string) => void;
  headingLevel?: 2 | 3;
}

export function AskAnswerBlock(props: AskAnswerBlockProps) {
  const { question, answer, scope, onCite, headingLevel = 2 } = props;
  const { t } = useTranslation('ai');
  const byId = useMemo(
    () => new Map(answer.comments.map((comment) => [comment.id, comment])),
    [answer.comments],
  );
  const parts = useMemo(() => answerParts(answer.answer, new Set(byId.keys())), [answer, byId]);
  const cited = answer.comments.filter((comment) => comment.cited);
  const embedded = answer.producedBy.engine === 'EMBEDDED';
  const cite = (id: string, label: string) => (
    <Anchor
      href={`#${commentAnchor(scope, id)}`}
      onClick={(event) => {
        event.preventDefault();
        onCite(id);
      }}
      aria-label={t('ask.citation', { rank: byId.get(id)?.rank ?? '' })}
    >
      {label}
    </Anchor>
  );
  return (
    <Paper withBorder p="md" component="section" aria-label={t('ask.answer')}>
      <Stack gap="sm">
        <Title order={headingLevel} size="h4">
          {question}
        </Title>
        <EngineLabel producedBy={answer.producedBy} />
        <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="ask-answer">
          {parts.map((part, index) => (
            <Fragment key={index}>
              {part.commentId
                ? cite(part.commentId, `[${byId.get(part.commentId)?.rank ?? ''}]`)
                : part.text}
            </Fragment>
          ))}
        </Text>
        {cited.length > 0 && (
          <Group gap="xs" aria-label={t('ask.sources')} role="group">
            <Text size="sm" fw={500}>
              {t('ask.sources')}:
            </Text>
            {cited.map((comment) => (
              <Fragment key={comment.id}>{cite(comment.id, `[${comment.rank}]`)}</Fragment>
            ))}
          </Group>
        )}
        {answer.entities.length > 0 && (
          <Group gap="xs">
            <Text size="sm" fw={500}>
              {t('ask.entities')}:
            </Text>
            {answer.entities.map((entity) => (
              <Badge key={entity} variant="outline" color="gray" tt="none">
                {entity}
              </Badge>
            ))}
          </Group>
        )}
        {answer.agenticSteps !== null && answer.agenticSteps !== undefined && (
          <Text size="xs" c="dimmed">
            {t('ask.agenticSteps', { count: answer.agenticSteps })}
          </Text>
        )}
        <Text size="xs" c="dimmed" data-testid="ask-disclaimer">
          {embedded ? t('ask.disclaimerEmbedded') : t('ask.disclaimerProvider')}
        </Text>
      </Stack>
    </Paper>
  );
}
