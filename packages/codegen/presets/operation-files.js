// Our codegen preset: one module per GraphQL operation (its document and hooks, with the fragments
// it spreads), so each route chunk carries only the operations it runs. A shared barrel
// (`graphql.ts`, see plugins/operation-barrel.js) re-exports them, and Rollup binds every import
// through it straight to the operation's own module.
import path from 'node:path';
import { Kind, visit } from 'graphql';

/** @typedef {import('graphql').FragmentDefinitionNode} Fragment */
/** @typedef {import('graphql').OperationDefinitionNode} Operation */
/** @typedef {import('@graphql-codegen/plugin-helpers').Types.DocumentFile} DocumentFile */
/** @typedef {import('@graphql-codegen/plugin-helpers').Types.ConfiguredPlugin} ConfiguredPlugin */

/**
 * codegen's type naming: each underscore-separated part capitalised (`Form_company` -> `Form_Company`).
 * @param {string} name
 */
const pascal = (name) =>
  name
    .split('_')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('_');

/**
 * Names of the fragments a definition spreads, directly or through other fragments.
 * @param {Operation | Fragment} definition
 * @param {Map<string, Fragment>} fragments
 * @param {Set<string>} found
 * @returns {Set<string>}
 */
function spreadFragments(definition, fragments, found = new Set()) {
  visit(definition, {
    FragmentSpread(node) {
      const name = node.name.value;
      if (found.has(name) || !fragments.has(name)) return;
      found.add(name);
      const fragment = fragments.get(name);
      if (fragment) spreadFragments(fragment, fragments, found);
    },
  });
  return found;
}

/**
 * Type names an operation module uses: its result and variables and each fragment's type.
 * @param {Operation} operation
 * @param {Set<string>} fragmentNames
 */
export function operationTypeNames(operation, fragmentNames) {
  const name = operation.name?.value ?? '';
  const base = `${pascal(name)}${pascal(operation.operation)}`;
  return [base, `${base}Variables`, ...[...fragmentNames].map((name) => `${pascal(name)}Fragment`)];
}

/**
 * Operations of the documents, in file order, with the module each one goes to.
 * @param {DocumentFile[]} documents
 */
export function operationsOf(documents) {
  /** @type {Map<string, Fragment>} */
  const fragments = new Map();
  /** @type {{ definition: Operation; name: string; location: string | undefined }[]} */
  const operations = [];
  for (const file of documents) {
    for (const definition of file.document?.definitions ?? []) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION)
        fragments.set(definition.name.value, definition);
      if (definition.kind === Kind.OPERATION_DEFINITION && definition.name) {
        operations.push({ definition, name: definition.name.value, location: file.location });
      }
    }
  }
  return operations.map(({ definition, name, location }) => {
    const used = spreadFragments(definition, fragments, new Set());
    return {
      name,
      location,
      /** @type {import('graphql').DocumentNode} */
      document: {
        kind: Kind.DOCUMENT,
        definitions: [definition, ...[...used].flatMap((used) => fragments.get(used) ?? [])],
      },
      typeNames: operationTypeNames(definition, used),
    };
  });
}

/**
 * The plugins with the type import added after the leading `add` plugins (the file header).
 * @param {ConfiguredPlugin[]} plugins
 * @param {string} line
 */
function withTypeImport(plugins, line) {
  const headerCount = plugins.findIndex((plugin) => !('add' in plugin));
  const at = headerCount === -1 ? plugins.length : headerCount;
  return [...plugins.slice(0, at), { add: { content: line } }, ...plugins.slice(at)];
}

/** @type {import('@graphql-codegen/plugin-helpers').Types.OutputPreset<{ typesPath: string }>} */
export const preset = {
  buildGeneratesSection: (options) =>
    operationsOf(options.documents).map((operation) => ({
      filename: path.join(options.baseOutputDir, `${operation.name}.ts`),
      plugins: withTypeImport(
        options.plugins,
        `import type { ${operation.typeNames.join(', ')} } from '${options.presetConfig.typesPath}';`,
      ),
      pluginMap: options.pluginMap,
      schema: options.schema,
      schemaAst: options.schemaAst,
      documents: [{ document: operation.document, location: operation.location }],
      config: options.config,
      profiler: options.profiler,
      cache: options.cache,
      documentTransforms: options.documentTransforms,
    })),
};

export default preset;
