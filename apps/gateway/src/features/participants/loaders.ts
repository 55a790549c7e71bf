// Per-request loaders of the participants feature. A page of participants needs only the survey id
// and the field's arguments, so `Query.survey` starts it beside the survey read when the query asks
// for it, and `Survey.participants` picks up the same call instead of making a second one after it.
import DataLoader from 'dataloader';
import type { BoundRestClient } from '../../lib/rest-client.js';
import {
  participantPage,
  participantPagePath,
  type ParticipantPageArgs,
  type ParticipantPageDto,
} from './rest.js';

export type ParticipantsLoaders = ReturnType<typeof createParticipantsLoaders>;

interface PageKey {
  surveyId: string;
  args: ParticipantPageArgs;
}

export function createParticipantsLoaders(api: BoundRestClient) {
  // Keyed on the REST path: the same arguments read the same page once.
  const pages = new DataLoader<PageKey, ParticipantPageDto, string>(
    (keys) =>
      Promise.all(
        keys.map(({ surveyId, args }) =>
          participantPage(api, surveyId, args).catch((error: Error) => error),
        ),
      ),
    { cacheKeyFn: ({ surveyId, args }) => participantPagePath(surveyId, args) },
  );
  return {
    /** A page of a survey's participants, read once per request for the same arguments. */
    page: (surveyId: string, args: ParticipantPageArgs) => pages.load({ surveyId, args }),
    /** Starts that read now; its answer, or error, waits for the resolver that asks for it. */
    prefetchPage(surveyId: string, args: ParticipantPageArgs): void {
      pages.load({ surveyId, args }).catch(() => undefined);
    },
  };
}
