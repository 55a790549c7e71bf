// The questionnaire's steps: an intro, then each step with a progress indicator, saving as the person
// goes (on every step change, and a moment after each change), validation that names what is
// missing, and the thank-you page with the survey's end message.
import { Alert, Button, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useQuestionnaireRoute_FinishMutation,
  useQuestionnaireRoute_SaveDraftMutation,
  type QuestionnaireStatus,
} from '../../../__generated__/graphql';
import { currentLanguage } from '../../../lib/i18n/i18n';
import {
  fromServer,
  missingIn,
  resumeStep,
  stepOfField,
  stepsOf,
  toInput,
  type Draft,
  type Loaded,
  type Missing,
  type Questions,
  type StepName,
} from '../model';
import { BackgroundStep } from './BackgroundStep';
import { CommentsStep } from './CommentsStep';
import { ImportantStep } from './ImportantStep';
import { OverallStep } from './OverallStep';
import { RealizationStep } from './RealizationStep';
import { DonePage, StatusPage } from './StatusPage';
import type { StepProps } from './stepProps';
import { TrendStep } from './TrendStep';

const STEP_COMPONENTS: Record<StepName, (props: StepProps) => React.JSX.Element> = {
  background: BackgroundStep,
  important: ImportantStep,
  realization: RealizationStep,
  overall: OverallStep,
  comments: CommentsStep,
  trend: TrendStep,
};

/** How long after the last change the draft is saved. */
const AUTOSAVE_MS = 1500;

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';
type Problem = { missing: Missing[] } | { server: string[] };

const STATUS_PAGES: Partial<
  Record<QuestionnaireStatus, 'notStarted' | 'ended' | 'answered' | 'notInvited'>
> = {
  NOT_STARTED: 'notStarted',
  ENDED: 'ended',
  ANSWERED: 'answered',
  NOT_INVITED: 'notInvited',
};

