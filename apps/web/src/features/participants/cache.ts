// After a participant is added, changed, deleted, invited or reopened, the survey's participant list
// and counts in the Apollo cache are stale: forgetting them makes every screen that shows them
// (the survey details and its participant table) read them again.
import type { ApolloCache } from '@apollo/client';

const SURVEY_FIELDS = ['participants', 'participantCount', 'finishedCount', 'invitesSent'];

export function forgetSurveyParticipants(cache: ApolloCache, surveyId: string): void {
  const id = cache.identify({ __typename: 'Survey', id: surveyId });
  for (const fieldName of SURVEY_FIELDS) cache.evict({ id, fieldName });
  cache.gc();
}
