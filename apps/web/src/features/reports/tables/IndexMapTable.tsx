// The index map: a row per group of each chosen breakdown, a column per criterion plus the L-index.
// Each cell is shaded from white (the table's lowest value) to orange (100); empty cells stay white
// and suppressed groups say so across the row instead of showing numbers.
import { Box, Group, Table, Text } from '@mantine/core';
import { IconArrowsHorizontal } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { IndexMapTable_MapFragment, ReportGrouping } from '../../../__generated__/graphql';
import { SuppressedNote } from '../components/SuppressedNote';
import { formatIndex } from '../format';
import { minimumValue, shadeColor } from './indexMapShading';

const verticalHeader: CSSProperties = {
  writingMode: 'vertical-rl',
  transform: 'rotate(180deg)',
  whiteSpace: 'nowrap',
  fontWeight: 600,
  fontSize: 12,
};

const stickyCell: CSSProperties = {
  position: 'sticky',
  left: 0,
  background: 'var(--mantine-color-body)',
  zIndex: 1,
  minWidth: 180,
};

export function IndexMapTable({
  map,
  groupingNames,
}: {
  map: IndexMapTable_MapFragment;
  groupingNames: Partial<Record<ReportGrouping, string>>;
}) {
  const { t } = useTranslation('report');
  const min = minimumValue(map.rows);
  const columns = map.criteria.length + 3;
  return (
    <>
      {/* The 32 columns are wider than most screens: say that the table scrolls, and how. */}
      <Group gap={4} mb="xs" data-testid="lmap-scroll-hint">
        <IconArrowsHorizontal size={16} aria-hidden />
        <Text size="sm" c="dimmed">
          {t('console.lmap.scrollHint', { topics: map.criteria.length })}
        </Text>
      </Group>
      {/* A focusable scrolling region, so keyboard users can scroll the 32 columns too. */}
      <Box
        style={{ overflowX: 'auto' }}
        tabIndex={0}
        role="region"
        aria-label={t('console.lmap.title')}
      >
        <Table withTableBorder withColumnBorders aria-label={t('console.lmap.tableLabel')} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" style={{ ...stickyCell, verticalAlign: 'bottom' }}>
                {t('console.lmap.group')}
              </Table.Th>
              <Table.Th scope="col" style={{ verticalAlign: 'bottom' }}>
                <span style={verticalHeader}>{t('console.lmap.respondents')}</span>
              </Table.Th>
              {map.criteria.map((criterion) => (
                <Table.Th key={criterion.id} scope="col" style={{ verticalAlign: 'bottom' }}>
                  <span style={verticalHeader}>{criterion.name}</span>
                </Table.Th>
              ))}
              <Table.Th scope="col" style={{ verticalAlign: 'bottom' }}>
                <span style={verticalHeader}>{t('console.lmap.lIndex')}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {map.rows.flatMap((row, index) => {
              const cells = [];
              // A heading row before the first group of each breakdown.
              if (index === 0 || map.rows[index - 1]?.grouping !== row.grouping) {
                cells.push(
                  <Table.Tr key={`heading-${row.grouping}`}>
                    <Table.Th scope="colgroup" colSpan={columns} bg="var(--mantine-color-gray-1)">
                      {groupingNames[row.grouping] ?? row.grouping}
                    </Table.Th>
                  </Table.Tr>,
                );
              }
              cells.push(
                <Table.Tr key={`${row.grouping}-${index}`}>
                  <Table.Th scope="row" fw="normal" style={stickyCell}>
                    {row.name}
                  </Table.Th>
                  {row.suppressed ? (
                    <Table.Td colSpan={columns - 1}>
                      <SuppressedNote reason={row.suppressedBecause} />
                    </Table.Td>
                  ) : (
                    <>
                      <Table.Td ta="right">{row.participants ?? ''}</Table.Td>
                      {map.criteria.map((criterion, column) => {
                        const value = row.values?.[column] ?? null;
                        return (
                          <Table.Td
                            key={criterion.id}
                            ta="center"
                            style={{ backgroundColor: shadeColor(value, min) }}
                          >
                            {value === null ? '' : formatIndex(value)}
                          </Table.Td>
                        );
                      })}
                      <Table.Td
                        ta="center"
                        fw={700}
                        style={{ backgroundColor: shadeColor(row.lIndex, min) }}
                      >
                        {row.lIndex === null ? '' : formatIndex(row.lIndex)}
                      </Table.Td>
                    </>
                  )}
                </Table.Tr>,
              );
              return cells;
            })}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed" mt="xs">
          {t('console.lmap.legend')}
        </Text>
      </Box>
    </>
  );
}
