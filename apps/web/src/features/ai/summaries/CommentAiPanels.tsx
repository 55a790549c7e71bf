// The summary and translation panels beside the comments on one topic (the open comments page's
// criterion groups and the distribution map's criterion view). Shown by role and survey settings
// (reporting.md section 6): the server answers what this user may use; neither allowed, nothing shown.
import { Button, Group, Stack } from '@mantine/core';
import { IconLanguage, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useCommentAiPanels_CapabilitiesQuery,
  useCommentAiPanels_SummarizeMutation,
  useCommentAiPanels_TranslateMutation,
} from '../../../__generated__/graphql';
import { readApiError } from '../../../lib/errors';
import { languageName, translationSupported } from '../translation/translationRules';
import { type TranslationData, TranslationResult } from '../translation/TranslationResult';
import { anyRunning, IDLE, stateFor, type PanelState, type TopicState } from './panelState';
import { type SummaryData, SummaryResult } from './SummaryResult';

/** The server's limits: at most 500 comments to summarise and 200 to translate. */
const SUMMARY_MAX = 500;
const TRANSLATION_MAX = 200;

export interface CommentAiPanelsProps {
  surveyId: string;
  /** The comments on the topic, as the page shows them. */
  comments: readonly { id: string }[];
  /**
   * The ids of the topic's comments up to `max`, read for the request: the open comments page shows
   * a page at a time, and the summary and translation take the topic's comments as before, not only
   * those loaded. Without it, `comments`.
   */
  readIds?: ((max: number) => Promise<readonly string[]>) | undefined;
  /** What the comments are about (the criterion's name); a new topic resets both panels. */
  topic: string;
  /** The report language: the summary's and the translation's language. */
  language: string;
}

export function CommentAiPanels({
  surveyId,
  comments,
  readIds,
  topic,
  language,
}: CommentAiPanelsProps) {
  const { t, i18n } = useTranslation('ai');
  const capabilities = useCommentAiPanels_CapabilitiesQuery({ variables: { surveyId } });
  const [summarize] = useCommentAiPanels_SummarizeMutation();
  const [translate] = useCommentAiPanels_TranslateMutation();
  const [summaryHeld, setSummary] = useState<TopicState<SummaryData>>({ topic, state: IDLE });
  const [translationHeld, setTranslation] = useState<TopicState<TranslationData>>({
    topic,
    state: IDLE,
  });
  const summary = stateFor(summaryHeld, topic);
  const translation = stateFor(translationHeld, topic);

  const allowed = capabilities.data?.survey?.aiCapabilities;
  if (!allowed || (!allowed.summarization && !allowed.translation) || comments.length === 0)
    return null;
  const busy = anyRunning(summary, translation);
  const ids = (max: number) =>
    readIds ? readIds(max) : Promise.resolve(comments.slice(0, max).map((comment) => comment.id));

  const runSummary = async () => {
    const set = (state: PanelState<SummaryData>) => setSummary({ topic, state });
    set({ status: 'loading' });
    try {
      const result = await summarize({
        variables: { surveyId, commentIds: [...(await ids(SUMMARY_MAX))], language, topic },
      });
      if (!result.data) throw new Error('no summary');
      set({ status: 'success', data: result.data.summarizeComments });
    } catch {
      set({ status: 'error', message: t('summary.error') });
    }
  };

  const runTranslation = async () => {
    const set = (state: PanelState<TranslationData>) => setTranslation({ topic, state });
    const unsupported = t('translation.unsupported', {
      language: languageName(language, i18n.language),
    });
    if (!translationSupported(language)) return set({ status: 'error', message: unsupported });
    set({ status: 'loading' });
    try {
      const result = await translate({
        variables: { surveyId, commentIds: [...(await ids(TRANSLATION_MAX))], language },
      });
      if (!result.data) throw new Error('no translation');
      set({ status: 'success', data: result.data.translateComments });
    } catch (error) {
      const refused =
        readApiError(error).code === 'BAD_USER_INPUT' && !translationSupported(language);
      set({ status: 'error', message: refused ? unsupported : t('translation.error') });
    }
  };

  return (
    <Stack gap="xs" role="group" aria-label={t('summary.panelLabel', { topic })} mt="xs">
      <Group gap="xs">
        {allowed.summarization && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconSparkles size={14} aria-hidden />}
            disabled={busy}
            onClick={() => void runSummary()}
          >
            {t('summary.summarize')}
          </Button>
        )}
        {allowed.translation && (
          <Button
            size="xs"
            variant="light"
            color="grape"
            leftSection={<IconLanguage size={14} aria-hidden />}
            disabled={busy}
            onClick={() => void runTranslation()}
          >
            {t('translation.translate')}
          </Button>
        )}
      </Group>
      {allowed.summarization && <SummaryResult state={summary} />}
      {allowed.translation && <TranslationResult state={translation} />}
    </Stack>
  );
}

export { CommentAiPanels as default };
