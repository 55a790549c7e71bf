import { Router } from 'express';
import { accountService, type AccountService } from '../account/index.js';
import type { Config } from '../../env.js';
import { authenticate, currentUser, requireRole, type Tokens } from '../../lib/auth.js';
import type { Db } from '../../lib/db.js';
import { messageIdFor, type MailOutbox } from '../../lib/mail-queue.js';
import { waitForDelivery } from '../logs/writer.js';
import { parseBody } from '../../lib/validation.js';
import * as schemas from './schemas.js';
import { usersService } from './service.js';

export interface UsersRouteDeps {
  db: Db;
  outbox: MailOutbox;
  config: Pick<Config, 'WEB_URL' | 'MAIL_FROM'>;
  tokens: Tokens;
  /** The account feature's service (confirmation emails); built from the deps when not given. */
  accounts?: AccountService;
}

/** `/user`: users and their unit or company access, for Admin, PartnerAdmin and SuperUser. */
export function usersRoutes(deps: UsersRouteDeps): Router {
  const service = usersService({ db: deps.db, accounts: deps.accounts ?? accountService(deps) });
  const router = Router();

  router.use(authenticate(deps.tokens), requireRole('Admin', 'PartnerAdmin', 'SuperUser'));
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store'); // personal data
    next();
  });

  router.get('/:skip/:take', async (req, res) => {
    const { skip, take } = parseBody(schemas.pageParams, req.params);
    const query = parseBody(schemas.listQuery, req.query);
    res.json(
      await service.list(currentUser(req), {
        skip,
        take,
        query: query.query,
        orderBy: query.order ?? 'email',
        direction: query.direction ?? 'ASC',
      }),
    );
  });

  router.get('/:id', async (req, res) => {
    res.json(await service.get(currentUser(req), req.params.id));
  });

  router.post('/', async (req, res) => {
    const body = parseBody(schemas.createBody, req.body);
    res.status(201).json(await service.create(currentUser(req), body));
  });

  router.put('/', async (req, res) => {
    const body = parseBody(schemas.updateBody, req.body);
    res.json(await service.update(currentUser(req), body));
  });

  // The email may come in the body or, for clients that send no DELETE body, in the query.
  router.delete('/', async (req, res) => {
    const given = typeof req.body === 'object' && req.body?.email ? req.body : req.query;
    const { email } = parseBody(schemas.emailBody, given);
    await service.remove(currentUser(req), email);
    res.status(204).end();
  });

  router.post('/units', async (req, res) => {
    const { email, unitIds } = parseBody(schemas.unitsBody, req.body);
    res.json(await service.setUnits(currentUser(req), email, unitIds));
  });

  router.post('/companies', async (req, res) => {
    const { email, companyIds } = parseBody(schemas.companiesBody, req.body);
    res.json(await service.setCompanies(currentUser(req), email, companyIds));
  });

  router.post('/ResendConfirmationEmail', async (req, res) => {
    const { email } = parseBody(schemas.emailBody, req.body);
    const key = await service.resendConfirmation(currentUser(req), email);
    // The answer says how the queued mail fared, waiting a few seconds for the worker.
    const outcome = await waitForDelivery(deps.db, messageIdFor(key, deps.config.MAIL_FROM));
    res.json(outcome.ok ? { delivered: true } : { delivered: false, reason: outcome.reason });
  });

  return router;
}
