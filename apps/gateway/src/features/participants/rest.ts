// The participants calls of the REST API (docs/rest-api.md, Participants): their paths, query
// strings, bodies and answers.
import type { MailRun, Participant } from '@survey/api';
import type { AddParticipantInput, UpdateParticipantInput } from '../../__generated__/resolvers.js';
import type { BoundRestClient } from '../../lib/rest-client.js';
import { pagePath, path, type PageArgs } from '../../lib/rest-params.js';

/** `GET /participations/{id}` and the records of `GET /surveys/participants/{surveyId}/{skip}/{take}`. */
export type ParticipantDto = Participant;

export interface ParticipantPageDto {
  records: ParticipantDto[];
  totalRecords: number;
}

/**
 * `POST /surveys/invite/{id}`, `POST /surveys/remind/{id}`, `GET /surveys/invitesingle/{id}` (at
 * once, the mails queued), `GET /mailruns/{id}`, `GET /surveys/mailruns/latest/{surveyId}`.
 */
export type MailRunDto = MailRun;

/** `POST /surveydata/{id}`. */
export interface InvitationResultDto {
  successfulRecipients: string[];
  failedRecipients: { email: string; reason: string }[];
}

export interface ParticipantPageArgs extends PageArgs {
  search?: string | null;
}

/** `GET /surveys/participants/{surveyId}/{skip}/{take}?query=`: the one REST path of a page. */
export const participantPagePath = (surveyId: string, { search, ...page }: ParticipantPageArgs) =>
  pagePath(path`/surveys/participants/${surveyId.toLowerCase()}`, page, 20, {
    query: search?.trim(),
  });

export const participantPage = (
  api: BoundRestClient,
  surveyId: string,
  args: ParticipantPageArgs,
) => api.get<ParticipantPageDto>(participantPagePath(surveyId, args));

export const participant = (api: BoundRestClient, id: string) =>
  api.get<ParticipantDto>(path`/participations/${id}`);

export async function emailInUse(api: BoundRestClient, surveyId: string, email: string) {
  const answer = await api.post<{ emailInUse: boolean }>(path`/responders/emailinuse/${surveyId}`, {
    email,
  });
  return answer.emailInUse;
}

export const addParticipant = (api: BoundRestClient, input: AddParticipantInput) =>
  api.post<ParticipantDto>('/responders/newresponder', {
    surveyId: input.surveyId,
    companyId: input.companyId,
    companyDisplayName: input.companyDisplayName ?? '',
    unitIds: input.unitIds ?? [],
    firstName: input.firstName,
    lastName: input.lastName,
    languageCode: input.languageCode,
    email: input.email,
    surveyContinueLink: input.surveyContinueLink ?? '',
  });

/** Changes the names and language, and those of the optional fields that are given. */
export function updateParticipant(api: BoundRestClient, id: string, input: UpdateParticipantInput) {
  const optional = Object.fromEntries(
    (['pinCode', 'unitIds', 'companyDisplayName', 'email', 'surveyContinueLink'] as const).flatMap(
      (key) => (input[key] == null ? [] : [[key, input[key]]]),
    ),
  );
  return api.post<ParticipantDto>(path`/responders/${id}`, {
    firstName: input.firstName,
    lastName: input.lastName,
    languageCode: input.languageCode,
    ...optional,
  });
}

export const deleteParticipation = (api: BoundRestClient, id: string) =>
  api.delete(path`/participations/delete/${id}`);

export const reopenParticipation = (api: BoundRestClient, id: string) =>
  api.post<ParticipantDto>(path`/participations/reopen/${id}`, {});

/** Invites every participant of the survey not invited yet. */
export const invite = (api: BoundRestClient, surveyId: string) =>
  api.post<MailRunDto>(path`/surveys/invite/${surveyId}`, {});

/** Reminds every invited participant of the survey who has not finished. */
export const remind = (api: BoundRestClient, surveyId: string) =>
  api.post<MailRunDto>(path`/surveys/remind/${surveyId}`, {});

export const inviteOne = (api: BoundRestClient, participantId: string) =>
  api.get<MailRunDto>(path`/surveys/invitesingle/${participantId}`);

/** An invitation or reminder run's progress. */
export const mailRun = (api: BoundRestClient, id: string) =>
  api.get<MailRunDto>(path`/mailruns/${id}`);

/** The survey's newest run (404 before the first). */
export const latestMailRun = (api: BoundRestClient, surveyId: string) =>
  api.get<MailRunDto>(path`/surveys/mailruns/latest/${surveyId}`);

/** Emails the participant the report of their own answers. */
export const sendParticipationReport = (api: BoundRestClient, participantId: string) =>
  api.post<InvitationResultDto>(path`/surveydata/${participantId}`, {});
