// A survey's status as a badge: not started (planned), open, ended.
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { surveyStatus } from '../surveyRules';

const COLORS = { ended: 'gray', open: 'green', notStarted: 'blue' } as const;

export function SurveyStatusBadge({
  survey,
}: {
  survey: { hasStarted: boolean; hasEnded: boolean };
}) {
  const { t } = useTranslation();
  const status = surveyStatus(survey);
  return (
    <Badge variant="light" tt="none" color={COLORS[status]}>
      {t(`surveys.status.${status}`)}
    </Badge>
  );
}
