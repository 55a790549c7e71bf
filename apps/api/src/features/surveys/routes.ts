import { Router } from 'express';
import { authenticate, currentUser, requireRole, type Tokens } from '../../lib/auth.js';
import type { Db } from '../../lib/db.js';
import { parseBody } from '../../lib/validation.js';
import * as schemas from './schemas.js';
import { surveysService } from './service.js';

export interface SurveysDeps {
  db: Db;
  tokens: Tokens;
  /** Kept participant counts of ended surveys (REPORT_CELL_STATS; off: counted on every read). */
  storedCounts?: boolean;
}

/**
 * Reads follow the company boundary for every role (dashboards use them); the administration
 * writes are Admin only (administration.md section 2), the show-open-comments toggle also
 * PartnerAdmin (section 6).
 */
export function surveysRoutes({ db, tokens, storedCounts }: SurveysDeps): Router {
  const service = surveysService(db, { storedCounts });
  const router = Router();
  router.use(authenticate(tokens));
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  const admin = requireRole('Admin');

  router.get('/endingsurveys', async (req, res) => {
    res.json(await service.endingSurveys(currentUser(req)));
  });

  router.get('/comparablesurveys', async (req, res) => {
    const { companyId } = parseBody(schemas.comparableQuery, req.query);
    res.json(await service.comparableSurveys(currentUser(req), companyId));
  });

  router.get('/getcompanydata/:id', async (req, res) => {
    res.json(await service.companyData(currentUser(req), String(req.params.id)));
  });

  router.get('/responseactivity/:id', async (req, res) => {
    res.json(await service.responseActivity(currentUser(req), String(req.params.id)));
  });

  router.post('/create', admin, async (req, res) => {
    res.status(201).json(await service.create(parseBody(schemas.createBody, req.body)));
  });

  router.put('/edit/:id', admin, async (req, res) => {
    const body = parseBody(schemas.editBody, req.body);
    res.json(await service.edit(currentUser(req), String(req.params.id), body));
  });

  router.post('/setenddate', admin, async (req, res) => {
    const { id, endDate } = parseBody(schemas.endDateBody, req.body);
    res.json(await service.setEndDate(currentUser(req), id, endDate));
  });

  router.post('/showopencomments', requireRole('Admin', 'PartnerAdmin'), async (req, res) => {
    const { id, showOpenComments } = parseBody(schemas.showOpenCommentsBody, req.body);
    res.json(await service.setShowOpenComments(currentUser(req), id, showOpenComments));
  });

  router.get('/:skip/:take', async (req, res) => {
    const { skip, take } = parseBody(schemas.paging, req.params);
    const options = parseBody(schemas.listQuery, req.query);
    res.json(await service.list(currentUser(req), { skip, take, ...options }));
  });

  router.get('/:id', async (req, res) => {
    res.json(await service.get(currentUser(req), String(req.params.id)));
  });

  router.delete('/:id', admin, async (req, res) => {
    await service.remove(currentUser(req), String(req.params.id));
    res.status(204).end();
  });

  return router;
}
