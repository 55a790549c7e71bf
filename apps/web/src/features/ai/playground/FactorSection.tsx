// One comment type of the playground (positive, negative or neutral): every observation factor with
// its summary, "all factors" asking for them one after another, and the full summary.
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  usePlaygroundRoute_FullSummaryMutation,
  usePlaygroundRoute_SummarizeFactorMutation,
  type CommentType,
  type ProducedByNote_ProvenanceFragment,
} from '../../../__generated__/graphql';
import { readApiError } from '../../../lib/errors';
import { CopyButton } from '../summaries/CopyButton';
import { ProducedByNote } from '../summaries/ProducedByNote';
import { FactorRow } from './FactorRow';
import {
  type FactorState,
  type FactorStates,
  fullSummaryRefusal,
  idleFactors,
  OBSERVATION_FACTORS,
  RATE_LIMIT_RETRIES,
  RATE_LIMIT_WAIT_MS,
} from './playgroundRules';

type FullState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'refused'; message: string }
  | { status: 'done'; summary: string; factors: number; count: number }
  | { status: 'error'; message: string };

const SECTION_KEY = { POSITIVE: 'positive', NEGATIVE: 'negative', NEUTRAL: 'neutral' } as const;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function FactorSection({
  surveyId,
  type,
  language,
  rateLimitWaitMs = RATE_LIMIT_WAIT_MS,
}: {
  surveyId: string;
  type: CommentType;
  language: string;
  /** How long "all factors" waits before asking a rate-limited factor again. */
  rateLimitWaitMs?: number;
}) {
  const { t } = useTranslation('ai');
  const { t: tReport } = useTranslation('report');
  const [factors, setFactors] = useState<FactorStates>(idleFactors);
  const [full, setFull] = useState<FullState>({ status: 'idle' });
  const [producedBy, setProducedBy] = useState<ProducedByNote_ProvenanceFragment | null>(null);
  const [summarizeFactor] = usePlaygroundRoute_SummarizeFactorMutation();
  const [summarizeType] = usePlaygroundRoute_FullSummaryMutation();
  const heading = t(`playground.sections.${SECTION_KEY[type]}`);
  const headingId = `playground-${SECTION_KEY[type]}`;

  /**
   * One factor's summary; with `retries`, a RATE_LIMITED answer is asked again after a wait. Stable
   * across factor changes, so a finished factor re-renders its own row only (memoised FactorRow),
   * not all 31 of the section.
   */
  const summarizeOne = useCallback(
    async (id: number, retries = 0) => {
      const setFactor = (factor: number, state: FactorState) =>
        setFactors((current) => ({ ...current, [factor]: state }));
      setFactor(id, { status: 'loading' });
      for (let attempt = 0; ; attempt++) {
        try {
          const result = await summarizeFactor({
            variables: { surveyId, observationFactorId: id, type, language },
          });
          const summary = result.data?.summarizeObservationFactor;
          if (!summary) throw new Error(t('playground.noComments'));
          setProducedBy(summary.producedBy);
          setFactor(id, { status: 'done', summary: summary.text, count: summary.commentCount });
          return;
        } catch (error) {
          const { code, rawMessage } = readApiError(error);
          if (code === 'RATE_LIMITED' && attempt < retries) {
            await wait(rateLimitWaitMs);
            continue;
          }
          setFactor(id, { status: 'error', message: rawMessage });
          return;
        }
      }
    },
    [summarizeFactor, surveyId, type, language, t, rateLimitWaitMs],
  );
  const summarizeFromRow = useCallback((id: number) => void summarizeOne(id), [summarizeOne]);

  // Every factor shows loading at once; the requests go one after another.
  const summarizeAll = async () => {
    setFactors(
      Object.fromEntries(OBSERVATION_FACTORS.map((id) => [id, { status: 'loading' } as const])),
    );
    for (const id of OBSERVATION_FACTORS) await summarizeOne(id, RATE_LIMIT_RETRIES);
  };

  const summarizeFull = async () => {
    const refusal = fullSummaryRefusal(factors);
    if (refusal === 'whileLoading')
      return setFull({ status: 'refused', message: t('playground.fullWhileLoading') });
    if (refusal === 'noSummaries')
      return setFull({ status: 'refused', message: t('playground.fullNoSummaries') });
    setFull({ status: 'loading' });
    try {
      const result = await summarizeType({ variables: { surveyId, type, language } });
      const summary = result.data?.summarizeCommentType;
      if (!summary) throw new Error(t('playground.noFullSummary'));
      setProducedBy(summary.producedBy);
      setFull({
        status: 'done',
        summary: summary.text,
        factors: summary.observationFactorsUsed.length,
        count: summary.commentCount,
      });
    } catch (error) {
      setFull({ status: 'error', message: readApiError(error).rawMessage });
    }
  };

  const anyLoading = Object.values(factors).some((state) => state.status === 'loading');
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3" id={headingId}>
            {heading}
          </Title>
          <Button
            onClick={() => void summarizeAll()}
            loading={anyLoading}
            aria-label={t('playground.summarizeAllIn', { section: heading })}
          >
            {t('playground.summarizeAll')}
          </Button>
        </Group>
        {producedBy && <ProducedByNote producedBy={producedBy} />}
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {OBSERVATION_FACTORS.map((id) => (
            <FactorRow
              key={id}
              name={tReport(`criteria.${id}` as 'criteria.2')}
              state={factors[id] ?? { status: 'idle' }}
              id={id}
              onSummarize={summarizeFromRow}
            />
          ))}
        </Stack>
        <Paper withBorder p="sm" bg="gray.0">
          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={3} size="h5">
                {t('playground.fullSummary')}
              </Title>
              <Group gap={4}>
                {full.status === 'done' && full.summary && <CopyButton text={full.summary} />}
                <Button
                  size="compact-sm"
                  variant="light"
                  loading={full.status === 'loading'}
                  onClick={() => void summarizeFull()}
                >
                  {t('playground.createFullSummary')}
                </Button>
              </Group>
            </Group>
            <FullSummaryText state={full} />
          </Stack>
        </Paper>
      </Stack>
    </Paper>
  );
}

function FullSummaryText({ state }: { state: FullState }) {
  const { t } = useTranslation('ai');
  switch (state.status) {
    case 'idle':
    case 'loading':
      return (
        <Text size="sm" c="dimmed">
          {t('playground.notCreated')}
        </Text>
      );
    case 'refused':
      return (
        <Alert color="yellow" variant="light" role="alert">
          {state.message}
        </Alert>
      );
    case 'error':
      return (
        <Text size="sm" c="red.8" role="alert">
          {t('playground.errorPrefix', { message: state.message })}
        </Text>
      );
    case 'done':
      return state.summary === '' ? (
        <Text size="sm" c="dimmed">
          {t('playground.noFullSummary')}
        </Text>
      ) : (
        <Stack gap={2}>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {state.summary}
          </Text>
          <Text size="xs" c="dimmed">
            {t('playground.factorsUsed', { count: state.factors })} ·{' '}
            {t('playground.commentCount', { count: state.count })}
          </Text>
        </Stack>
      );
  }
}
