import { Router } from 'express';
import { authenticate, bearerToken, currentUser } from '../../lib/auth.js';
import { parseBody } from '../../lib/validation.js';
import * as schemas from './schemas.js';
import { accountService, type AccountDeps } from './service.js';

export function accountRoutes(deps: AccountDeps): Router {
  const service = accountService(deps);
  const signedIn = authenticate(deps.tokens);
  const router = Router();

  // Answers carry tokens or personal data: never cache them anywhere.
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.post('/login', async (req, res) => {
    const { email, password } = parseBody(schemas.loginBody, req.body);
    res.json(await service.login(email, password));
  });

  router.post('/2fa-login', async (req, res) => {
    const { code } = parseBody(schemas.twoFactorBody, req.body);
    res.json(await service.twoFactorLogin(bearerToken(req), code));
  });

  router.post('/authorize', signedIn, async (req, res) => {
    res.json(await service.account(currentUser(req).id));
  });

  router.post('/refresh', signedIn, async (req, res) => {
    res.json(await service.refresh(currentUser(req)));
  });

  router.post('/confirmemail', async (req, res) => {
    const { userId, code } = parseBody(schemas.checkConfirmationBody, req.body);
    await service.checkConfirmation(userId, code);
    res.status(204).end();
  });

  router.post('/confirm', async (req, res) => {
    const { email: userId, code, password } = parseBody(schemas.confirmBody, req.body);
    res.json(await service.confirm(userId, code, password));
  });

  router.post('/reset', async (req, res) => {
    const { email, language } = parseBody(schemas.resetBody, req.body);
    await service.requestReset(email, language);
    res.status(204).end();
  });

  router.post('/reset/confirm', async (req, res) => {
    const { userId, code, password } = parseBody(schemas.resetConfirmBody, req.body);
    await service.confirmReset(userId, code, password);
    res.status(204).end();
  });

  return router;
}
