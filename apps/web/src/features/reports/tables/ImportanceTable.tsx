// The importance ranking as a table: place, topic and the share of respondents who picked it in each
// compared set or group, with a bar so the order reads at a glance. Suppressed sets show a note.
import { Box, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportanceTable_ReportFragment } from '../../../__generated__/graphql';
import { SERIES_COLORS } from '../charts/theme';
import { SuppressedNote } from '../components/SuppressedNote';
import { formatShare } from '../format';
import type { ImportanceLabels } from './tablesPdf';

type Row = ImportanceTable_ReportFragment['criteria'][number];

/** The texts the PDF of a ranking needs, in the UI language. */
export function useImportanceLabels(): ImportanceLabels {
  const { t } = useTranslation('report');
  return {
    place: t('console.tables.place'),
    topic: t('console.tables.topic'),
    explained: t('console.tables.shareExplained'),
    suppressed: t('console.common.suppressed'),
  };
}

function ShareBar({ value, color }: { value: number | null; color: string | undefined }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Box
        aria-hidden
        h={10}
        w={`${Math.max(0, Math.min(100, value ?? 0)) * 1.2}px`}
        bg={color}
        style={{ borderRadius: 2, flexShrink: 0 }}
      />
      <Text size="sm">{formatShare(value)}</Text>
    </Group>
  );
}

export function ImportanceTable({
  report,
  rows,
}: {
  report: ImportanceTable_ReportFragment;
  /** The rows to show (a slice of `report.criteria`). */
  rows: readonly Row[];
}) {
  const { t } = useTranslation('report');
  const [first, second] = report.datasets;
  const compared = second !== undefined && !second.suppressed;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('console.tables.shareExplained')}
      </Text>
      {report.datasets.map((dataset) =>
        dataset.suppressed ? (
          <SuppressedNote
            key={dataset.name}
            name={dataset.name}
            reason={dataset.suppressedBecause}
          />
        ) : (
          <Text key={dataset.name} size="sm">
            {t('console.tables.respondents', {
              name: dataset.name,
              count: dataset.participants ?? 0,
            })}
          </Text>
        ),
      )}
      {first && !first.suppressed && rows.length === 0 && (
        <Text c="dimmed">{t('console.tables.noTopics')}</Text>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer
          minWidth={480}
          scrollAreaProps={{
            viewportProps: {
              tabIndex: 0,
              role: 'region',
              'aria-label': t('console.tables.tableLabel'),
            },
          }}
        >
          <Table striped highlightOnHover aria-label={t('console.tables.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('console.tables.place')}</Table.Th>
                <Table.Th scope="col">{t('console.tables.topic')}</Table.Th>
                <Table.Th scope="col">{first?.name}</Table.Th>
                {compared && <Table.Th scope="col">{second.name}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.criterion.id}>
                  <Table.Td>{row.rank}</Table.Td>
                  <Table.Th scope="row" fw="normal">
                    {row.criterion.name}
                  </Table.Th>
                  <Table.Td>
                    <ShareBar value={row.share} color={SERIES_COLORS[0]} />
                  </Table.Td>
                  {compared && (
                    <Table.Td>
                      <ShareBar value={row.compareShare} color={SERIES_COLORS[1]} />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
