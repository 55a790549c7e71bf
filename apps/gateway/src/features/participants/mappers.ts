// The REST shapes (docs/rest-api.md, Participants) that the participant GraphQL types resolve from.
// Codegen maps `Participant`, `ParticipantPage` and `InvitationResult` to these. A participant's
// units come from the companies feature's `unitLevelsByCompany` loader (one call per company).

/** `GET /participations/{id}` and the records of `GET /surveys/participants/{surveyId}/{skip}/{take}`. */
export interface ParticipantDto {
  id: string;
  responderId: number;
  surveyId: string;
  companyId: string;
  companyName: string;
  companyDisplayName: string;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  pinCode: string | null;
  languageCode: string;
  reportLanguageCode: string | null;
  surveyContinueLink: string;
  unitIds: string[];
  /** ISO 8601 instants. */
  invited: string | null;
  inviteSent: boolean;
  reminded: string | null;
  finished: string | null;
  created: string;
}

export interface ParticipantPageDto {
  records: ParticipantDto[];
  totalRecords: number;
}

/** `POST /surveys/invite/{id}`, `POST /surveys/remind/{id}`, `GET /surveys/invitesingle/{id}`. */
export interface InvitationResultDto {
  successfulRecipients: string[];
  failedRecipients: { email: string; reason: string }[];
}
