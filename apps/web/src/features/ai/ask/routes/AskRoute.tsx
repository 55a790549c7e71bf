// The Ask page (/report/ask-kiddy?surveyId=..., reporting.md section 2): questions about a survey's
// open comments, answered from its search index. A question and its follow-ups form a thread whose
// questions the address keeps (`q`), so a shared link asks them again. Without a role, the survey
// or the tile rule's setting, the page sends the user to /report.
import { Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconSettings } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import {
  useAskRouteQuery,
  useAskRoute_AskMutation,
  type AskInput,
} from '../../../../__generated__/graphql';
import { readApiError } from '../../../../lib/errors';
import { getHref, paths } from '../../../../lib/paths';
import { useSession } from '../../../../lib/session/session';
import { usePageTitle } from '../../../../lib/usePageTitle';
import { UnitFilter, useReportQuery } from '../../../reports';
import { AskThread, type Turn } from '../components/AskThread';
import { AskErrorAlert } from '../components/AskErrorAlert';
import { AskSearchBox } from '../components/AskSearchBox';
import { AskSettingsPanel, type AskSettings } from '../components/AskSettingsPanel';
import {
  DEFAULT_AMOUNT,
  DEFAULT_THRESHOLD,
  amountAtSearch,
  askErrorKind,
  clampThreshold,
  mayAsk,
  questionProblem,
  seesExpertSettings,
  threadOf,
  withThread,
  type AskErrorKind,
  type QuestionProblem,
} from '../rules';

interface AskError {
  kind: AskErrorKind;
  /** Failed tries of the question so far (beyond the first). */
  retries: number;
  question: string;
  previous: readonly string[];
}

