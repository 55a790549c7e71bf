// Our codegen plugin for the shared `graphql.ts`: re-exports each operation's document and hooks from
// its own module (presets/operation-files.js), next to the operation types in the same file.
import { Kind } from 'graphql';

/** @param {string} name */
const pascal = (name) => name.charAt(0).toUpperCase() + name.slice(1);

/** @type {import('@graphql-codegen/plugin-helpers').PluginFunction<{ operationsDir: string }>} */
export const plugin = (_schema, documents, config) => {
  const lines = [];
  for (const { document } of documents) {
    for (const definition of document?.definitions ?? []) {
      if (definition.kind !== Kind.OPERATION_DEFINITION || !definition.name) continue;
      const name = definition.name.value;
      const type = `${pascal(name)}${pascal(definition.operation)}`;
      const names = [`${pascal(name)}Document`, `use${type}`];
      if (definition.operation === 'query') names.push(`useLazy${type}`);
      lines.push(`export { ${names.join(', ')} } from '${config.operationsDir}/${name}';`);
    }
  }
  return lines.join('\n');
};
