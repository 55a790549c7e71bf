import { Router, type RequestHandler, type Response } from 'express';
import { authenticate, currentUser, requireRole, type Tokens } from '../../lib/auth.js';
import type { Db } from '../../lib/db.js';
import { jsonChunks } from '../../lib/raw-json.js';
import { parseBody } from '../../lib/validation.js';
import { anonymityThreshold } from './anonymity.js';
import * as schemas from './schemas.js';
import { reportsService } from './service.js';

export interface ReportsDeps {
  db: Db;
  tokens: Tokens;
  /** ANONYMITY_THRESHOLD: the smallest group a report shows (never below 3). */
  anonymityThreshold: number;
  /** REPORT_CELL_STATS: figures summed from cell statistics (off: read from the rows). */
  cellStats?: boolean;
  /** How long a read waits for a survey's gate still being built (REPORT_GATE_WAIT_MS). */
  gateWaitMs?: number;
}

/**
 * A read waits this long for a survey's anonymity gate and its release's cell statistics still
 * being made (a fresh database's first read of a large survey), then answers `503 gate-preparing`
 * with Retry-After: well under the gateway's 5 s wait for an answer's headers, which would
 * otherwise answer the reader a 504.
 */
export const GATE_WAIT_MS = 2_000; // REPORT_GATE_WAIT_MS's default (env.ts)

/**
 * Sends an answer whose comment lists are the database's JSON text (RawJson), in pieces that go to
 * the socket one by one rather than as one string made for the purpose.
 */
function sendChunks(res: Response, answer: unknown): void {
  const chunks = jsonChunks(answer);
  const length = chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk), 0);
  res.type('json').set('Content-Length', String(length));
  for (const chunk of chunks) res.write(chunk);
  res.end();
}

/**
 * Report reads (reporting.md section 7). Mounted at the root before the surveys routes (it owns
 * /surveys/surveyresponders), so each route authenticates itself. Every read checks the company
 * boundary of its surveys; SuperUser and User read only ended surveys; all-data sets are Admin only.
 */
export function reportsRoutes({
  db,
  tokens,
  anonymityThreshold: configured,
  cellStats,
  gateWaitMs = GATE_WAIT_MS,
}: ReportsDeps): Router {
  const service = reportsService(db, anonymityThreshold(configured), { cellStats, gateWaitMs });
  const router = Router();
  const noStore: RequestHandler = (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  };
  const signedIn = [authenticate(tokens), noStore];

  const reads = {
    currentsatisfaction: service.currentSatisfaction,
    mostimportanttop30: service.mostImportantTop30,
    mostimportanttop10: service.mostImportantTop10,
    realizationtop10: service.realizationTop10,
    realizationbyvariables: service.realizationByVariables,
    lindexcompare: service.lindexCompare,
    lindexgrouped: service.lindexGrouped,
    enps: service.enps,
    correlationmatrix: service.correlationMatrix,
    filterchoices: service.filterChoices,
  };
  for (const [path, read] of Object.entries(reads)) {
    router.get(`/report/${path}`, ...signedIn, async (req, res) => {
      res.json(await read(currentUser(req), parseBody(schemas.reportQuery, req.query)));
    });
  }

  router.get('/report/opencomments', ...signedIn, async (req, res) => {
    const { after, limit, ...query } = parseBody(schemas.commentListQuery, req.query);
    const page = { limit, ...(after ? { after } : {}) };
    sendChunks(res, await service.openComments(currentUser(req), query, page));
  });

  router.get('/report/opencommentcounts', ...signedIn, async (req, res) => {
    const { indexRange, ...query } = parseBody(schemas.commentCountsQuery, req.query);
    res.json(await service.openCommentCounts(currentUser(req), query, indexRange));
  });

  router.get('/report/opencommentpage', ...signedIn, async (req, res) => {
    const { type, criterion, after, limit, indexRange, ...query } = parseBody(
      schemas.commentPageQuery,
      req.query,
    );
    const page = {
      type,
      criterion,
      limit,
      ...(after ? { after } : {}),
      ...(indexRange ? { indexRange } : {}),
    };
    res.json(await service.openCommentPage(currentUser(req), query, page));
  });

  router.get('/report/lmap', ...signedIn, async (req, res) => {
    res.json(await service.lmap(currentUser(req), parseBody(schemas.lmapQuery, req.query)));
  });

  router.get('/report/changejobwillingness/:id', ...signedIn, async (req, res) => {
    const { id } = parseBody(schemas.idParam, req.params);
    const query = parseBody(schemas.languageQuery, req.query);
    res.json(await service.changeJobWillingness(currentUser(req), id, query));
  });

  router.get('/report/groupchoices', ...signedIn, (req, res) => {
    const query = parseBody(schemas.languageQuery, req.query);
    res.json(service.groupChoices(query.uiLanguage ?? query.uILanguage ?? 'fi-FI'));
  });

  router.get('/reportsettings/enps', ...signedIn, (_req, res) => {
    res.json(service.enpsSettings());
  });

  router.get('/reportsettings/opencomments', ...signedIn, (_req, res) => {
    res.json(service.openCommentSettings());
  });

  router.get('/rollup/top20rollupdata', ...signedIn, requireRole('Admin'), async (_req, res) => {
    res.json(await service.top20());
  });

  router.get('/rollup/trend/:id', ...signedIn, async (req, res) => {
    const { id } = parseBody(schemas.idParam, req.params);
    res.json(await service.trend(currentUser(req), id));
  });

  router.get('/surveys/surveyresponders', ...signedIn, async (req, res) => {
    const { surveyIds } = parseBody(schemas.respondersQuery, req.query);
    res.json(await service.surveyResponders(currentUser(req), surveyIds));
  });

  return router;
}
