// The configuration call in the OpenAPI description (administration.md section 7 "Account").
import type { Operation } from '../../lib/openapi.js';

export const configurationOperations: Operation[] = [
  {
    method: 'get',
    path: '/configuration',
    summary: 'Company sizes and industries, the UI and report language defaults, the UI languages',
    access: 'public',
    success: { status: 200, description: 'The configuration' },
  },
];
