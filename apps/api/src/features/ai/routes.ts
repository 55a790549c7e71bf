import { Router, type RequestHandler } from 'express';
import { authenticate, currentUser, requireRole, type Tokens } from '../../lib/auth.js';
import { parseBody } from '../../lib/validation.js';
import * as schemas from './schemas.js';
import type { AiService } from './service.js';
import type { AiUsage } from './policy/usage.js';

export interface AiRoutesDeps {
  service: AiService;
  usage: AiUsage;
  tokens: Tokens;
}

/**
 * The AI calls (reporting.md section 7). Each authenticates itself and counts against the caller's
 * per-minute allowance; the playground calls (per-factor and full summaries) and the search index
 * are Admin only, the rest follow the survey's AI settings per role (access.ts).
 */
export function aiRoutes({ service, usage, tokens }: AiRoutesDeps): Router {
  const router = Router();
  const noStore: RequestHandler = (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  };
  const limited: RequestHandler = async (req, _res, next) => {
    await usage.take(currentUser(req));
    next();
  };
  const signedIn = [authenticate(tokens), noStore];
  const admin = [...signedIn, requireRole('Admin')];

  router.post('/summary/openai', ...admin, limited, async (req, res) => {
    res.json(
      await service.factorSummary(currentUser(req), parseBody(schemas.factorSummaryBody, req.body)),
    );
  });

  router.post('/summary/summarization/comments', ...signedIn, limited, async (req, res) => {
    const body = parseBody(schemas.commentsSummaryBody, req.body);
    res.json(await service.commentsSummary(currentUser(req), body));
  });

  router.post('/summary/openai/full-summary', ...admin, limited, async (req, res) => {
    res.json(
      await service.fullSummary(currentUser(req), parseBody(schemas.fullSummaryBody, req.body)),
    );
  });

  router.post('/translate/comments', ...signedIn, limited, async (req, res) => {
    res.json(await service.translate(currentUser(req), parseBody(schemas.translateBody, req.body)));
  });

  router.post('/searchindex/search', ...signedIn, limited, async (req, res) => {
    res.json(await service.search(currentUser(req), parseBody(schemas.searchBody, req.body)));
  });

  router.post('/searchindex/create-index', ...admin, async (req, res) => {
    const body = parseBody(schemas.createIndexBody, req.body);
    res.status(202).json(await service.createIndex(currentUser(req), body));
  });

  router.get('/searchindex/status', ...admin, async (req, res) => {
    const { surveyId } = parseBody(schemas.surveyIdQuery, req.query);
    res.json(await service.indexStatus(currentUser(req), surveyId));
  });

  // The survey id as a query parameter; a JSON body (as some clients send with DELETE) works too.
  router.delete('/searchindex/delete-index', ...admin, async (req, res) => {
    const { surveyId } = parseBody(schemas.surveyIdQuery, {
      ...(req.body as object),
      ...req.query,
    });
    res.json(await service.deleteIndex(currentUser(req), surveyId));
  });

  router.get('/ai/audit', ...admin, async (req, res) => {
    const { surveyId, take } = parseBody(schemas.auditQuery, req.query);
    res.json(await service.audit(surveyId, take));
  });

  router.get('/ai/capabilities', ...signedIn, async (req, res) => {
    const { surveyId } = parseBody(schemas.surveyIdQuery, req.query);
    res.json(await service.capabilities(currentUser(req), surveyId));
  });

  return router;
}
