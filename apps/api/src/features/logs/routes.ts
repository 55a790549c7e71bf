import { Router } from 'express';
import { authenticate, requireRole, type Tokens } from '../../lib/auth.js';
import type { Db } from '../../lib/db.js';
import { parseBody } from '../../lib/validation.js';
import { findLogEntries } from './queries.js';
import { DEFAULT_TAKE, filterQuery, pageParams } from './schemas.js';

export interface LogsDeps {
  db: Db;
  tokens: Tokens;
}

/** The email delivery log (administration.md sections 2, 7 and 9): Admin only. */
export function logsRoutes({ db, tokens }: LogsDeps): Router {
  const router = Router();
  router.use(authenticate(tokens), requireRole('Admin'), (_req, res, next) => {
    // Addresses of people: keep them out of every cache.
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.get('/filter', async (req, res) => {
    const filter = parseBody(filterQuery, req.query);
    res.json(
      await findLogEntries(db, {
        event: filter.event === 'all' ? undefined : filter.event,
        startDate: filter.startDate,
        endDate: filter.endDate,
        timeZone: filter.timeZone ?? 'UTC',
        query: filter.query || undefined,
        hasReason: filter.hasReason ?? false,
        skip: filter.skip ?? 0,
        take: filter.take ?? DEFAULT_TAKE,
      }),
    );
  });

  router.get('/:skip/:take', async (req, res) => {
    const { skip, take } = parseBody(pageParams, req.params);
    res.json(await findLogEntries(db, { timeZone: 'UTC', hasReason: false, skip, take }));
  });

  return router;
}
