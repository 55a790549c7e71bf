import { Router } from 'express';
import { authenticate, currentUser, requireRole, type Tokens } from '../../lib/auth.js';
import type { Db } from '../../lib/db.js';
import { parseBody } from '../../lib/validation.js';
import * as schemas from './schemas.js';
import { commentsService } from './service.js';

export interface CommentsDeps {
  db: Db;
  tokens: Tokens;
}

/**
 * Comment moderation (administration.md sections 2 and 7). The route table lists the manage
 * comments screen as Admin only, but section 6 lets Admin and PartnerAdmin see it on the survey
 * page: both may moderate, a PartnerAdmin only in assigned companies.
 */
export const MODERATORS = ['Admin', 'PartnerAdmin'] as const;

export function commentsRoutes({ db, tokens }: CommentsDeps): Router {
  const service = commentsService(db);
  const router = Router();
  router.use(authenticate(tokens), requireRole(...MODERATORS));
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.get('/allcomments', async (req, res) => {
    const { surveyId } = parseBody(schemas.listQuery, req.query);
    res.json(await service.list(currentUser(req), surveyId));
  });

  router.patch('/toggleVisibility', async (req, res) => {
    const { surveyId, commentId } = parseBody(schemas.toggleBody, req.body);
    res.json(await service.toggleVisibility(currentUser(req), surveyId, commentId));
  });

  return router;
}
