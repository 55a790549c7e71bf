// The users calls in the OpenAPI description (administration.md section 7 "Users").
import type { Operation } from '../../lib/openapi.js';
import * as schemas from './schemas.js';

const STAFF = ['Admin', 'PartnerAdmin', 'SuperUser'] as const;

export const usersOperations: Operation[] = [
  {
    method: 'get',
    path: '/user/{skip}/{take}',
    summary: 'A page of the users the caller manages, with filter and sort',
    access: STAFF,
    params: schemas.pageParams,
    query: schemas.listQuery,
    success: { status: 200, description: '{ records, totalRecords }' },
  },
  {
    method: 'get',
    path: '/user/{id}',
    summary: 'One user with units and companies',
    access: STAFF,
    success: { status: 200, description: 'The user' },
  },
  {
    method: 'post',
    path: '/user',
    summary: 'Creates a user and emails the account confirmation link (section 6 role rules)',
    access: STAFF,
    body: schemas.createBody,
    success: { status: 201, description: 'The user' },
  },
  {
    method: 'put',
    path: '/user',
    summary: "Edits a user's name, email, role, language and two-factor setting",
    access: STAFF,
    body: schemas.updateBody,
    success: { status: 200, description: 'The user' },
  },
  {
    method: 'delete',
    path: '/user',
    summary:
      'Deletes a user by email (in the body, or the query for clients without DELETE bodies)',
    access: STAFF,
    body: schemas.emailBody,
    success: { status: 204, description: 'Deleted', content: 'none' },
  },
  {
    method: 'post',
    path: '/user/units',
    summary: "Sets a user's units (of their company)",
    access: STAFF,
    body: schemas.unitsBody,
    success: { status: 200, description: 'The user' },
  },
  {
    method: 'post',
    path: '/user/companies',
    summary: "Sets a PartnerAdmin's companies",
    access: STAFF,
    body: schemas.companiesBody,
    success: { status: 200, description: 'The user' },
  },
  {
    method: 'post',
    path: '/user/ResendConfirmationEmail',
    summary: 'Emails a new account confirmation link to a user who has not confirmed',
    access: STAFF,
    body: schemas.emailBody,
    success: { status: 200, description: 'Sent' },
  },
];
