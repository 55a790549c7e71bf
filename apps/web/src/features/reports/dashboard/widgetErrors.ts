// Which error belongs to which widget: a GraphQL error names the field that failed (`path`), so a
// failed report read shows on its widget only; a failed request (no GraphQL answer) shows on all.
import { CombinedGraphQLErrors } from '@apollo/client/errors';

type Path = readonly (string | number)[];

const startsWith = (long: Path, short: Path) => short.every((part, index) => long[index] === part);

/** The error for the widget reading `path` (e.g. ['report', 'enps']); null when its read went well. */
export function errorFor(error: unknown, path: Path, message: (error: unknown) => string) {
  if (!error) return null;
  if (!CombinedGraphQLErrors.is(error)) return message(error);
  const own = error.errors.find((entry) => {
    const at = entry.path ?? [];
    return startsWith(at, path) || startsWith(path, at);
  });
  return own ? message(new CombinedGraphQLErrors({ errors: [own] })) : null;
}
