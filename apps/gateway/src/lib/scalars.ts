// The schema's custom scalars. Both travel as strings; input is checked so resolvers get clean values.
import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

function isoInstant(value: unknown): string {
  const date =
    value instanceof Date ? value : typeof value === 'string' ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime()))
    throw new GraphQLError('DateTime must be an ISO 8601 instant.');
  return date.toISOString();
}

const LANGUAGE = /^[a-z]{2,3}(-[A-Z]{2})?$/;

function languageCode(value: unknown): string {
  if (typeof value !== 'string' || !LANGUAGE.test(value)) {
    throw new GraphQLError('LanguageCode must look like `fi-FI`, `sv` or `en-US`.');
  }
  return value;
}

export const DateTime = new GraphQLScalarType<string, string>({
  name: 'DateTime',
  serialize: isoInstant,
  parseValue: isoInstant,
  parseLiteral: (ast) => isoInstant(ast.kind === Kind.STRING ? ast.value : undefined),
});

export const LanguageCode = new GraphQLScalarType<string, string>({
  name: 'LanguageCode',
  serialize: languageCode,
  parseValue: languageCode,
  parseLiteral: (ast) => languageCode(ast.kind === Kind.STRING ? ast.value : undefined),
});
