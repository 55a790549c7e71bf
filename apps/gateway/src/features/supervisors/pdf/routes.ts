// `GET /files/supervisor-packages/<id>.pdf?language=`: the supervisor's unit package as a PDF made
// on the server, the link's target in the console (issue 32). Read through the same Apollo server
// as /graphql: `supervisorPackage` decides who may read it (the unit's supervisors and the company's
// staff, as for the link), and the slides' data is the web package page's own fragment
// (packages/report-slides/src/package.graphql), so both PDFs show the same slides and numbers.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ApolloServer } from '@apollo/server';
import type { PackageData } from '@survey/report-slides';
import { Router, type Request, type Response } from 'express';
import type { GatewayContext } from '../../../context.js';
import { statusOf } from '../../../lib/files.js';
import type { ErrorCode } from '../../../lib/errors.js';
import { consoleLanguage } from './languages.js';
import { renderPackagePdf } from './render.js';

export interface PackagePdfDeps {
  apollo: ApolloServer<GatewayContext>;
  context(req: Request, res: Response): Promise<GatewayContext>;
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
  if (row.status !== 'SENT')
    throw new Refused({
      code: 'NOT_FOUND',
      message: 'This unit has no package.',
      reason: row.status,
    });
  const { reportPackage, reportSettings } = await run<Slides>(deps, contextValue, SLIDES, {
    surveyId: row.surveyId,
    unitId: row.unitId,
    language,
  });
  if (!reportPackage?.enoughResponders)
    throw new Refused({
      code: 'NOT_FOUND',
      message: 'This unit has no package.',
      reason: 'BELOW_THRESHOLD',
    });
  const pdf = await renderPackagePdf(reportPackage, language, reportSettings.anonymityThreshold);
  res.status(200).set({
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="package-${row.id}.pdf"`,
    'Cache-Control': 'no-store',
  });
  res.end(pdf);
}

export function supervisorPackagePdfRoutes(deps: PackagePdfDeps): Router {
  const router = Router();
  router.get('/supervisor-packages/:file', async (req, res) => {
    try {
      await packagePdf(deps, req, res);
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      refuse(res, error.refusal);
    }
  });
  return router;
}
