// `GET /files/reports/<report>.csv?sets=<JSON>&language=&groupBy=…`: a tabular report as CSV, read
// through the same Apollo server as /graphql (same session, limits, loaders and error codes).
import type { ApolloServer } from '@apollo/server';
import { Router, type Request, type Response } from 'express';
import type { ErrorCode } from '../../lib/errors.js';
import type { GatewayContext } from '../../context.js';
import { statusOf } from '../../lib/files.js';
import { CSV_REPORTS, csvLine, csvOperation, type Table } from './csv.js';

export interface ReportFileDeps {
  apollo: ApolloServer<GatewayContext>;
  context(req: Request, res: Response): Promise<GatewayContext>;
}

interface CsvError {
  code: string;
  message: string;
  fieldErrors?: unknown;
}

function refuse(res: Response, error: CsvError): void {
  res
    .status(
      statusOf[error.code as ErrorCode] ?? (error.code === 'INTERNAL_SERVER_ERROR' ? 500 : 400),
    )
    .set('Cache-Control', 'no-store')
    .json(error);
}

const badRequest = (message: string, field: string): CsvError => ({
  code: 'BAD_USER_INPUT',
  message,
  fieldErrors: [{ field, message: 'validation.invalid' }],
});

/** The URL's parameters as the operation's variables (`sets` as JSON, `groupings` comma-separated). */
function variables(query: Request['query']): Record<string, unknown> | CsvError {
  const text = (name: string) => (typeof query[name] === 'string' ? query[name] : undefined);
  const sets = text('sets');
  if (sets === undefined) return badRequest('Give the report sets as `sets=<JSON array>`.', 'sets');
  let parsed: unknown;
  try {
    parsed = JSON.parse(sets);
  } catch {
    return badRequest('`sets` is not valid JSON.', 'sets');
  }
  const out: Record<string, unknown> = { sets: parsed };
  for (const name of ['language', 'groupBy', 'range']) {
    const value = text(name);
    if (value) out[name] = value;
  }
  const groupings = text('groupings');
  if (groupings !== undefined) out.groupings = groupings.split(',').filter(Boolean);
  const removeBackground = text('removeBackground');
  if (removeBackground !== undefined) out.removeBackground = removeBackground === 'true';
  return out;
}

export function reportFileRoutes({ apollo, context }: ReportFileDeps): Router {
  const router = Router();

  router.get('/reports/:file', async (req, res) => {
    const name = /^([a-z-]+)\.csv$/.exec(req.params.file)?.[1];
    const report = name === undefined ? undefined : CSV_REPORTS[name];
    if (!name || !report) {
      const known = Object.keys(CSV_REPORTS)
        .map((n) => `${n}.csv`)
        .join(', ');
      refuse(res, { code: 'NOT_FOUND', message: `No such report file; one of: ${known}.` });
      return;
    }
    const vars = variables(req.query);
    if ('code' in vars && typeof vars.code === 'string') {
      refuse(res, vars as CsvError);
      return;
    }
    const contextValue = await context(req, res);
    const response = await apollo.executeOperation(
      { query: csvOperation(report), variables: vars },
      { contextValue },
    );
    if (response.body.kind !== 'single') throw new Error('unexpected incremental answer');
    const { data, errors } = response.body.singleResult;
    const first = errors?.[0];
    if (first || !data) {
      refuse(res, {
        code: String(first?.extensions?.code ?? 'INTERNAL_SERVER_ERROR'),
        message: first?.message ?? 'No data.',
        ...(first?.extensions?.fieldErrors ? { fieldErrors: first.extensions.fieldErrors } : {}),
      });
      return;
    }
    const result = (data.report as { result: unknown }).result;
    const table: Table = report.table(result as never);
    res.status(200).set({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}.csv"`,
      'Cache-Control': 'no-store',
    });
    res.write(csvLine(table.header));
    for (const row of table.rows) res.write(csvLine(row));
    res.end();
  });

  return router;
}
