import { buildSchema, parse } from 'graphql';
import { plugin } from './apollo-hooks.js';

const schema = buildSchema('type Query { me: String } type Mutation { logout: Boolean }');

async function generate(source: string) {
  const output = await plugin(schema, [{ document: parse(source), location: 'x.graphql' }], {});
  return typeof output === 'string' ? { prepend: [], content: output } : output;
}

describe('apollo-hooks codegen plugin', () => {
  it('emits one typed query hook and its lazy variant per query, over Apollo Client 4 hooks', async () => {
    const { prepend, content } = await generate('query StartRoute_Me { me }');
    expect(prepend).toEqual(["import { useLazyQuery, useQuery } from '@apollo/client/react';"]);
    expect(content).toContain(
      'export function useStartRoute_MeQuery(options?: useQuery.Options<StartRoute_MeQuery, StartRoute_MeQueryVariables>)',
    );
    expect(content).toContain(
      'useQuery<StartRoute_MeQuery, StartRoute_MeQueryVariables>(StartRoute_MeDocument',
    );
    expect(content).toContain('export function useLazyStartRoute_MeQuery(');
  });

  it('emits a mutation hook named after the operation', async () => {
    const { prepend, content } = await generate('mutation Header_Logout { logout }');
    expect(prepend).toEqual(["import { useMutation } from '@apollo/client/react';"]);
    expect(content).toContain('export function useHeader_LogoutMutation(');
    expect(content).not.toContain('useLazy');
  });

  it('emits nothing for documents without named operations', async () => {
    expect(
      await plugin(
        schema,
        [{ document: parse('fragment F on Query { me }'), location: 'f.graphql' }],
        {},
      ),
    ).toBe('');
  });
});
