// The companies calls in the OpenAPI description (administration.md section 7 "Companies").
import type { Operation } from '../../lib/openapi.js';
import * as schemas from './schemas.js';

const STAFF = ['Admin', 'PartnerAdmin', 'SuperUser'] as const;

export const companiesOperations: Operation[] = [
  {
    method: 'get',
    path: '/companies',
    summary:
      'The companies the caller may see (Admin all, PartnerAdmin assigned, others their own)',
    access: 'signedIn',
    success: { status: 200, description: 'A list of companies' },
  },
  {
    method: 'get',
    path: '/companies/companiesandsurveys',
    summary: 'The visible companies with their surveys (optionally one company)',
    access: 'signedIn',
    query: schemas.companiesAndSurveysQuery,
    success: { status: 200, description: 'Companies with surveys' },
  },
  {
    method: 'get',
    path: '/companies/units/newresponder/{id}',
    summary: "A company's unit levels 1..10 and their units, for participant forms",
    access: 'signedIn',
    params: schemas.idParams,
    success: { status: 200, description: 'Unit levels' },
  },
  {
    method: 'post',
    path: '/companies/newunit',
    summary: 'Adds a unit at a level, or answers the existing one of that name',
    access: STAFF,
    body: schemas.newUnitBody,
    success: { status: 201, description: '{ id } (200 when the unit existed)' },
  },
  {
    method: 'put',
    path: '/companies/units/{id}',
    summary: 'Renames a unit and sets its parent (a unit one level up); 409 when the name is taken',
    access: STAFF,
    params: schemas.idParams,
    body: schemas.unitUpdateBody,
    success: { status: 200, description: 'The unit: { id, index, name, parentId }' },
  },
  {
    method: 'delete',
    path: '/companies/units/{id}',
    summary:
      'Deletes a unit no participant or answer names (409 otherwise); its children lose their parent',
    access: STAFF,
    params: schemas.idParams,
    success: { status: 204, description: 'Deleted' },
  },
  {
    method: 'post',
    path: '/companies/create',
    summary: 'Creates a company with its settings',
    access: ['Admin'],
    body: schemas.createBody,
    success: { status: 201, description: 'The company' },
  },
  {
    method: 'put',
    path: '/companies',
    summary: "Edits a company's name, industry, size and settings",
    access: ['Admin'],
    body: schemas.updateBody,
    success: { status: 200, description: 'The company' },
  },
  {
    method: 'get',
    path: '/companies/{skip}/{take}',
    summary: 'A page of companies with filter and sort',
    access: 'signedIn',
    params: schemas.paging,
    query: schemas.listQuery,
    success: { status: 200, description: '{ records, totalRecords }' },
  },
  {
    method: 'get',
    path: '/companies/{id}',
    summary: 'One company',
    access: 'signedIn',
    params: schemas.idParams,
    success: { status: 200, description: 'The company' },
  },
  {
    method: 'delete',
    path: '/companies/{id}',
    summary: 'Deletes a company with its surveys, in one transaction',
    access: ['Admin'],
    params: schemas.idParams,
    success: { status: 204, description: 'Deleted', content: 'none' },
  },
];
