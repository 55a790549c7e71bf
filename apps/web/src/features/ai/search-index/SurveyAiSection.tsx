// The survey details page's AI part (Admin): the search index with its dialogs, and links to Ask
// (questions about this survey's comments) and to AI Labs.
import { Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import { IconFlask, IconMessageQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getHref, paths } from '../../../lib/paths';
import { SearchIndexControls } from './SearchIndexControls';

export interface SurveyAiSectionProps {
  surveyId: string;
}

export function SurveyAiSection({ surveyId }: SurveyAiSectionProps) {
  const { t } = useTranslation('ai');
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="survey-ai-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="survey-ai-title">
            {t('searchIndex.sectionTitle')}
          </Title>
          <Group gap="md">
            <Anchor
              component={Link}
              to={`${paths.reportAskKiddy}?${new URLSearchParams({ surveyId }).toString()}`}
            >
              <Group gap={4} component="span">
                <IconMessageQuestion size={16} aria-hidden />
                {t('searchIndex.askLink')}
              </Group>
            </Anchor>
            <Anchor component={Link} to={getHref(paths.surveyGenAi, { id: surveyId })}>
              <Group gap={4} component="span">
                <IconFlask size={16} aria-hidden />
                {t('searchIndex.aiLabs')}
              </Group>
            </Anchor>
          </Group>
        </Group>
        <SearchIndexControls surveyId={surveyId} />
      </Stack>
    </Paper>
  );
}

export { SurveyAiSection as default };
