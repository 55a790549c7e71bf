// `GET /files/supervisor-packages/<id>.pdf?language=`: the supervisor's unit package as a PDF made
// on the server, the link's target in the console (issue 32). Read through the same Apollo server
// as /graphql: `supervisorPackage` decides who may read it (the unit's supervisors and the company's
// staff, as for the link), and the slides' data is the web package page's own fragment
// (packages/report-slides/src/package.graphql), so both PDFs show the same slides and numbers.
// The PDF served is the one the API's send job stored for the language; one nobody was sent in
// (an Admin's English) is built here when asked for.
// `POST /files/supervisor-packages/build?surveyId=&unitId=&language=` is that job's build: it
// answers the PDF as the bearer of the request's Authorization header (the supervisor's token the
// job issued), which every read passes on to the API; it takes no cookie, so no page can start one.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ApolloServer } from '@apollo/server';
import type { PackageData } from '@survey/report-slides';
import { Router, type Request, type Response } from 'express';
import type { GatewayContext } from '../../../context.js';
import type { RestClient } from '../../../lib/rest-client.js';
import { statusOf } from '../../../lib/files.js';
import type { ErrorCode } from '../../../lib/errors.js';
import { consoleLanguage } from './languages.js';
import type { RenderPool } from './pool.js';

export interface PackagePdfDeps {
  apollo: ApolloServer<GatewayContext>;
  context(req: Request, res: Response): Promise<GatewayContext>;
  /** The API, for the stored PDFs (bytes, which the JSON client does not read). */
  rest: RestClient;
  /** Draws the PDFs (worker threads). */
  pool: RenderPool;
}

const FRAGMENT = readFileSync(
  createRequire(import.meta.url).resolve('@survey/report-slides/package.graphql'),
  'utf8',
);

const PACKAGE = `query SupervisorPackagePdf($id: ID!) {
  supervisorPackage(id: $id) { id surveyId unitId unitName status }
}`;

const SLIDES = `query SupervisorPackagePdf_Slides($surveyId: ID!, $unitId: ID, $language: LanguageCode) {
  reportPackage(surveyId: $surveyId, unitId: $unitId, language: $language) {
    ...PackageSlides_reportPackage
  }
  reportSettings {
    anonymityThreshold
  }
}
${FRAGMENT}`;

interface Refusal {
  code: string;
  message: string;
  reason?: string;
}

class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

function refuse(res: Response, { code, ...rest }: Refusal): void {
  const status = statusOf[code as ErrorCode] ?? (code === 'INTERNAL_SERVER_ERROR' ? 500 : 400);
  res
    .status(status)
    .set('Cache-Control', 'no-store')
    .json({ code, ...rest });
}

/** One operation's data as the user; its first error as a refusal. */
async function run<T>(
  deps: PackagePdfDeps,
  contextValue: GatewayContext,
  query: string,
  variables: Record<string, unknown>,
): Promise<T> {
  const response = await deps.apollo.executeOperation({ query, variables }, { contextValue });
  if (response.body.kind !== 'single') throw new Error('unexpected incremental answer');
  const { data, errors } = response.body.singleResult;
  const first = errors?.[0];
  if (first || !data) {
    throw new Refused({
      code: String(first?.extensions?.code ?? 'INTERNAL_SERVER_ERROR'),
      message: first?.message ?? 'No data.',
    });
  }
  return data as T;
}

interface Slides {
  reportPackage: PackageData | null;
  reportSettings: { anonymityThreshold: number };
}

interface PackageRow {
  supervisorPackage: {
    id: string;
    surveyId: string;
    unitId: string;
    unitName: string;
    status: string;
  } | null;
}

