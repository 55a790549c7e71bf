// /surveys/gen-ai/:id (Admin): AI summaries of the survey's comments per observation factor in three
// sections, full summaries per section, and the "Chat with Survey" panel behind a toggle.
import { Anchor, Loader, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePlaygroundRoute_SurveyQuery } from '../../../__generated__/graphql';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useErrorMessage } from '../../../lib/errors';
import { getHref, paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/usePageTitle';
import { ChatPanel } from './ChatPanel';
import { FactorSection } from './FactorSection';
import { PLAYGROUND_SECTIONS } from './playgroundRules';

export function PlaygroundRoute() {
  const { t, i18n } = useTranslation('ai');
  const errorMessage = useErrorMessage();
  const { id = '' } = useParams();
  const { data, loading, error } = usePlaygroundRoute_SurveyQuery({ variables: { id } });
  const [chat, setChat] = useState(false);
  const survey = data?.survey;
  usePageTitle(t('playground.title'));
  const language = i18n.language;

  const back = (
    <Anchor component={Link} to={getHref(paths.surveyDetails, { id })}>
      <IconArrowLeft size={14} aria-hidden /> {t('playground.back')}
    </Anchor>
  );
  if (loading && !survey) return <Loader aria-label={t('summary.loading')} />;
  if (error || !survey)
    return (
      <Stack gap="md">
        {back}
        <ErrorAlert message={error ? errorMessage(error) : t('playground.notFound')} />
      </Stack>
    );
  return (
    <Stack gap="lg">
      {back}
      <Stack gap={4}>
        <Title order={1}>{t('playground.title')}</Title>
        <Text c="dimmed">{t('playground.surveyName', { name: survey.name })}</Text>
      </Stack>
      <Text maw={760}>{t('playground.intro')}</Text>
      <Switch
        label={t('playground.enableChat')}
        checked={chat}
        onChange={(event) => setChat(event.currentTarget.checked)}
      />
      {chat && <ChatPanel surveyId={survey.id} language={language} />}
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
        {PLAYGROUND_SECTIONS.map((type) => (
          <FactorSection key={type} surveyId={survey.id} type={type} language={language} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export { PlaygroundRoute as Component };
