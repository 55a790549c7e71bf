// One sign-in attempt per request. The REST API counts the attempts, per client address and per
// account, in the store every instance shares (apps/api lib/limits); the gateway passes it the
// client address it determined (`trust proxy`), and keeps each request to one attempt so a
// request cannot hide many behind aliases.
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { Kind, parse, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { httpErrorBody } from './errors.js';

/** Mutations that try a secret: a password, a 2FA code, a link code, or a questionnaire PIN. */
const SIGN_IN_FIELDS = new Set([
  'login',
  'verifyTwoFactor',
  'confirmAccount',
  'checkAccountConfirmation',
  'confirmPasswordReset',
  'requestPasswordReset',
  'questionnaireToken',
]);

// A field is selected by its name, which GraphQL cannot escape or spell otherwise: a query whose text
// names no sign-in field selects none, and needs no parsing (Apollo parses each query once, with a
// cache; parsing every request again here cost the gateway CPU on every request).
const MENTIONS_SIGN_IN = new RegExp(`\\b(?:${[...SIGN_IN_FIELDS].join('|')})\\b`);

function operation(document: DocumentNode, name: unknown): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  return typeof name === 'string' && name !== ''
    ? operations.find((o) => o.name?.value === name)
    : operations[0];
}

/** Whether a POST's query names a sign-in field: only such a request can try to sign in. */
export function mayTrySignIn(req: IncomingMessage & { body?: unknown }): boolean {
  const body = req.body;
  if (req.method !== 'POST' || typeof body !== 'object' || body === null) return false;
  const { query } = body as { query?: unknown };
  return typeof query === 'string' && MENTIONS_SIGN_IN.test(query);
}

/** How many sign-in fields the request's mutation selects (aliases would otherwise multiply attempts). */
export function signInAttempts(req: Request, maxTokens: number): number {
  if (!mayTrySignIn(req)) return 0;
  const { query, operationName } = req.body as { query: string; operationName?: unknown };
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens, noLocation: true });
  } catch {
    return 0; // Apollo refuses it with GRAPHQL_PARSE_FAILED.
  }
  const op = operation(document, operationName);
  if (op?.operation !== 'mutation') return 0;
  return op.selectionSet.selections.filter(
    (s) => s.kind === Kind.FIELD && SIGN_IN_FIELDS.has(s.name.value),
  ).length;
}

/** Refuses a request that tries more than one sign-in (400 BAD_REQUEST). */
export function oneSignInPerRequest(maxTokens: number): RequestHandler {
  return (req, res, next) => {
    if (signInAttempts(req, maxTokens) <= 1) return next();
    res.status(400).json(httpErrorBody('BAD_REQUEST', 'One sign-in attempt per request.'));
  };
}
