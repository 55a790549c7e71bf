// "Chat with Survey" (playground): the search index buttons, a question and the number of comments to
// fetch (1..100, default 15), checked before asking; a failed search says so.
import { RESPONDENT_CONTENT } from '../../../lib/respondent';
import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useChatPanel_AskMutation,
  type ChatPanel_AskMutation,
} from '../../../__generated__/graphql';
import { SearchIndexControls } from '../search-index/SearchIndexControls';
import { ProducedByNote } from '../summaries/ProducedByNote';
import {
  CHAT_DEFAULT_AMOUNT,
  CHAT_MAX_AMOUNT,
  CHAT_MIN_AMOUNT,
  CHAT_SIMILARITY,
  chatInputProblem,
  type ChatInputProblem,
} from './playgroundRules';

type Answer = ChatPanel_AskMutation['askSurvey'];

export function ChatPanel({ surveyId, language }: { surveyId: string; language: string }) {
  const { t } = useTranslation('ai');
  const [question, setQuestion] = useState('');
  const [amount, setAmount] = useState<number | string>(CHAT_DEFAULT_AMOUNT);
  const [problem, setProblem] = useState<ChatInputProblem | null>(null);
  const [failed, setFailed] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [ask, { loading }] = useChatPanel_AskMutation();

  const search = async () => {
    const found = chatInputProblem(question, amount);
    setProblem(found);
    if (found) return;
    setFailed(false);
    try {
      const result = await ask({
        variables: {
          input: {
            surveyId,
            question: question.trim(),
            amount: Number(amount),
            searchType: 'HYBRID',
            similarityThreshold: CHAT_SIMILARITY,
            unitIds: [],
            datasources: [],
            language,
          },
        },
      });
      setAnswer(result.data?.askSurvey ?? null);
    } catch {
      setAnswer(null);
      setFailed(true);
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="playground-chat">
      <Stack gap="md">
        <Title order={2} size="h3" id="playground-chat">
          {t('playground.chatTitle')}
        </Title>
        <SearchIndexControls surveyId={surveyId} />
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void search();
          }}
        >
          <Stack gap="sm">
            <Textarea
              label={t('playground.question')}
              value={question}
              onChange={(event) => setQuestion(event.currentTarget.value)}
              rows={3}
            />
            <Group align="flex-end">
              <NumberInput
                label={t('playground.amount')}
                value={amount}
                onChange={setAmount}
                min={CHAT_MIN_AMOUNT}
                max={CHAT_MAX_AMOUNT}
                clampBehavior="none"
                allowDecimal={false}
                w={220}
              />
              <Button type="submit" loading={loading}>
                {loading ? t('playground.searching') : t('playground.search')}
              </Button>
            </Group>
          </Stack>
        </form>
        {problem && (
          <Alert color="yellow" variant="light" role="alert">
            {t(`playground.${problem}`)}
          </Alert>
        )}
        {failed && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {t('playground.searchFailed')}
          </Alert>
        )}
        {answer && <ChatAnswer answer={answer} />}
      </Stack>
    </Paper>
  );
}

function ChatAnswer({ answer }: { answer: Answer }) {
  const { t } = useTranslation('ai');
  return (
    <Stack gap="xs" aria-live="polite">
      <ProducedByNote producedBy={answer.producedBy} />
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {answer.answer}
      </Text>
      {answer.entities.length > 0 && (
        <Group gap={4}>
          {answer.entities.map((entity) => (
            <Badge key={entity} variant="outline" color="gray" tt="none">
              {entity}
            </Badge>
          ))}
        </Group>
      )}
      <Text size="xs" c="dimmed">
        {t('playground.commentsUsed', { count: answer.comments.length })}
      </Text>
      <Stack gap={4} component="ol" style={{ paddingLeft: '1.25rem', margin: 0 }}>
        {answer.comments.map((comment) => (
          <Text key={comment.id} size="sm" component="li">
            <span {...RESPONDENT_CONTENT}>{comment.text}</span>{' '}
            <Text span size="xs" c="dimmed">
              ({comment.criterion})
            </Text>
            {/* One hit stands for its identical and near-identical texts, as on the Ask page. */}
            {comment.count > 1 && (
              <>
                {' '}
                <Badge variant="light" color="gray" tt="none" data-testid="chat-count">
                  {t('ask.sameText', { count: comment.count })}
                </Badge>
              </>
            )}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}
