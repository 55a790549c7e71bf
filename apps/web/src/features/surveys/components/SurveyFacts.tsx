// The facts of one survey as a two-column list.
import { Badge, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SurveyFacts_SurveyFragment } from '../../../__generated__/graphql';
import { formatDay } from '../surveyRules';

export function SurveyFacts({ survey }: { survey: SurveyFacts_SurveyFragment }) {
  const { t } = useTranslation('admin');
  const percent =
    survey.participantCount === 0
      ? 0
      : Math.round((survey.finishedCount / survey.participantCount) * 100);
  const status = survey.hasEnded ? 'ended' : survey.hasStarted ? 'open' : 'notStarted';
  const rows: [string, React.ReactNode][] = [
    [t('surveys.facts.company'), survey.company?.name ?? ''],
    [t('surveys.facts.shortName'), survey.shortName],
    [
      t('surveys.facts.status'),
      <Badge
        key="status"
        variant="light"
        tt="none"
        color={status === 'ended' ? 'gray' : status === 'open' ? 'green' : 'blue'}
      >
        {t(`surveys.status.${status}`)}
      </Badge>,
    ],
    [t('surveys.facts.tracking'), survey.tracking ? t('surveys.facts.yes') : t('surveys.facts.no')],
    [t('surveys.facts.created'), formatDay(survey.created)],
    [t('surveys.facts.invitesSent'), formatDay(survey.invitesSent) || '–'],
    [t('surveys.facts.finished'), formatDay(survey.finished) || '–'],
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
