// Per-request loaders of the surveys feature. The response activity of a survey does not depend on
// the survey's own answer, so `Query.survey` starts it beside the survey read when the query asks for
// it, and `Survey.responseActivity` picks up the same call instead of making a second one after it.
import DataLoader from 'dataloader';
import type { BoundRestClient } from '../../lib/rest-client.js';
import { responseActivity, type ResponseActivityDto } from './rest.js';

export type SurveysLoaders = ReturnType<typeof createSurveysLoaders>;

export function createSurveysLoaders(api: BoundRestClient) {
  const activity = new DataLoader<string, ResponseActivityDto>(
    (surveyIds) =>
      Promise.all(
        surveyIds.map((surveyId) => responseActivity(api, surveyId).catch((error: Error) => error)),
      ),
    // Ids are UUIDs: an id asked for in capitals is the same survey as the API's lower-case one.
    { cacheKeyFn: (surveyId) => surveyId.toLowerCase() },
  );
  return {
    /** `GET /surveys/responseactivity/{id}`, once per survey and request. */
    responseActivity: (surveyId: string) => activity.load(surveyId),
    /** Starts that read now; its answer, or error, waits for the resolver that asks for it. */
    prefetchResponseActivity(surveyId: string): void {
      activity.load(surveyId).catch(() => undefined);
    },
  };
}
