// Per-request loaders of the participants feature. A page of participants needs only the survey id
// and the field's arguments, so `Query.survey` starts it beside the survey read when the query asks
// for it, and `Survey.participants` picks up the same call instead of making a second one after it.
import DataLoader from 'dataloader';
import type { BoundRestClient } from '../../lib/rest-client.js';
import type { ParticipantPageDto } from './mappers.js';

export type ParticipantsLoaders = ReturnType<typeof createParticipantsLoaders>;

export interface ParticipantPageArgs {
  skip?: number | null;
  take?: number | null;
  search?: string | null;
}

/** `GET /surveys/participants/{surveyId}/{skip}/{take}?query=`: the one REST path of a page. */
function pagePath(surveyId: string, { skip, take, search }: ParticipantPageArgs): string {
  const query = search?.trim() ? `?query=${encodeURIComponent(search.trim())}` : '';
  return `/surveys/participants/${encodeURIComponent(surveyId.toLowerCase())}/${skip ?? 0}/${take ?? 20}${query}`;
}

export function createParticipantsLoaders(api: BoundRestClient) {
  const pages = new DataLoader<string, ParticipantPageDto>((paths) =>
    Promise.all(
      paths.map((path) => api.get<ParticipantPageDto>(path).catch((error: Error) => error)),
    ),
  );
  return {
    /** A page of a survey's participants, read once per request for the same arguments. */
    page: (surveyId: string, args: ParticipantPageArgs) => pages.load(pagePath(surveyId, args)),
    /** Starts that read now; its answer, or error, waits for the resolver that asks for it. */
    prefetchPage(surveyId: string, args: ParticipantPageArgs): void {
      pages.load(pagePath(surveyId, args)).catch(() => undefined);
    },
  };
}
