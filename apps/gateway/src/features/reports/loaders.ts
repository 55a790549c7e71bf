// Per-request loader of the report reads: keyed on the normalized REST path (path + canonical query,
// see `restPath`), so identical reads within one GraphQL request are made once, and the distinct
// ones of a request go out together, in parallel.
import DataLoader from 'dataloader';
import type { BoundRestClient } from '../../lib/rest-client.js';

export type ReportsLoaders = ReturnType<typeof createReportsLoaders>;

export function createReportsLoaders(api: BoundRestClient) {
  const reads = new DataLoader<string, unknown>((paths) =>
    Promise.all(paths.map((path) => api.get<unknown>(path).catch((error: Error) => error))),
  );
  return {
    /** The body of `GET <path>`; `path` must come from `restPath` so equal reads share one call. */
    read: <T>(path: string) => reads.load(path) as Promise<T>,
  };
}
