// One Apollo Client for the app. The session is an httpOnly cookie the gateway sets, so requests go
// same-origin (the dev server and preview proxy /graphql to the gateway) and carry no token header.
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';

export const GRAPHQL_PATH = '/graphql';

export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({ uri: GRAPHQL_PATH, credentials: 'same-origin' }),
    cache: new InMemoryCache(),
  });
}
