import { Router, type RequestHandler } from 'express';
import { authenticate, currentUser, requireRole, type Tokens } from '../../lib/auth.js';
import type { Db } from '../../lib/db.js';
import type { Mailer } from '../../lib/mail.js';
import type { MailOutbox } from '../../lib/mail-queue.js';
import { parseBody } from '../../lib/validation.js';
import * as schemas from './schemas.js';
import { participantsService } from './service.js';

export interface ParticipantsDeps {
  db: Db;
  mailer: Mailer;
  outbox: MailOutbox;
  tokens: Tokens;
  webUrl: string;
}

/**
 * Participant routes (administration.md section 7). Mounted at the root before the surveys
 * routes, so each route authenticates itself. Participant pages are for Admin, PartnerAdmin
 * and SuperUser (section 2); inviting or reminding a whole survey is on the survey details page,
 * which is Admin only; the single invitation and the participation report (`/surveydata/{id}`)
 * are on the participant page. Every call checks the survey's company boundary.
 */
export function participantsRoutes({
  db,
  mailer,
  outbox,
  tokens,
  webUrl,
}: ParticipantsDeps): Router {
  const service = participantsService(db, mailer, outbox, webUrl);
  const router = Router();
  const noStore: RequestHandler = (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  };
  const auth = authenticate(tokens);
  const staff = [auth, noStore, requireRole('Admin', 'PartnerAdmin', 'SuperUser')];
  const admin = [auth, noStore, requireRole('Admin')];

  router.get('/surveys/participants/:surveyId/:skip/:take', ...staff, async (req, res) => {
    const { skip, take } = parseBody(schemas.paging, req.params);
    const { query } = parseBody(schemas.listQuery, req.query);
    const surveyId = String(req.params.surveyId);
    res.json(
      await service.list(currentUser(req), surveyId, { skip, take, ...(query ? { query } : {}) }),
    );
  });

  router.post('/surveys/invite/:id', ...admin, async (req, res) => {
    res.json(await service.invite(currentUser(req), String(req.params.id)));
  });

  router.post('/surveys/remind/:id', ...admin, async (req, res) => {
    res.json(await service.remind(currentUser(req), String(req.params.id)));
  });

  router.get('/surveys/invitesingle/:id', ...staff, async (req, res) => {
    res.json(await service.inviteSingle(currentUser(req), String(req.params.id)));
  });

  router.get('/surveys/mailruns/latest/:surveyId', ...staff, async (req, res) => {
    res.json(await service.latestRun(currentUser(req), String(req.params.surveyId)));
  });

  router.get('/mailruns/:id', ...staff, async (req, res) => {
    res.json(await service.run(currentUser(req), String(req.params.id)));
  });

  router.post('/surveydata/:id', ...staff, async (req, res) => {
    res.json(await service.sendReport(currentUser(req), String(req.params.id)));
  });

  router.get('/participations/:id', ...staff, async (req, res) => {
    res.json(await service.get(currentUser(req), String(req.params.id)));
  });

  router.delete('/participations/delete/:id', ...staff, async (req, res) => {
    await service.remove(currentUser(req), String(req.params.id));
    res.status(204).end();
  });

  router.post('/participations/reopen/:id', ...staff, async (req, res) => {
    res.json(await service.reopen(currentUser(req), String(req.params.id)));
  });

  router.post('/responders/newresponder', ...staff, async (req, res) => {
    const body = parseBody(schemas.createBody, req.body);
    res.status(201).json(await service.create(currentUser(req), body));
  });

  router.get('/responders/forsurvey/:surveyId/:responderId', ...staff, async (req, res) => {
    const { surveyId, responderId } = req.params;
    res.json(await service.forSurvey(currentUser(req), String(surveyId), String(responderId)));
  });

  router.post('/responders/emailinuse/:id', ...staff, async (req, res) => {
    const { email } = parseBody(schemas.emailInUseBody, req.body);
    res.json(await service.emailInUse(currentUser(req), String(req.params.id), email));
  });

  router.post('/responders/:id', ...staff, async (req, res) => {
    const body = parseBody(schemas.updateBody, req.body);
    res.json(await service.update(currentUser(req), String(req.params.id), body));
  });

  return router;
}
