// The comment moderation calls in the OpenAPI description (administration.md section 7).
import type { Operation } from '../../lib/openapi.js';
import { MODERATORS } from './routes.js';
import * as schemas from './schemas.js';

export const commentsOperations: Operation[] = [
  {
    method: 'get',
    path: '/adminsurveydata/allcomments',
    summary: 'Every open comment of a survey, hidden ones included',
    access: MODERATORS,
    query: schemas.listQuery,
    success: { status: 200, description: 'records and totalRecords' },
  },
  {
    method: 'patch',
    path: '/adminsurveydata/toggleVisibility',
    summary: 'Hides a visible comment or shows a hidden one again',
    access: MODERATORS,
    body: schemas.toggleBody,
    success: { status: 200, description: 'The comment with its new hidden flag' },
  },
];