function sendPdf(res: Response, id: string, pdf: Buffer): void {
  res.status(200).set({
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="package-${id}.pdf"`,
    'Cache-Control': 'no-store',
  });
  res.end(pdf);
}

const gone = { code: 'NOT_FOUND', message: 'This unit has no package.' };

/** The unit's package slides as the context's user reads them, as PDF bytes. */
async function buildPdf(
  deps: PackagePdfDeps,
  contextValue: GatewayContext,
  surveyId: string,
  unitId: string,
  language: string,
): Promise<Buffer> {
  const { reportPackage, reportSettings } = await run<Slides>(deps, contextValue, SLIDES, {
    surveyId,
    unitId,
    language,
  });
  if (!reportPackage?.enoughResponders) throw new Refused({ ...gone, reason: 'BELOW_THRESHOLD' });
  return deps.pool.render(reportPackage, language, reportSettings.anonymityThreshold);
}

/** The PDF the send job stored for the package in `language`, read as the user; null when none. */
async function storedPdf(
  deps: PackagePdfDeps,
  contextValue: GatewayContext,
  id: string,
  language: string,
): Promise<Buffer | null> {
  const response = await deps.rest.stream({
    method: 'GET',
    path: `/supervisors/packages/${id}/pdf?language=${encodeURIComponent(language)}`,
    token: contextValue.session.token,
    requestId: contextValue.requestId,
  });
  if (response.status === 404) {
    await response.body.dump();
    return null;
  }
  if (response.status !== 200) {
    await response.body.dump();
    throw new Error(`stored package PDF: the API answered ${response.status}`);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of response.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function packagePdf(deps: PackagePdfDeps, req: Request, res: Response): Promise<void> {
  const file = typeof req.params.file === 'string' ? req.params.file : '';
  const id = /^([0-9a-f-]{36})\.pdf$/i.exec(file)?.[1];
  const language = consoleLanguage(
    typeof req.query.language === 'string' ? req.query.language : 'en-US',
  );
  if (!id || !language) {
    refuse(res, { code: 'BAD_USER_INPUT', message: 'Give `<package id>.pdf?language=<code>`.' });
    return;
  }
  const contextValue = await deps.context(req, res);
  const { supervisorPackage: row } = await run<PackageRow>(deps, contextValue, PACKAGE, { id });
  if (!row) throw new Refused({ code: 'NOT_FOUND', message: 'No such package.' });
  if (row.status !== 'SENT') throw new Refused({ ...gone, reason: row.status });
  const pdf =
    (await storedPdf(deps, contextValue, row.id, language)) ??
    (await buildPdf(deps, contextValue, row.surveyId, row.unitId, language));
  sendPdf(res, row.id, pdf);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function jobBuild(deps: PackagePdfDeps, req: Request, res: Response): Promise<void> {
  const param = (name: string) => (typeof req.query[name] === 'string' ? req.query[name] : '');
  const [surveyId, unitId] = [param('surveyId'), param('unitId')];
  const language = consoleLanguage(param('language'));
  if (!UUID.test(surveyId) || !UUID.test(unitId) || !language) {
    refuse(res, {
      code: 'BAD_USER_INPUT',
      message: 'Give `surveyId`, `unitId` and `language`.',
    });
    return;
  }
  const contextValue = await deps.context(req, res);
  if (contextValue.session.via !== 'header')
    throw new Refused({ code: 'UNAUTHENTICATED', message: 'Send the token as a bearer token.' });
  sendPdf(res, unitId, await buildPdf(deps, contextValue, surveyId, unitId, language));
}

/** Runs a handler; a refusal becomes its JSON answer. */
const answering =
  (deps: PackagePdfDeps, handler: typeof packagePdf) => async (req: Request, res: Response) => {
    try {
      await handler(deps, req, res);
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      refuse(res, error.refusal);
    }
  };

export function supervisorPackagePdfRoutes(deps: PackagePdfDeps): Router {
  const router = Router();
  router.post('/supervisor-packages/build', answering(deps, jobBuild));
  router.get('/supervisor-packages/:file', answering(deps, packagePdf));
  return router;
}
