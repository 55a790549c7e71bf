import { Router } from 'express';
import { authenticate, currentUser, requireRole, type Tokens } from '../../lib/auth.js';
import { HttpError } from '../../lib/errors.js';
import { parseBody } from '../../lib/validation.js';
import * as schemas from './schemas.js';
import type { SupervisorsService } from './service.js';
import type { SendRuns } from './send.js';

export interface SupervisorsDeps {
  service: SupervisorsService;
  tokens: Tokens;
  /** Absent in a process without the job queue: sending answers 503. */
  runs?: SendRuns;
}

/**
 * Unit supervisors and their packages (issue 32): set on the units screen by the roles that manage
 * units; the Supervisors page of a survey for every role (a User sees their own units); sending
 * each supervisor their unit's results for Admins and SuperUsers; a package for its supervisors.
 */
export function supervisorsRoutes({ service, tokens, runs }: SupervisorsDeps): Router {
  const router = Router();
  router.use(authenticate(tokens), (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  const staff = requireRole('Admin', 'PartnerAdmin', 'SuperUser');

  router.get('/company/:id', staff, async (req, res) => {
    const { id } = parseBody(schemas.idParams, req.params);
    res.json(await service.companySupervisors(currentUser(req), id));
  });

  router.get('/units/:id/candidates', staff, async (req, res) => {
    const { id } = parseBody(schemas.idParams, req.params);
    res.json(await service.candidates(currentUser(req), id));
  });

  router.put('/units/:id', staff, async (req, res) => {
    const { id } = parseBody(schemas.idParams, req.params);
    const { userIds } = parseBody(schemas.setSupervisorsBody, req.body);
    res.json(await service.setUnitSupervisors(currentUser(req), id, userIds));
  });

  router.get('/survey/:id', async (req, res) => {
    const { id } = parseBody(schemas.idParams, req.params);
    const filter = parseBody(schemas.overviewQuery, req.query);
    res.json(await service.overview(currentUser(req), id, filter));
  });

  router.post('/survey/:id/send', requireRole('Admin', 'SuperUser'), async (req, res) => {
    const { id } = parseBody(schemas.idParams, req.params);
    if (!runs) throw new HttpError('not-ready');
    res.status(202).json(await runs.start(currentUser(req), id));
  });

  router.get('/packages/:id', async (req, res) => {
    const { id } = parseBody(schemas.idParams, req.params);
    res.json(await service.package(currentUser(req), id));
  });

  router.get('/packages/:id/pdf', async (req, res) => {
    const { id } = parseBody(schemas.idParams, req.params);
    const { language } = parseBody(schemas.pdfQuery, req.query);
    const pdf = await service.storedPdf(currentUser(req), id, language);
    if (!pdf) throw new HttpError('not-found');
    res.type('application/pdf').send(pdf);
  });

  return router;
}