export function QuestionnaireForm({
  token,
  loaded,
  questions,
}: {
  token: string;
  loaded: Loaded;
  questions: Questions;
}) {
  const { t } = useTranslation('questionnaire');
  const steps = stepsOf(questions);
  const [draft, setDraft] = useState<Draft>(() => fromServer(loaded.answers));
  const [step, setStep] = useState(-1); // -1: the intro
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [closed, setClosed] = useState<QuestionnaireStatus | null>(null);
  const [endMessage, setEndMessage] = useState<string | null>(null);
  const dirty = useRef(false);
  const latest = useRef(draft);
  useEffect(() => {
    latest.current = draft;
  }, [draft]);
  const heading = useRef<HTMLHeadingElement>(null);
  const [saveDraft] = useQuestionnaireRoute_SaveDraftMutation();
  const [finish, { loading: finishing }] = useQuestionnaireRoute_FinishMutation();

  const save = useCallback(async () => {
    if (!dirty.current) return;
    dirty.current = false;
    setSaveState('saving');
    try {
      const { data } = await saveDraft({
        variables: { token, answers: toInput(latest.current), languageCode: currentLanguage() },
      });
      const result = data?.saveQuestionnaireDraft;
      if (result && !result.ok && result.status !== 'OPEN') setClosed(result.status);
      setSaveState(result?.ok ? 'saved' : 'failed');
    } catch {
      dirty.current = true; // tried again with the next change or step
      setSaveState('failed');
    }
  }, [saveDraft, token]);

  const change = useCallback((update: (d: Draft) => Draft) => {
    dirty.current = true;
    setDraft((d) => update(d));
    setProblem(null);
  }, []);

  useEffect(() => {
    if (!dirty.current) return undefined;
    const timer = setTimeout(() => void save(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [draft, save]);

  // A new step starts at its heading, for the eyes and for screen readers.
  useEffect(() => {
    if (step < 0) return;
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, [step]);

  const goTo = (index: number) => {
    void save();
    setProblem(null);
    setStep(index);
  };

  const next = () => {
    const name = steps[step];
    const missing = name ? missingIn(name, draft, questions) : [];
    if (missing.length > 0) {
      setProblem({ missing });
      return;
    }
    goTo(step + 1);
  };

  const send = async () => {
    const firstIncomplete = steps.findIndex((name) => missingIn(name, draft, questions).length > 0);
    if (firstIncomplete >= 0) {
      const name = steps[firstIncomplete];
      setStep(firstIncomplete);
      setProblem({ missing: name ? missingIn(name, draft, questions) : [] });
      return;
    }
    try {
      const { data } = await finish({
        variables: { token, answers: toInput(draft), languageCode: currentLanguage() },
      });
      const result = data?.finishQuestionnaire;
      if (result?.ok) {
        dirty.current = false;
        setEndMessage(result.endMessage ?? '');
      } else if (result && result.status !== 'OPEN') {
        setClosed(result.status);
      } else if (result) {
        const first = result.fieldErrors[0];
        if (first) setStep(Math.max(0, steps.indexOf(stepOfField(first.field))));
        setProblem({
          server: result.fieldErrors.map((e) =>
            t(`errors.${e.message.replace(/^questionnaire\.errors\./, '')}` as 'errors.generic', {
              defaultValue: t('errors.generic'),
            }),
          ),
        });
      }
    } catch {
      setProblem({ server: [t('errors.generic')] });
    }
  };

  if (endMessage !== null) return <DonePage endMessage={endMessage} />;
  const statusPage = closed ? STATUS_PAGES[closed] : undefined;
  if (statusPage) return <StatusPage kind={statusPage} />;

  if (step < 0) {
    const started = loaded.answers !== null;
    return (
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('intro.heading', { survey: loaded.surveyName })}
          </Title>
          <Text>{t('intro.text', { company: loaded.companyName })}</Text>
          <Text size="sm" c="dimmed">
            {t('continueLater')}
          </Text>
          <Button
            size="md"
            onClick={() => setStep(started ? resumeStep(steps, draft, questions) : 0)}
            style={{ alignSelf: 'flex-start' }}
          >
            {started ? t('intro.continue') : t('intro.start')}
          </Button>
        </Stack>
      </Paper>
    );
  }

  const name = steps[step] ?? 'important';
  const Step = STEP_COMPONENTS[name];
  const last = step === steps.length - 1;
  return (
    <Stack gap="md">
      <div>
        <Group justify="space-between" mb={6}>
          <Text size="sm" fw={600}>
            {t('progress', { step: step + 1, total: steps.length })}
          </Text>
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            {saveState === 'saving' ? t('saving') : saveState === 'saved' ? t('saved') : ''}
          </Text>
        </Group>
        <Progress.Root size="md">
          <Progress.Section
            value={((step + 1) / steps.length) * 100}
            aria-label={t('progressLabel')}
          />
        </Progress.Root>
      </div>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Title order={1} size="h2" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
            {t(`steps.${name}`)}
          </Title>
          <Step draft={draft} questions={questions} change={change} />
        </Stack>
      </Paper>
      {saveState === 'failed' && (
        <Alert color="yellow" role="status">
          {t('saveFailed')}
        </Alert>
      )}
      {problem && (
        <Alert color="red" role="alert" title={t('missing.title')}>
          <List size="sm">
            {'missing' in problem
              ? problem.missing.map((m) => <List.Item key={m.key}>{t(m.key, m.values)}</List.Item>)
              : problem.server.map((text, i) => <List.Item key={i}>{text}</List.Item>)}
          </List>
        </Alert>
      )}
      {/* On a narrow phone the forward button wraps above "Back", still on the right. */}
      <Group justify="space-between" wrap="wrap-reverse" gap="sm">
        <Button variant="default" size="md" onClick={() => goTo(step - 1)} disabled={step === 0}>
          {t('back')}
        </Button>
        {last ? (
          <Button size="md" ml="auto" onClick={() => void send()} loading={finishing}>
            {t('finish')}
          </Button>
        ) : (
          <Button size="md" ml="auto" onClick={next}>
            {t('next')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
