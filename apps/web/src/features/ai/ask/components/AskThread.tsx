// A thread of questions: the newest answer in full (its comments shown, its follow-ups), the earlier
// ones of the thread below it, newest first, with their comments behind the show button.
import { Alert, Button, Divider, Stack, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENTS_PER_GROUP, groupBySentiment, type Sentiment } from '../rules';
import { AskAnswerBlock } from './AskAnswerBlock';
import { AskCommentGroups, type CommentFocus } from './AskCommentGroups';
import { FollowUps } from './FollowUps';
import type { AskAnswer } from './types';

export interface Turn {
  question: string;
  answer: AskAnswer;
}

interface AskThreadProps {
  turns: readonly Turn[];
  trend: boolean;
  surveyId: string;
  showSources: boolean;
  running: boolean;
  onFollowUp: (question: string) => void;
}

export function AskThread({ turns, running, onFollowUp, ...common }: AskThreadProps) {
  const { t } = useTranslation('ai');
  const current = turns.at(-1);
  if (!current) return null;
  const earlier = turns
    .slice(0, -1)
    .map((turn, index) => ({ turn, index }))
    .reverse();
  return (
    <Stack gap="lg">
      <TurnView
        key={`${turns.length - 1}:${current.question}`}
        turn={current}
        scope={`t${turns.length - 1}`}
        current
        {...common}
      />
      <FollowUps
        questions={current.answer.followUpQuestions}
        disabled={running}
        onAsk={onFollowUp}
      />
      {earlier.length > 0 && (
        <Stack gap="md" component="section" aria-labelledby="ask-thread">
          <Divider />
          <Title order={2} size="h4" id="ask-thread">
            {t('ask.thread')}
          </Title>
          {earlier.map(({ turn, index }) => (
            <TurnView
              key={`${index}:${turn.question}`}
              turn={turn}
              scope={`t${index}`}
              {...common}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

interface TurnViewProps {
  turn: Turn;
  scope: string;
  current?: boolean;
  trend: boolean;
  surveyId: string;
  showSources: boolean;
}

function TurnView({ turn, scope, current = false, ...groups }: TurnViewProps) {
  const { t } = useTranslation('ai');
  const [shown, setShown] = useState(current);
  const [focus, setFocus] = useState<CommentFocus | null>(null);
  const [expanded, setExpanded] = useState<Sentiment[]>([]);
  const count = turn.answer.comments.length;
  const toggle = (sentiment: Sentiment) =>
    setExpanded((list) =>
      list.includes(sentiment) ? list.filter((each) => each !== sentiment) : [...list, sentiment],
    );
  const cite = (id: string) => {
    setShown(true);
    // A comment beyond the first 4 of its group opens the group.
    const group = groupBySentiment(turn.answer.comments).find((each) =>
      each.comments.some((comment) => comment.id === id),
    );
    const place = group?.comments.findIndex((comment) => comment.id === id) ?? -1;
    if (group && place >= COMMENTS_PER_GROUP && !expanded.includes(group.sentiment))
      setExpanded((list) => [...list, group.sentiment]);
    setFocus((previous) => ({ id, nonce: (previous?.nonce ?? 0) + 1 }));
  };
  return (
    <Stack gap="sm">
      <AskAnswerBlock
        question={turn.question}
        answer={turn.answer}
        scope={scope}
        onCite={cite}
        headingLevel={current ? 2 : 3}
      />
      {count === 0 ? (
        <Alert color="yellow" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t('ask.errors.noComments')}
        </Alert>
      ) : (
        <>
          <Button
            variant="default"
            size="compact-md"
            w="fit-content"
            aria-expanded={shown}
            onClick={() => setShown((open) => !open)}
          >
            {shown ? t('ask.hideComments') : t('ask.showComments', { count })}
          </Button>
          {shown && (
            <AskCommentGroups
              comments={turn.answer.comments}
              scope={scope}
              focus={focus}
              expanded={expanded}
              onToggle={toggle}
              {...groups}
            />
          )}
        </>
      )}
    </Stack>
  );
}
