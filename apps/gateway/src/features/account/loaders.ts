// Per-request loaders: every `me` in one operation validates the token once.
import DataLoader from 'dataloader';
import type { BoundRestClient } from '../../lib/rest-client.js';
import type { AccountDto } from './mappers.js';

export type AccountLoaders = ReturnType<typeof createAccountLoaders>;

export function createAccountLoaders(api: BoundRestClient) {
  return {
    /** The account a bearer token belongs to (`POST /account/authorize`, a read, so retried like one). */
    accountByToken: new DataLoader<string, AccountDto>((tokens) =>
      Promise.all(
        tokens.map((token) =>
          api
            .post<AccountDto>('/account/authorize', undefined, { token, idempotent: true })
            .catch((error: Error) => error),
        ),
      ),
    ),
  };
}
