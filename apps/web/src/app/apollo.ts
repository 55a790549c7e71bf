// One Apollo Client for the app. The session is an httpOnly cookie the gateway sets, so requests go
// same-origin (the dev server and preview proxy /graphql to the gateway) and carry no token header.
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { expiryLink } from '../lib/session/expiry';

export const GRAPHQL_PATH = '/graphql';

/**
 * The cache. `Configuration` has no id: without a merge policy each query selecting other fields of
 * it would replace the cached object, and every other query watching it would lose its fields and
 * read again (the report package page's charts started over once per such round).
 */
export function createCache(): InMemoryCache {
  // `Report` likewise: the open comments page reads the counts and each page of comments as
  // queries of their own under the same `report(sets, language)`.
  return new InMemoryCache({
    typePolicies: { Configuration: { merge: true }, Report: { merge: true } },
  });
}

export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: ApolloLink.from([
      expiryLink(),
      // ALL_CAPS enum values (`ADMIN`), not their deprecated earlier spellings (packages/schema/README.md).
      new HttpLink({
        uri: GRAPHQL_PATH,
        credentials: 'same-origin',
        headers: { 'survey-enum-values': 'ALL_CAPS' },
      }),
    ]),
    cache: createCache(),
  });
}
