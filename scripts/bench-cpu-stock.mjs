#!/usr/bin/env node
// The reference for the gateway's CPU per request (bench-cpu.mjs): a stock Apollo Server (standalone,
// no plugins) with a DataLoader per request and an undici pool to the API, answering the same
// `survey(id)` read with the caller's bearer token. PORT, HOST and API_URL as for the gateway.
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import DataLoader from 'dataloader';
import { Pool } from 'undici';

const typeDefs = `#graphql
  scalar DateTime
  type Survey { id: ID! name: String! shortName: String! companyId: ID! created: DateTime! hasEnded: Boolean! }
  type Query { survey(id: ID!): Survey }
`;

const pool = new Pool(process.env.API_URL, { connections: 64 });

async function getJson(path, token) {
  const { statusCode, body } = await pool.request({
    method: 'GET',
    path,
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
  });
  if (statusCode === 404) {
    await body.dump();
    return null;
  }
  if (statusCode !== 200) throw new Error(`upstream answered ${statusCode}`);
  return body.json();
}

const server = new ApolloServer({
  typeDefs,
  resolvers: {
    Query: { survey: (_parent, { id }, { surveys }) => surveys.load(id) },
  },
});

const { url } = await startStandaloneServer(server, {
  listen: { port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' },
  context: async ({ req }) => {
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    return {
      surveys: new DataLoader((ids) =>
        Promise.all(ids.map((id) => getJson(`/surveys/${encodeURIComponent(id)}`, token))),
      ),
    };
  },
});
console.log(`stock Apollo Server: ${url}`);
process.once('SIGTERM', () => server.stop().then(() => pool.close().then(() => process.exit(0))));
