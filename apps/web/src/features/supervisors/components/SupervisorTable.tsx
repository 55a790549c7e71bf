// The units of the Supervisors page: supervisors, responses, the gated index against the whole
// survey's, and the latest package (when it was sent, or why none was made).
import { Anchor, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { SupervisorsRoute_OverviewQuery } from '../../../__generated__/graphql';
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
  const { t } = useTranslation();
  if (overview.units.length === 0) return <Text>{t('supervisors.noUnits')}</Text>;
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
            <Table.Th>{t('supervisors.unit')}</Table.Th>
            <Table.Th>{t('supervisors.supervisors')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('supervisors.responses')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('supervisors.responseRate')}</Table.Th>
            <Table.Th>{t('supervisors.index')}</Table.Th>
            <Table.Th>{t('supervisors.lastSent')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {overview.units.map((unit) => (
            <UnitRow
              key={unit.unitId}
              unit={unit}
              company={overview.companyIndex.lIndex ?? null}
              viewer={viewer}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface UnitRowProps {
  unit: Unit;
  company: number | null;
  viewer: Viewer;
}

function UnitRow({ unit, company, viewer }: UnitRowProps) {
  const { t, i18n } = useTranslation();
  const pdf =
    unit.lastSentPackageId && mayOpenPackage(viewer, unit.supervisors)
      ? packagePdfHref(unit.lastSentPackageId, normalizeLanguage(i18n.language))
      : null;
  const difference = indexDifference(unit.lIndex ?? null, company);
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm">{unit.name}</Text>
        <Text size="xs" c="dimmed">
          {t('supervisors.levelN', { n: unit.level })}
        </Text>
      </Table.Td>
      <Table.Td>
        {unit.supervisors.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('supervisors.none')}
          </Text>
        ) : (
          unit.supervisors.map((s) => (
            <Text size="sm" key={s.id} title={s.email}>
              {s.displayName}
            </Text>
          ))
        )}
      </Table.Td>
      <Table.Td style={{ textAlign: 'right' }}>
        {unit.finished} / {unit.participants}
      </Table.Td>
      <Table.Td style={{ textAlign: 'right' }}>{unit.responseRate} %</Table.Td>
      <Table.Td>
        {unit.lIndex !== null && unit.lIndex !== undefined ? (
          <Text size="sm">
            {unit.lIndex.toFixed(1)}
            {difference && ` (${difference})`}
          </Text>
        ) : unit.suppressedBecause ? (
          <Text size="sm" c="dimmed">
            {t(reasonKey(unit.suppressedBecause))}
          </Text>
        ) : (
          '–'
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {unit.lastSentAt ? dayjs(unit.lastSentAt).format('D.M.YYYY HH:mm') : '–'}
        </Text>
        {unit.lastStatus && unit.lastStatus !== 'SENT' && (
          <Text size="xs" c="dimmed">
            {t(statusKey(unit.lastStatus))}
          </Text>
        )}
        {pdf && (
          <Anchor
            size="sm"
            href={pdf}
            target="_blank"
            rel="noopener"
            aria-label={t('supervisors.downloadPdfLabel', { name: unit.name })}
          >
            {t('supervisors.downloadPdf')}
          </Anchor>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
