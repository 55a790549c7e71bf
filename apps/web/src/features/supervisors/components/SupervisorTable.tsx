// The units of the Supervisors page: supervisors, responses, the gated index against the whole
// survey's, and the latest package (when it was sent, or why none was made). On a phone each unit
// is a card (the console's DataCards), so the package's link is on screen without scrolling sideways.
import { Anchor, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { SupervisorsRoute_OverviewQuery } from '../../../__generated__/graphql';
import { DataCards, PHONE_QUERY, type DataTableColumn } from '../../../components/DataTable';
import { normalizeLanguage } from '../../../lib/i18n/languages';
import {
  indexDifference,
  mayOpenPackage,
  packagePdfHref,
  reasonKey,
  statusKey,
  type Viewer,
} from '../supervisorRules';

type Overview = NonNullable<SupervisorsRoute_OverviewQuery['supervisorOverview']>;
type Unit = Overview['units'][number];

export function SupervisorTable({ overview, viewer }: { overview: Overview; viewer: Viewer }) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  if (overview.units.length === 0) return <Text>{t('supervisors.noUnits')}</Text>;
  const columns = unitColumns(t, {
    company: overview.companyIndex.lIndex ?? null,
    viewer,
    language: normalizeLanguage(i18n.language),
  });
  if (phone)
    return (
      <DataCards
        label={t('supervisors.tableLabel')}
        columns={columns}
        rows={overview.units}
        rowKey={(unit) => unit.unitId}
      />
    );
  // The package link sits with the last sending on a wide screen, as one column.
  const [link] = columns.filter((column) => column.card === 'action');
  const cells = columns.filter((column) => column !== link);
  return (
    <Table.ScrollContainer
      minWidth={760}
      scrollAreaProps={{
        viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('supervisors.tableLabel') },
      }}
    >
      <Table aria-label={t('supervisors.tableLabel')} striped>
        <Table.Thead>
          <Table.Tr>
            {cells.map((column) => (
              <Table.Th key={column.key} style={{ textAlign: column.align }}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {overview.units.map((unit) => (
            <Table.Tr key={unit.unitId}>
              {cells.map((column) => (
                <Table.Td key={column.key} style={{ textAlign: column.align }}>
                  {column.cell(unit)}
                  {column.key === 'lastSent' && link?.cell(unit)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface ColumnContext {
  /** The whole survey's L-index, which each unit's is set against. */
  company: number | null;
  viewer: Viewer;
  language: string;
}

/** The table's columns, which are also the fields of a unit's card on a phone. */
function unitColumns(t: TFunction, { company, viewer, language }: ColumnContext) {
  const columns: DataTableColumn<Unit>[] = [
    {
      key: 'unit',
      header: t('supervisors.unit'),
      card: 'title',
      cell: (unit) => (
        <>
          <Text size="sm" fw="inherit">
            {unit.name}
          </Text>
          <Text size="xs" c="dimmed" fw="normal">
            {t('supervisors.levelN', { n: unit.level })}
          </Text>
        </>
      ),
    },
    {
      key: 'supervisors',
      header: t('supervisors.supervisors'),
      cardWide: true,
      cell: (unit) =>
        unit.supervisors.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('supervisors.none')}
          </Text>
        ) : (
          unit.supervisors.map((s) => (
            <Text size="sm" key={s.id} title={s.email}>
              {s.displayName}
            </Text>
          ))
        ),
    },
    {
      key: 'responses',
      header: t('supervisors.responses'),
      align: 'right',
      cell: (unit) => `${unit.finished} / ${unit.participants}`,
    },
    {
      key: 'responseRate',
      header: t('supervisors.responseRate'),
      align: 'right',
      cell: (unit) => `${unit.responseRate} %`,
    },
    { key: 'index', header: t('supervisors.index'), cell: (unit) => indexCell(t, unit, company) },
    {
      key: 'lastSent',
      header: t('supervisors.lastSent'),
      cell: (unit) => (
        <>
          <Text size="sm">
            {unit.lastSentAt ? dayjs(unit.lastSentAt).format('D.M.YYYY HH:mm') : '–'}
          </Text>
          {unit.lastStatus && unit.lastStatus !== 'SENT' && (
            <Text size="xs" c="dimmed">
              {t(statusKey(unit.lastStatus))}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'pdf',
      header: t('supervisors.downloadPdf'),
      card: 'action',
      cell: (unit) =>
        unit.lastSentPackageId && mayOpenPackage(viewer, unit.supervisors) ? (
          <Anchor
            size="sm"
            href={packagePdfHref(unit.lastSentPackageId, language)}
            target="_blank"
            rel="noopener"
            aria-label={t('supervisors.downloadPdfLabel', { name: unit.name })}
          >
            {t('supervisors.downloadPdf')}
          </Anchor>
        ) : null,
    },
  ];
  return columns;
}

function indexCell(t: TFunction, unit: Unit, company: number | null) {
  const difference = indexDifference(unit.lIndex ?? null, company);
  if (unit.lIndex !== null && unit.lIndex !== undefined)
    return (
      <Text size="sm">
        {unit.lIndex.toFixed(1)}
        {difference && ` (${difference})`}
      </Text>
    );
  if (unit.suppressedBecause)
    return (
      <Text size="sm" c="dimmed">
        {t(reasonKey(unit.suppressedBecause))}
      </Text>
    );
  return '–';
}
