import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import {
  buildASTSchema,
  parse,
  visit,
  type DocumentNode,
  type EnumValueDefinitionNode,
  type GraphQLSchema,
} from 'graphql';

/** The folder holding one `.graphql` file per domain. */
export const sdlDirectory = fileURLToPath(new URL('../src/', import.meta.url));

/** Domain SDL files in a stable order: the roots (`scalars`) first, then alphabetical. */
export function sdlFiles(): string[] {
  const names = readdirSync(sdlDirectory).filter((name) => name.endsWith('.graphql'));
  names.sort((a, b) =>
    a === 'scalars.graphql' ? -1 : b === 'scalars.graphql' ? 1 : a.localeCompare(b),
  );
  return names.map((name) => join(sdlDirectory, name));
}

/** All domain SDL as one document (type extensions included). */
export const typeDefs: DocumentNode = parse(
  sdlFiles()
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n'),
);

/** The executable-shape schema without resolvers, for printing and validation. */
export function buildSchema(): GraphQLSchema {
  return buildASTSchema(typeDefs);
}

const isDeprecated = (node: EnumValueDefinitionNode) =>
  node.directives?.some((directive) => directive.name.value === 'deprecated') ?? false;

/**
 * The schema as a client that reads renamed enum values ALL_CAPS sees it (`Survey-Enum-Values:
 * ALL_CAPS`): without the deprecated earlier spellings. The web's operations are generated against
 * it, so a web operation that still names an earlier spelling fails codegen.
 */
export function allCapsClientSchema(): GraphQLSchema {
  return buildASTSchema(
    visit(typeDefs, { EnumValueDefinition: (node) => (isDeprecated(node) ? null : undefined) }),
  );
}
