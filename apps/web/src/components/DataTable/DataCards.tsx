// A DataTable's rows as cards, for a phone: one card per row with the title column as its heading,
// every other column as a label (the column's header) and its value, and the action columns as a
// row of links or buttons at the bottom. Nothing to scroll sideways, nothing off-screen.
import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { DataTableColumn } from './DataTable';

export interface DataCardsProps<Row> {
  label: string;
  columns: DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}

const placeOf = <Row,>(column: DataTableColumn<Row>) => column.card ?? 'field';

export function DataCards<Row>({ label, columns, rows, rowKey }: DataCardsProps<Row>) {
  const title = columns.find((column) => placeOf(column) === 'title');
  const fields = columns.filter((column) => placeOf(column) === 'field');
  const actions = columns.filter((column) => placeOf(column) === 'action');
  return (
    <Stack gap="xs" component="ul" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Paper key={rowKey(row)} component="li" withBorder p="sm" data-testid="data-card">
          <Stack gap="xs">
            {title && (
              <Text fw={600} component="div">
                {title.cell(row)}
              </Text>
            )}
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={4} component="dl" m={0}>
              {fields.map((column) => (
                <div
                  key={column.key}
                  style={{ minWidth: 0, gridColumn: column.cardWide ? '1 / -1' : undefined }}
                >
                  <Text component="dt" size="xs" c="dimmed">
                    {column.header}
                  </Text>
                  <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                    {column.cell(row)}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
            {actions.length > 0 && (
              <Group gap="sm">
                {actions.map((column) => (
                  <div key={column.key}>{column.cell(row)}</div>
                ))}
              </Group>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
