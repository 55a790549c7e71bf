// The facts of one survey as a two-column list.
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SurveyFacts_SurveyFragment } from '../../../__generated__/graphql';
import { formatDay } from '../surveyRules';
import { SurveyStatusBadge } from './SurveyStatusBadge';

export function SurveyFacts({ survey }: { survey: SurveyFacts_SurveyFragment }) {
  const { t } = useTranslation();
  const percent =
    survey.participantCount === 0
      ? 0
      : Math.round((survey.finishedCount / survey.participantCount) * 100);
  const rows: [string, React.ReactNode][] = [
    [t('surveys.facts.company'), survey.company?.name ?? ''],
    [t('surveys.facts.shortName'), survey.shortName],
    [t('surveys.facts.status'), <SurveyStatusBadge key="status" survey={survey} />],
    [t('surveys.facts.tracking'), survey.tracking ? t('surveys.facts.yes') : t('surveys.facts.no')],
    [t('surveys.facts.created'), formatDay(survey.created)],
    [t('surveys.facts.invitesSent'), formatDay(survey.invitesSent) || '–'],
    [
      t('surveys.facts.participants'),
      t('surveys.facts.participantsValue', {
        total: survey.participantCount,
        finished: survey.finishedCount,
        percent,
      }),
    ],
  ];
  return (
    <Table variant="vertical" withTableBorder maw={640} aria-label={t('surveys.facts.label')}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={220}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
