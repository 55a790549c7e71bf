// The REST shape of `GET /configuration` (docs/rest-api.md; defined in rest.ts) that `Configuration`
// resolves from.
export type { ConfigurationDto } from './rest.js';
