// The survey's newest invitation or reminder run under the participants' heading: n of N sent,
// failures, waiting. The mails go out behind the send (docs/scaling.md), so the line polls while
// the run has mails pending and stops once it is finished.
import { Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMailRunStatusQuery } from '../../../__generated__/graphql';

const POLL_MS = 1000;

export function MailRunStatus({ surveyId }: { surveyId: string }) {
  const { t } = useTranslation();
  const { data, startPolling, stopPolling } = useMailRunStatusQuery({
    variables: { surveyId },
    fetchPolicy: 'cache-and-network',
  });
  const run = data?.survey?.latestMailRun;
  const pending = run?.finished === false;
  useEffect(() => {
    if (!pending) return undefined;
    startPolling(POLL_MS);
    return stopPolling;
  }, [pending, startPolling, stopPolling]);
  if (!run || run.total === 0) return null;
  return (
    <Text size="sm" c={run.failed > 0 ? 'red.8' : 'dimmed'} data-testid="mail-run-status">
      {t(`participants.send.latest.${run.kind === 'REMINDER' ? 'reminder' : 'invitation'}`, {
        sent: run.sent,
        total: run.total,
        failed: run.failed,
        pending: run.pending,
      })}
    </Text>
  );
}
