// The participant's questionnaire in the OpenAPI description (issue 16). Public calls: the
// participation token from the invitation link is the credential, sent in the body.
import type { Operation } from '../../lib/openapi.js';
import * as schemas from './schemas.js';

export const questionnaireOperations: Operation[] = [
  {
    method: 'post',
    path: '/questionnaire/pin',
    summary:
      'Exchanges a participant email and 5-digit PIN for the participation token (5 wrong tries block the invitation PIN until a new one; wrong tries per client address are limited, then 429)',
    access: 'public',
    body: schemas.pinBody,
    success: { status: 200, description: '{ token }; 404 when the email and PIN do not match' },
  },
  {
    method: 'post',
    path: '/questionnaire/open',
    summary:
      'The questionnaire of a participation: status (open, notStarted, ended, answered, notInvited), what is asked, and the answers so far',
    access: 'public',
    body: schemas.openBody,
    success: {
      status: 200,
      description:
        '{ status, surveyId, surveyName, companyName, languageCode, endMessage, questions, answers, savedAt }; 404 for an unknown token',
    },
  },
  {
    method: 'put',
    path: '/questionnaire/draft',
    summary:
      'Saves the answers so far as a draft, which never counts in a report (400 with per-field errors for invalid values, 409 when not open)',
    access: 'public',
    body: schemas.draftBody,
    success: { status: 200, description: '{ savedAt }' },
  },
  {
    method: 'post',
    path: '/questionnaire/finish',
    summary:
      'Finishes the participation: validates every answer (400 with per-field errors), writes the response, comments and trend answers in one transaction, emails the participation report when the company sends it (409 when not open)',
    access: 'public',
    body: schemas.finishBody,
    success: { status: 200, description: "{ status: 'answered', endMessage }" },
  },
];
