// Our codegen plugin: one typed hook per operation over Apollo Client 4's own hooks
// (typescript-react-apollo does not type-check against Apollo Client 4).
import { Kind } from 'graphql';

/** @param {string} name */
const pascal = (name) => name.charAt(0).toUpperCase() + name.slice(1);

/** @type {Record<string, { hook: string; lazy?: string }>} */
const hookByOperation = {
  query: { hook: 'useQuery', lazy: 'useLazyQuery' },
  mutation: { hook: 'useMutation' },
  subscription: { hook: 'useSubscription' },
};

/** @type {import('@graphql-codegen/plugin-helpers').PluginFunction} */
export const plugin = (_schema, documents) => {
  const lines = [];
  const used = new Set();
  for (const { document } of documents) {
    for (const definition of document?.definitions ?? []) {
      if (definition.kind !== Kind.OPERATION_DEFINITION || !definition.name) continue;
      const kind = definition.operation;
      const base = pascal(definition.name.value);
      const type = `${base}${pascal(kind)}`;
      const doc = `${base}Document`;
      const vars = `${type}Variables`;
      const { hook, lazy } = hookByOperation[kind] ?? { hook: 'useQuery' };
      used.add(hook);
      lines.push(
        `/** Runs \`${definition.name.value}\` (${kind}) with typed data and variables. */`,
        `export function use${type}(options?: ${hook}.Options<${type}, ${vars}>) {`,
        `  return ${hook}<${type}, ${vars}>(${doc}, options as ${hook}.Options<${type}, ${vars}>);`,
        '}',
      );
      if (lazy) {
        used.add(lazy);
        lines.push(
          `/** Lazy variant of \`use${type}\`: runs when the returned function is called. */`,
          `export function useLazy${type}(options?: ${lazy}.Options<${type}, ${vars}>) {`,
          `  return ${lazy}<${type}, ${vars}>(${doc}, options);`,
          '}',
        );
      }
    }
  }
  if (lines.length === 0) return '';
  return {
    prepend: [`import { ${[...used].sort().join(', ')} } from '@apollo/client/react';`],
    content: lines.join('\n'),
  };
};
