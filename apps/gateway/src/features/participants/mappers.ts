// The REST shapes (docs/rest-api.md, Participants; defined in rest.ts) that the participant GraphQL
// types resolve from. Codegen maps `Participant`, `ParticipantPage`, `InvitationResult` and `MailRun` to these.
// A participant's units come from the companies feature's `unitLevelsByCompany` loader (one call per
// company).
export type {
  InvitationResultDto,
  MailRunDto,
  ParticipantDto,
  ParticipantPageDto,
} from './rest.js';
