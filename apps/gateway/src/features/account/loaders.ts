// Per-request loaders: every `me` in one operation validates the token once.
import DataLoader from 'dataloader';
import type { BoundRestClient } from '../../lib/rest-client.js';
import { authorize, type AccountDto } from './rest.js';

export type AccountLoaders = ReturnType<typeof createAccountLoaders>;

export function createAccountLoaders(api: BoundRestClient) {
  return {
    /** The account a bearer token belongs to. */
    accountByToken: new DataLoader<string, AccountDto>((tokens) =>
      Promise.all(tokens.map((token) => authorize(api, token).catch((error: Error) => error))),
    ),
  };
}
