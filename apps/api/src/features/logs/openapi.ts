// The delivery log calls in the OpenAPI description (administration.md section 7 "Logging").
import type { Operation } from '../../lib/openapi.js';
import { filterQuery, pageParams } from './schemas.js';

export const logsOperations: Operation[] = [
  {
    method: 'get',
    path: '/logging/filter',
    summary: 'Delivery events by event, dates, text and whether they have a reason; newest first',
    access: ['Admin'],
    query: filterQuery,
    success: { status: 200, description: '{ records, totalRecords }' },
  },
  {
    method: 'get',
    path: '/logging/{skip}/{take}',
    summary: 'A page of delivery events, newest first',
    access: ['Admin'],
    params: pageParams,
    success: { status: 200, description: '{ records, totalRecords }' },
  },
];
