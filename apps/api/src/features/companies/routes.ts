import { Router } from 'express';
import { authenticate, currentUser, requireRole, type Tokens } from '../../lib/auth.js';
import type { Db } from '../../lib/db.js';
import { parseBody } from '../../lib/validation.js';
import * as schemas from './schemas.js';
import { companiesService } from './service.js';

export interface CompaniesDeps {
  db: Db;
  tokens: Tokens;
}

/**
 * Companies and their unit levels (administration.md sections 2, 3 and 7). Reads stay inside the
 * user's companies; create, edit and delete are Admin only; adding, renaming and deleting units is
 * for the roles that add participants (Admin, PartnerAdmin, SuperUser).
 */
export function companiesRoutes({ db, tokens }: CompaniesDeps): Router {
  const service = companiesService(db);
  const router = Router();
  router.use(authenticate(tokens), (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  const admin = requireRole('Admin');

  router.get('/', async (req, res) => {
    res.json(await service.choices(currentUser(req)));
  });

  router.get('/companiesandsurveys', async (req, res) => {
    const { companyId } = parseBody(schemas.companiesAndSurveysQuery, req.query);
    res.json(await service.companiesAndSurveys(currentUser(req), companyId));
  });

  router.get('/units/newresponder/:id', async (req, res) => {
    const { id } = parseBody(schemas.idParams, req.params);
    res.json(await service.unitLevels(currentUser(req), id));
  });

  const staff = requireRole('Admin', 'PartnerAdmin', 'SuperUser');
  router.post('/newunit', staff, async (req, res) => {
    const unit = parseBody(schemas.newUnitBody, req.body);
    const { id, created } = await service.createUnit(currentUser(req), unit);
    res.status(created ? 201 : 200).json({ id });
  });

  router.put('/units/:id', staff, async (req, res) => {
    const { id } = parseBody(schemas.idParams, req.params);
    const change = parseBody(schemas.unitUpdateBody, req.body);
    res.json(await service.updateUnit(currentUser(req), id, change));
  });

  router.delete('/units/:id', staff, async (req, res) => {
    const { id } = parseBody(schemas.idParams, req.params);
    await service.removeUnit(currentUser(req), id);
    res.status(204).end();
  });

  router.post('/create', admin, async (req, res) => {
    const body = parseBody(schemas.createBody, req.body);
    res.status(201).json(await service.create(body));
  });

  router.put('/', admin, async (req, res) => {
    const body = parseBody(schemas.updateBody, req.body);
    res.json(await service.update(body));
  });

  router.get('/:skip/:take', async (req, res) => {
    const { skip, take } = parseBody(schemas.paging, req.params);
    const { query, order, direction } = parseBody(schemas.listQuery, req.query);
    res.json(
      await service.page(currentUser(req), {
        query: query || undefined,
        order,
        direction,
        skip,
        take,
      }),
    );
  });

  router.get('/:id', async (req, res) => {
    const { id } = parseBody(schemas.idParams, req.params);
    res.json(await service.get(currentUser(req), id));
  });

  router.delete('/:id', admin, async (req, res) => {
    const { id } = parseBody(schemas.idParams, req.params);
    await service.remove(id);
    res.status(204).end();
  });

  return router;
}
