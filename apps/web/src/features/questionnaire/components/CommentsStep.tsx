// Optional open comments: a topic (a criterion or "something else"), a kind and the text. In a trend
// survey the kinds read got better / got worse / important.
import {
  Button,
  CloseButton,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CommentType } from '../../../__generated__/graphql';
import { nextCommentKey, type DraftComment } from '../model';
import type { StepProps } from './stepProps';

const TYPES: CommentType[] = ['POSITIVE', 'NEGATIVE', 'NEUTRAL'];
const OTHER = 99;

export function CommentsStep({ draft, questions, change }: StepProps) {
  const { t } = useTranslation(['questionnaire', 'report']);
  const typeTexts = questions.trend ? 'comments.trendTypes' : 'comments.types';
  // The picked criteria first: that is what people usually want to talk about.
  const topics = [
    ...draft.important,
    ...questions.commentCriteria.filter((id) => !draft.important.includes(id)),
  ];

  const update = (key: number, patch: Partial<DraftComment>) =>
    change((d) => ({
      ...d,
      comments: d.comments.map((c) => (c.key === key ? { ...c, ...patch } : c)),
    }));

  const add = () =>
    change((d) => ({
      ...d,
      comments: [
        ...d.comments,
        {
          key: nextCommentKey(),
          criterionId: d.important[0] ?? OTHER,
          type: 'POSITIVE',
          text: '',
        },
      ],
    }));

  return (
    <Stack gap="md">
      <Text>{t('comments.intro')}</Text>
      {draft.comments.map((comment, index) => {
        const number = index + 1;
        return (
          <Paper
            key={comment.key}
            withBorder
            p="sm"
            radius="md"
            component="section"
            aria-label={t('comments.heading', { number })}
          >
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>{t('comments.heading', { number })}</Text>
                <CloseButton
                  aria-label={t('comments.remove', { number })}
                  onClick={() =>
                    change((d) => ({
                      ...d,
                      comments: d.comments.filter((c) => c.key !== comment.key),
                    }))
                  }
                />
              </Group>
              <NativeSelect
                label={t('comments.criterion')}
                value={String(comment.criterionId)}
                onChange={(event) =>
                  update(comment.key, { criterionId: Number(event.currentTarget.value) })
                }
                data={topics.map((id) => ({
                  value: String(id),
                  label: t(`report:criteria.${id}`, { defaultValue: String(id) }),
                }))}
              />
              <NativeSelect
                label={t('comments.type')}
                value={comment.type}
                onChange={(event) =>
                  update(comment.key, { type: event.currentTarget.value as CommentType })
                }
                data={TYPES.map((type) => ({
                  value: type,
                  label: t(
                    `${typeTexts}.${type.toLowerCase() as 'positive' | 'negative' | 'neutral'}`,
                  ),
                }))}
              />
              <Textarea
                label={t('comments.text')}
                value={comment.text}
                autosize
                minRows={3}
                maxLength={questions.commentMaxLength}
                onChange={(event) => update(comment.key, { text: event.currentTarget.value })}
                description={t('comments.counter', {
                  length: comment.text.length,
                  max: questions.commentMaxLength,
                })}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
              />
            </Stack>
          </Paper>
        );
      })}
      <Button variant="light" onClick={add} style={{ alignSelf: 'flex-start' }}>
        {t('comments.add')}
      </Button>
    </Stack>
  );
}
