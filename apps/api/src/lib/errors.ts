import type { ErrorRequestHandler, RequestHandler } from 'express';

/** Every problem the API answers with; `detail` is the stable machine code clients switch on. */
const catalogue = {
  'validation-failed': { status: 400, title: 'Validation failed' },
  'password-rule': { status: 400, title: 'Password does not meet the rule' },
  'incorrect-code': { status: 400, title: 'Incorrect code' },
  'invalid-code': { status: 400, title: 'Invalid or expired code' },
  'invalid-credentials': { status: 401, title: 'Invalid credentials' },
  unauthenticated: { status: 401, title: 'Authentication required' },
  'session-not-found': { status: 401, title: 'Two-factor session not found' },
  locked_out: { status: 403, title: 'Account locked' },
  locked_out_2fa: { status: 403, title: 'Two-factor session locked' },
  forbidden: { status: 403, title: 'Forbidden' },
  'survey-not-ended': { status: 403, title: 'The results open when the survey ends' },
  'not-found': { status: 404, title: 'Not found' },
  'parallel-survey': { status: 409, title: 'The company already has a survey that has not ended' },
  'survey-ended': {
    status: 409,
    title: 'The survey has ended: invitations and reminders can no longer be sent',
  },
  'unit-in-use': { status: 409, title: 'The unit is used by participants or answers' },
  'unit-name-taken': { status: 409, title: 'The level already has a unit of that name' },
  'questionnaire-closed': {
    status: 409,
    title: 'The questionnaire is not open: not started, ended, answered or not invited',
  },
  too_few_responses: {
    status: 409,
    title: 'Fewer finished responses than the anonymity threshold',
  },
  unsupported_file: { status: 400, title: 'Unsupported file: upload an .xlsx spreadsheet' },
  invalid_spreadsheet: { status: 400, title: 'The spreadsheet cannot be imported' },
  'payload-too-large': { status: 413, title: 'Payload too large' },
  'rate-limited': { status: 429, title: 'Too many requests' },
  'ai-spending-cap': { status: 429, title: "Today's AI spending cap is reached" },
  'ai-provider-failed': { status: 502, title: 'The AI provider did not answer' },
  'unsupported-language': { status: 400, title: 'Language not supported' },
  'internal-error': { status: 500, title: 'Internal server error' },
  'not-ready': { status: 503, title: 'Not ready' },
  'gate-preparing': {
    status: 503,
    title: "The survey's results are being prepared: try again after Retry-After seconds",
  },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemDetail = keyof typeof catalogue;

export interface FieldError {
  field: string;
  /** A translation key, e.g. `account.confirm.passwordInvalid`. */
  message: string;
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: ProblemDetail;
  errors?: FieldError[];
  /**
   * Seconds until a new try may pass (also the Retry-After header): a 429's limit, or a
   * `gate-preparing` survey whose anonymity gate is still being built.
   */
  retryAfter?: number;
}

export class HttpError extends Error {
  readonly status: number;

  constructor(
    readonly detail: ProblemDetail,
    readonly errors?: FieldError[],
  ) {
    super(detail);
    this.status = catalogue[detail].status;
  }
}

/** A refusal that says when to try again (the Retry-After header and `retryAfter`). */
export class RetryLaterError extends HttpError {
  constructor(
    detail: 'rate-limited' | 'gate-preparing',
    readonly retryAfterSeconds: number,
  ) {
    super(detail);
  }
}

/** 429 `rate-limited`, with the seconds until the limit lets the caller try again. */
export class RateLimitedError extends RetryLaterError {
  constructor(retryAfterSeconds: number) {
    super('rate-limited', retryAfterSeconds);
  }
}

export function problem(detail: ProblemDetail, errors?: FieldError[]): Problem {
  const { status, title } = catalogue[detail];
  return {
    type: `https://survey-console.dev/problems/${detail}`,
    title,
    status,
    detail,
    ...(errors ? { errors } : {}),
  };
}

function bodyParserProblem(error: unknown): Problem | undefined {
  if (typeof error !== 'object' || error === null || !('type' in error)) return undefined;
  if (error.type === 'entity.parse.failed') {
    return problem('validation-failed', [{ field: 'body', message: 'validation.invalid' }]);
  }
  if (error.type === 'entity.too.large') return problem('payload-too-large');
  return undefined;
}

export const notFound: RequestHandler = (_req, _res, next) => next(new HttpError('not-found'));

/** Turns anything thrown into problem+json; 5xx bodies carry no details, the log does. */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  let body: Problem;
  if (error instanceof HttpError) {
    body = problem(error.detail, error.errors);
  } else {
    body = bodyParserProblem(error) ?? problem('internal-error');
  }
  // A refusal that names its retry (results still being prepared) is expected, not a failure.
  if (body.status >= 500 && !(error instanceof RetryLaterError))
    req.log.error({ err: error }, 'request failed');
  if (res.headersSent) return;
  if (error instanceof RetryLaterError) {
    body.retryAfter = error.retryAfterSeconds;
    res.set('Retry-After', String(error.retryAfterSeconds));
  }
  res.status(body.status).type('application/problem+json').json(body);
};
