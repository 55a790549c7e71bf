import { buildSchema, parse, print } from 'graphql';
import { operationsOf, preset } from './operation-files.js';
import { plugin as barrel } from '../plugins/operation-barrel.js';

const schema = buildSchema('type Query { me: User } type User { id: ID name: String }');
const documents = [
  {
    location: 'a.graphql',
    document: parse(`
      fragment Header_user on User { id ...Avatar_user }
      fragment Avatar_user on User { name }
      fragment Unused_user on User { id }
      query StartRoute_Me { me { ...Header_user } }
    `),
  },
  { location: 'b.graphql', document: parse('query LoginRoute_Me { me { id } }') },
];

describe('operation-files codegen preset', () => {
  it('puts each operation in its own module with only the fragments it spreads, transitively', () => {
    const [start, login] = operationsOf(documents);
    if (!start || !login) throw new Error('expected two operations');
    expect(start.name).toBe('StartRoute_Me');
    expect(start.document.definitions.map((d) => print(d).split(' ')[1])).toEqual([
      'StartRoute_Me',
      'Header_user',
      'Avatar_user',
    ]);
    expect(start.typeNames).toEqual([
      'StartRoute_MeQuery',
      'StartRoute_MeQueryVariables',
      'Header_UserFragment',
      'Avatar_UserFragment',
    ]);
    expect(login.document.definitions).toHaveLength(1);
  });

  it('writes one file per operation that imports its types after the header', async () => {
    const sections = await preset.buildGeneratesSection({
      baseOutputDir: 'out/operations/',
      presetConfig: { typesPath: '../graphql' },
      plugins: [{ add: { content: '/* header */' } }, { 'typed-document-node': {} }],
      schema: parse('type Query { me: User } type User { id: ID name: String }'),
      schemaAst: schema,
      documents,
      config: {},
      pluginMap: {},
    });
    expect(sections.map((section) => section.filename)).toEqual([
      'out/operations/StartRoute_Me.ts',
      'out/operations/LoginRoute_Me.ts',
    ]);
    expect(sections[1]?.plugins).toEqual([
      { add: { content: '/* header */' } },
      {
        add: {
          content:
            "import type { LoginRoute_MeQuery, LoginRoute_MeQueryVariables } from '../graphql';",
        },
      },
      { 'typed-document-node': {} },
    ]);
  });

  it('re-exports every operation document and hook from the barrel', async () => {
    const output = await barrel(schema, documents, { operationsDir: './operations' });
    expect(output).toBe(
      [
        "export { StartRoute_MeDocument, useStartRoute_MeQuery, useLazyStartRoute_MeQuery } from './operations/StartRoute_Me';",
        "export { LoginRoute_MeDocument, useLoginRoute_MeQuery, useLazyLoginRoute_MeQuery } from './operations/LoginRoute_Me';",
      ].join('\n'),
    );
  });
});
