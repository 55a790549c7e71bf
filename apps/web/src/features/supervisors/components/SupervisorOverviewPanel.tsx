// The chosen survey's part of the Supervisors page: the whole survey's index, the send control with
// its progress, and the units table. While a run is going the overview is polled. The overview's
// indexes are gated: while the survey's gate is built the page says the results are being prepared
// and reads again on its own (useReportRead), as the report pages do.
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useSupervisorsRoute_OverviewQuery,
  useSupervisorsRoute_SendMutation,
  type Role,
  type SupervisorsRoute_OverviewQuery,
} from '../../../__generated__/graphql';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { fieldErrorsMessage, useErrorMessage } from '../../../lib/errors';
import { ResultsPreparingNotice, useReportRead } from '../../reports';
import { maySend, reasonKey, running } from '../supervisorRules';
import { SupervisorTable } from './SupervisorTable';

type Overview = NonNullable<SupervisorsRoute_OverviewQuery['supervisorOverview']>;

const POLL_MS = 1500;

export function SupervisorOverviewPanel(props: {
  surveyId: string;
  role: Role;
  /** The viewer's account id (a User may open the packages of the units they supervise). */
  meId: string | null;
  level: number | null;
  withoutSupervisor: boolean;
}) {
  const { data, error, loading, startPolling, stopPolling, refetch } =
    useSupervisorsRoute_OverviewQuery({
      variables: {
        surveyId: props.surveyId,
        level: props.level,
        withoutSupervisor: props.withoutSupervisor,
      },
      fetchPolicy: 'cache-and-network',
    });
  const read = useReportRead({ loading, error, refetch });
  const overview = read.preparing ? null : (data?.supervisorOverview ?? null);
  const active = running(overview?.run);
  useEffect(() => {
    if (active) startPolling(POLL_MS);
    else stopPolling();
    return stopPolling;
  }, [active, startPolling, stopPolling]);

  return (
    <Stack gap="md">
      <ErrorAlert message={read.error} />
      {read.preparing && <ResultsPreparingNotice />}
      {overview && (
        <>
          <CompanyIndex overview={overview} />
          {maySend(props.role) && (
            <SendControl overview={overview} onStarted={() => void refetch()} />
          )}
          {!maySend(props.role) && overview.run && <RunProgress run={overview.run} />}
          <SupervisorTable overview={overview} viewer={{ id: props.meId, role: props.role }} />
        </>
      )}
    </Stack>
  );
}

function CompanyIndex({ overview }: { overview: Overview }) {
  const { t } = useTranslation();
  const { lIndex, suppressedBecause } = overview.companyIndex;
  return (
    <Text>
      {lIndex !== null && lIndex !== undefined
        ? t('supervisors.companyIndex', { value: lIndex.toFixed(1) })
        : suppressedBecause
          ? `${t('supervisors.companyIndexLabel')}: ${t(reasonKey(suppressedBecause))}`
          : t('supervisors.indexAfterEnd')}
      {overview.trend && ` · ${t('supervisors.trend')}`}
    </Text>
  );
}

function RunProgress({ run }: { run: NonNullable<Overview['run']> }) {
  const { t } = useTranslation();
  const value = run.total > 0 ? (100 * run.done) / run.total : 100;
  return (
    <Stack gap={4} aria-live="polite">
      <Text size="sm">
        {run.finishedAt
          ? t('supervisors.runDone', { sent: run.sent, total: run.total })
          : t('supervisors.progress', { done: run.done, total: run.total })}
      </Text>
      <Progress value={value} aria-label={t('supervisors.progressLabel')} />
    </Stack>
  );
}

function SendControl(props: { overview: Overview; onStarted: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [send, sending] = useSupervisorsRoute_SendMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const { overview } = props;
  const start = async () => {
    setProblem(null);
    try {
      const result = await send({ variables: { surveyId: overview.surveyId } });
      const outcome = result.data?.sendSupervisorPackages;
      if (!outcome?.ok) setProblem(fieldErrorsMessage(outcome?.fieldErrors ?? [], t));
      else props.onStarted();
    } catch (failure) {
      setProblem(errorMessage(failure));
    }
  };
  return (
    <Stack gap="xs">
      <Group>
        <Button
          leftSection={<IconSend size={16} aria-hidden />}
          onClick={() => void start()}
          loading={sending.loading}
          disabled={!overview.hasEnded || running(overview.run)}
        >
          {t('supervisors.send')}
        </Button>
        {!overview.hasEnded && (
          <Text size="sm" c="dimmed">
            {t('supervisors.sendAfterEnd')}
          </Text>
        )}
      </Group>
      {problem && <Alert color="red">{problem}</Alert>}
      {overview.run && <RunProgress run={overview.run} />}
    </Stack>
  );
}