export function AskRoute() {
  const { t, i18n } = useTranslation('ai');
  usePageTitle(t('ask.title'));
  const { account } = useSession();
  const [params, setParams] = useSearchParams();
  const { filters, search, update } = useReportQuery();
  const surveyId = filters.surveyIds[0] ?? null;
  const language = filters.language ?? account?.language ?? i18n.language;
  const { data, loading, error } = useAskRouteQuery({
    variables: { surveyId: surveyId ?? '', language: filters.language },
    skip: !surveyId || !account,
  });
  const [askSurvey] = useAskRoute_AskMutation();

  const [question, setQuestion] = useState(params.getAll('q').at(-1) ?? '');
  const [problem, setProblem] = useState<QuestionProblem>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settings, setSettings] = useState<AskSettings>({
    amount: DEFAULT_AMOUNT,
    threshold: DEFAULT_THRESHOLD,
    searchType: 'HYBRID',
    agentic: false,
    datasources: [],
  });
  const [turns, setTurns] = useState<Turn[]>([]);
  const [running, setRunning] = useState(false);
  const [askError, setAskError] = useState<AskError | null>(null);

  const survey = data?.survey ?? null;
  const role = account?.role;
  const expert = role ? seesExpertSettings(role) : false;
  const unitsShown = survey?.company?.settings.restrictOpenCommentsByUnit === true;

  const run = useCallback(
    async (asked: string, retries = 0, previous: readonly string[] = []): Promise<boolean> => {
      if (!surveyId || !survey) return false;
      const available = survey.aiCapabilities.agentic;
      const agentic = available && (expert ? settings.agentic : true);
      const input: AskInput = {
        surveyId,
        question: asked.trim(),
        amount: amountAtSearch(settings.amount),
        similarityThreshold: clampThreshold(settings.threshold),
        language,
        ...(unitsShown && filters.units.length > 0 ? { unitIds: filters.units } : {}),
        // The Admin chooses; for the others the survey's agentic setting switches it on.
        ...(expert ? { searchType: settings.searchType } : {}),
        ...(agentic ? { agentic } : {}),
        ...(agentic && expert ? { datasources: settings.datasources } : {}),
        // Follow-ups carry the thread: the earlier questions narrow this one.
        ...(previous.length > 0 ? { previousQuestions: [...previous] } : {}),
      };
      setRunning(true);
      setAskError(null);
      try {
        const result = await askSurvey({ variables: { input } });
        const answer = result.data?.askSurvey;
        if (!answer) throw new Error('no answer');
        setTurns((list) => [...list, { question: asked, answer }]);
        return true;
      } catch (failure) {
        const kind = askErrorKind(readApiError(failure).code, retries);
        setAskError({ kind, retries: retries + 1, question: asked, previous });
        return false;
      } finally {
        setRunning(false);
      }
    },
    [askSurvey, expert, filters.units, language, settings, survey, surveyId, unitsShown],
  );

  // A shared link: ask the address's questions once, in order, when the survey has loaded.
  const replayed = useRef(false);
  useEffect(() => {
    if (replayed.current || !survey) return;
    replayed.current = true;
    const thread = threadOf(params);
    if (thread.length === 0) return;
    void (async () => {
      for (const [i, asked] of thread.entries())
        if (!(await run(asked, 0, thread.slice(0, i)))) return;
    })();
  }, [survey, params, run]);

  const setThread = (questions: string[]) =>
    setParams(withThread(params, questions), { replace: false });

  const askNew = () => {
    const found = questionProblem(question);
    setProblem(found);
    if (found) return;
    setTurns([]);
    setThread([question.trim()]);
    void run(question);
  };
  const askFollowUp = (followUp: string) => {
    setQuestion(followUp);
    setProblem(null);
    const earlier = turns.map((turn) => turn.question);
    setThread([...earlier, followUp]);
    window.scrollTo({ top: 0, behavior: 'smooth' });
    void run(followUp, 0, earlier);
  };

  const back = search ? `${getHref(paths.reports)}?${search}` : getHref(paths.reports);
  if (!account || !surveyId || error) return <Navigate to={back} replace />;
  if (loading || !data)
    return (
      <Group justify="center" p="xl">
        <Loader aria-label={t('ask.searching')} />
      </Group>
    );
  if (!survey || !mayAsk(account.role, survey) || !survey.aiCapabilities.ask)
    return <Navigate to={back} replace />;

  const units = data.reportFilterChoices?.units ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Anchor component={Link} to={back} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            {t('ask.back')}
          </Group>
        </Anchor>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconSettings size={16} aria-hidden />}
          aria-expanded={settingsOpen}
          aria-controls="ask-settings"
          onClick={() => setSettingsOpen((open) => !open)}
        >
          {settingsOpen ? t('ask.settingsHide') : t('ask.settingsShow')}
        </Button>
      </Group>
      <Stack gap={4}>
        <Title order={1}>{t('ask.title')}</Title>
        <Text c="dimmed">{t('ask.survey', { name: survey.name })}</Text>
      </Stack>
      {settingsOpen && (
        <div id="ask-settings">
          <AskSettingsPanel
            settings={settings}
            expert={expert}
            agenticAvailable={survey.aiCapabilities.agentic}
            onChange={(patch) => setSettings((current) => ({ ...current, ...patch }))}
          />
        </div>
      )}
      {unitsShown && units.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('ask.units')}
          </Text>
          <UnitFilter
            units={units}
            selected={filters.units}
            onChange={(chosen) => update({ units: chosen })}
            disabled={running}
          />
        </Stack>
      )}
      <AskSearchBox
        value={question}
        problem={problem}
        running={running}
        onChange={(value) => {
          setQuestion(value);
          setProblem(null);
        }}
        onSubmit={askNew}
      />
      {askError && (
        <AskErrorAlert
          kind={askError.kind}
          admin={role === 'ADMIN'}
          onRetry={() => void run(askError.question, askError.retries, askError.previous)}
          onClose={() => setAskError(null)}
        />
      )}
      {running && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('ask.searching')}</Text>
        </Group>
      )}
      <AskThread
        turns={turns}
        trend={Boolean(survey.baseSurveyId)}
        surveyId={survey.id}
        showSources={expert}
        running={running}
        onFollowUp={askFollowUp}
      />
    </Stack>
  );
}

export { AskRoute as Component };
