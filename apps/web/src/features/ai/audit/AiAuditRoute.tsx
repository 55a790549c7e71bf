// /ai-audit (Admin only): every call that sent something to the AI provider, newest first: who,
// when, which survey, how many comments and tokens left (docs/ai.md "What data leaves the system").
// With the built-in engine nothing leaves, and the page says so.
import { Alert, Badge, Loader, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useAiAuditRouteQuery } from '../../../__generated__/graphql';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useErrorMessage } from '../../../lib/errors';
import { usePageTitle } from '../../../lib/usePageTitle';

/** The newest this many calls. */
export const AUDIT_TAKE = 200;

export function AiAuditRoute() {
  const { t } = useTranslation('ai');
  const errorMessage = useErrorMessage();
  usePageTitle(t('audit.title'));
  const { data, loading, error } = useAiAuditRouteQuery({
    variables: { take: AUDIT_TAKE },
    fetchPolicy: 'network-only',
  });
  const entries = data?.aiAudit ?? [];
  return (
    <Stack gap="md">
      <Title order={1}>{t('audit.title')}</Title>
      <Text c="dimmed">{t('audit.description', { count: AUDIT_TAKE })}</Text>
      {error && <ErrorAlert message={errorMessage(error)} />}
      {loading && <Loader aria-label={t('audit.loading')} />}
      {!loading && !error && entries.length === 0 && <Alert color="gray">{t('audit.empty')}</Alert>}
      {entries.length > 0 && (
        <ScrollArea type="auto">
          <Table striped highlightOnHover aria-label={t('audit.table')} miw={720}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('audit.when')}</Table.Th>
                <Table.Th>{t('audit.who')}</Table.Th>
                <Table.Th>{t('audit.survey')}</Table.Th>
                <Table.Th>{t('audit.operation')}</Table.Th>
                <Table.Th ta="right">{t('audit.comments')}</Table.Th>
                <Table.Th ta="right">{t('audit.tokens')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => {
                const failed = entry.operation.endsWith(':failed');
                return (
                  <Table.Tr key={entry.id}>
                    <Table.Td>{dayjs(entry.at).format('YYYY-MM-DD HH:mm')}</Table.Td>
                    <Table.Td>
                      {entry.userName ?? t('audit.system')}
                      {entry.userEmail && (
                        <Text size="xs" c="dimmed">
                          {entry.userEmail}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{entry.surveyName ?? t('audit.deletedSurvey')}</Table.Td>
                    <Table.Td>
                      {entry.operation.replace(/:failed$/, '')}
                      {failed && (
                        <Badge color="red" variant="light" ml="xs">
                          {t('audit.failed')}
                        </Badge>
                      )}
                      <Text size="xs" c="dimmed">
                        {entry.model}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{entry.commentIds.length}</Table.Td>
                    <Table.Td ta="right">
                      {t('audit.tokenCounts', {
                        input: entry.inputTokens,
                        output: entry.outputTokens,
                      })}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}

export { AiAuditRoute as Component };
