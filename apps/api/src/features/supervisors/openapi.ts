// The supervisors calls in the OpenAPI description (issue 32; docs/rest-api.md "Supervisors").
import type { Operation } from '../../lib/openapi.js';
import * as schemas from './schemas.js';

const STAFF = ['Admin', 'PartnerAdmin', 'SuperUser'] as const;

export const supervisorsOperations: Operation[] = [
  {
    method: 'get',
    path: '/supervisors/company/{id}',
    summary: "The supervisors of a company's units: { units: [{ unitId, supervisors }] }",
    access: STAFF,
    params: schemas.idParams,
    success: { status: 200, description: 'Supervisors by unit' },
  },
  {
    method: 'get',
    path: '/supervisors/units/{id}/candidates',
    summary: "Who may supervise the unit: its company's Users and SuperUsers with access to it",
    access: STAFF,
    params: schemas.idParams,
    success: { status: 200, description: 'Accounts: [{ id, email, displayName, role }]' },
  },
  {
    method: 'put',
    path: '/supervisors/units/{id}',
    summary:
      "Replaces a unit's supervisors; 400 supervisors.errors.notEligible for an account that may not",
    access: STAFF,
    params: schemas.idParams,
    body: schemas.setSupervisorsBody,
    success: { status: 200, description: '{ unitId, supervisors }' },
  },
  {
    method: 'get',
    path: '/supervisors/survey/{id}',
    summary:
      'The Supervisors page of a survey: units with supervisors, responses, gated L-index, last package; the latest run',
    access: 'signedIn',
    params: schemas.idParams,
    query: schemas.overviewQuery,
    success: { status: 200, description: 'The overview (a User: their own units)' },
  },
  {
    method: 'post',
    path: '/supervisors/survey/{id}/send',
    summary:
      "Starts a job that sends each supervisor a link to their unit's package (ended surveys; 400 supervisors.errors.notEnded)",
    access: ['Admin', 'SuperUser'],
    params: schemas.idParams,
    success: {
      status: 202,
      description: 'The run: { id, total, done, sent, createdAt, finishedAt }',
    },
  },
  {
    method: 'get',
    path: '/supervisors/packages/{id}',
    summary:
      "A unit's package from an email link: its unit's supervisors and the company's staff; 403 for anyone else",
    access: 'signedIn',
    params: schemas.idParams,
    success: { status: 200, description: 'The package: survey, unit, status, responses' },
  },
  {
    method: 'get',
    path: '/supervisors/packages/{id}/pdf',
    summary:
      'The PDF the send job built and stored for the package in a language (application/pdf); 404 when none is stored',
    access: 'signedIn',
    params: schemas.idParams,
    query: schemas.pdfQuery,
    success: { status: 200, description: 'The PDF' },
  },
];
