import { fileURLToPath } from 'node:url';

// src/lib and dist/lib sit at the same depth, so one relative path serves sources, tests and builds.
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
export const apiRoot = fileURLToPath(new URL('../../', import.meta.url));
