// /survey/:id?token=…: the participant's questionnaire, public and outside the console's chrome.
// Without a token (or with the old ?pin= link) the person opens it with their email and PIN; the
// invitation's PIN link names their language (?lang=fi-FI), so that page is in it too.
import { Center, Loader, Paper } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useQuestionnaireRoute_QuestionnaireQuery } from '../../../__generated__/graphql';
import { RouteError } from '../../../components/RouteError';
import { normalizeLanguage } from '../../../lib/i18n/languages';
import { PinForm } from '../components/PinForm';
import { QuestionnaireForm } from '../components/QuestionnaireForm';
import { QuestionnaireFrame } from '../components/QuestionnaireFrame';
import { StatusPage } from '../components/StatusPage';

const STATUS_PAGES = {
  NOT_STARTED: 'notStarted',
  ENDED: 'ended',
  ANSWERED: 'answered',
  NOT_INVITED: 'notInvited',
} as const;

export function QuestionnaireRoute() {
  const { t, i18n } = useTranslation('questionnaire');
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const token = search.get('token') ?? '';
  const openWithToken = (value: string) => setSearch({ token: value }, { replace: true });
  const { data, loading, error } = useQuestionnaireRoute_QuestionnaireQuery({
    variables: { token },
    skip: token === '',
    fetchPolicy: 'network-only',
  });
  const loaded = data?.questionnaire;

  const linkLanguage = search.get('lang');
  useEffect(() => {
    if (token === '' && linkLanguage) void i18n.changeLanguage(normalizeLanguage(linkLanguage));
  }, [token, linkLanguage, i18n]);

  // The participant's own language first (the page waits for its texts rather than flashing
  // another language); the switch in the frame changes it for this page.
  const participantLanguage = loaded?.languageCode;
  const [languageFor, setLanguageFor] = useState<string | null>(null);
  useEffect(() => {
    if (!participantLanguage) return;
    void i18n
      .changeLanguage(normalizeLanguage(participantLanguage))
      .finally(() => setLanguageFor(participantLanguage));
  }, [participantLanguage, i18n]);

  if (token === '') {
    return (
      <QuestionnaireFrame>
        <Paper withBorder radius="md" p="lg">
          <PinForm
            surveyId={id}
            initialPin={search.get('pin') ?? ''}
            headingLevel={1}
            onToken={openWithToken}
          />
        </Paper>
      </QuestionnaireFrame>
    );
  }
  if (!loading && !error && !loaded) {
    return (
      <QuestionnaireFrame>
        <StatusPage kind="invalid">
          <PinForm surveyId={id} initialPin={search.get('pin') ?? ''} onToken={openWithToken} />
        </StatusPage>
      </QuestionnaireFrame>
    );
  }
  if (loading || (participantLanguage && languageFor !== participantLanguage)) {
    return (
      <QuestionnaireFrame>
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      </QuestionnaireFrame>
    );
  }
  if (error || !loaded) {
    return (
      <QuestionnaireFrame>
        <Paper withBorder p="lg">
          <RouteError error={error} />
        </Paper>
      </QuestionnaireFrame>
    );
  }
  const frame = { surveyName: loaded.surveyName, companyName: loaded.companyName };
  if (loaded.status !== 'OPEN' || !loaded.questions) {
    const kind = loaded.status === 'OPEN' ? 'invalid' : STATUS_PAGES[loaded.status];
    return (
      <QuestionnaireFrame {...frame}>
        <StatusPage kind={kind} />
      </QuestionnaireFrame>
    );
  }
  return (
    <QuestionnaireFrame {...frame}>
      <QuestionnaireForm token={token} loaded={loaded} questions={loaded.questions} />
    </QuestionnaireFrame>
  );
}

export { QuestionnaireRoute as Component };
