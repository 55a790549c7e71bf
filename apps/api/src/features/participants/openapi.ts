// The participants, invitations, import and export calls in the OpenAPI description
// (administration.md section 7 "Participants" and "Export").
import type { Operation } from '../../lib/openapi.js';
import * as schemas from './schemas.js';

const STAFF = ['Admin', 'PartnerAdmin', 'SuperUser'] as const;
const EXPORTERS = ['Admin', 'PartnerAdmin'] as const;
const RUN =
  'The mail run, at once: { id, surveyId, kind, total, sent, failed, pending, finished, created, failures }';

export const participantsOperations: Operation[] = [
  {
    method: 'get',
    path: '/surveys/participants/{surveyId}/{skip}/{take}',
    summary: "A page of a survey's participants with search",
    access: STAFF,
    params: schemas.paging,
    query: schemas.listQuery,
    success: { status: 200, description: '{ records, totalRecords }' },
  },
  {
    method: 'post',
    path: '/surveys/invite/{id}',
    summary:
      'Queues the invitation of every participant not yet invited, each in their language, never twice (409 survey-ended once the survey has ended)',
    access: ['Admin'],
    success: { status: 200, description: RUN },
  },
  {
    method: 'post',
    path: '/surveys/remind/{id}',
    summary:
      'Queues a reminder to every invited participant who has not finished (409 survey-ended once the survey has ended)',
    access: ['Admin'],
    success: { status: 200, description: RUN },
  },
  {
    method: 'get',
    path: '/surveys/invitesingle/{id}',
    summary:
      'Queues the invitation of one participation (409 survey-ended once the survey has ended)',
    access: STAFF,
    success: { status: 200, description: RUN },
  },
  {
    method: 'get',
    path: '/mailruns/{id}',
    summary: "An invitation or reminder run's progress: n of N sent, failures with their reason",
    access: STAFF,
    success: { status: 200, description: 'The mail run' },
  },
  {
    method: 'get',
    path: '/surveys/mailruns/latest/{surveyId}',
    summary: "The survey's newest invitation or reminder run (404: none yet)",
    access: STAFF,
    success: { status: 200, description: 'The mail run' },
  },
  {
    method: 'post',
    path: '/surveydata/{id}',
    summary: 'Emails a finished participant the report of their own answers',
    access: STAFF,
    success: { status: 200, description: 'The delivery outcome' },
  },
  {
    method: 'get',
    path: '/participations/{id}',
    summary: 'One participation',
    access: STAFF,
    success: { status: 200, description: 'The participant' },
  },
  {
    method: 'delete',
    path: '/participations/delete/{id}',
    summary: 'Deletes a participation with its answers',
    access: STAFF,
    success: { status: 204, description: 'Deleted', content: 'none' },
  },
  {
    method: 'post',
    path: '/participations/reopen/{id}',
    summary: 'Returns a finished participation to open (its answers leave the reports)',
    access: STAFF,
    success: { status: 200, description: 'The participant' },
  },
  {
    method: 'post',
    path: '/responders/newresponder',
    summary: 'Adds a participant to a survey',
    access: STAFF,
    body: schemas.createBody,
    success: { status: 201, description: 'The participant' },
  },
  {
    method: 'get',
    path: '/responders/forsurvey/{surveyId}/{responderId}',
    summary: 'A participant of a survey by responder id',
    access: STAFF,
    success: { status: 200, description: 'The participant' },
  },
  {
    method: 'post',
    path: '/responders/emailinuse/{id}',
    summary: 'Whether an email is already in the survey',
    access: STAFF,
    body: schemas.emailInUseBody,
    success: { status: 200, description: '{ emailInUse }' },
  },
  {
    method: 'post',
    path: '/responders/{id}',
    summary: 'Edits a participant (PIN exactly 5 digits)',
    access: STAFF,
    body: schemas.updateBody,
    success: { status: 200, description: 'The participant' },
  },
  {
    method: 'post',
    path: '/import/participants',
    summary:
      "Imports a survey's participants from .xlsx: valid rows in one transaction, a reason per failed row",
    access: STAFF,
    multipart: {
      files: ['file'],
      fields: { companyId: 'The company of the survey', surveyId: 'The survey' },
    },
    success: {
      status: 200,
      description: '{ successfulImportsCount, failedImportsCount, failedImports }',
    },
  },
  {
    method: 'post',
    path: '/import/users',
    summary:
      'Imports users of role User into a company from .xlsx, emailing each a confirmation link',
    access: STAFF,
    multipart: { files: ['file'], fields: { companyId: 'The company' } },
    success: {
      status: 200,
      description: '{ successfulImportsCount, failedImportsCount, failedImports }',
    },
  },
  {
    method: 'get',
    path: '/export/participants/{surveyId}/{languageCode}',
    summary:
      "The survey's participants as .xlsx in the language (cells never evaluate as formulas)",
    access: EXPORTERS,
    success: { status: 200, description: 'The workbook', content: 'xlsx' },
  },
  {
    method: 'get',
    path: '/export/responses/{surveyId}/{languageCode}',
    summary:
      'The finished responses as .xlsx, without names (refused below the anonymity threshold)',
    access: EXPORTERS,
    success: { status: 200, description: 'The workbook', content: 'xlsx' },
  },
];
