import { Router } from 'express';
import { authenticate, bearerToken, currentUser } from '../../lib/auth.js';
import { sha256 } from '../../lib/codes.js';
import { signInAttempt, take, type Limits } from '../../lib/limits/limits.js';
import { parseBody } from '../../lib/validation.js';
import * as schemas from './schemas.js';
import { accountService, type AccountDeps } from './service.js';

export function accountRoutes(deps: AccountDeps & { limits: Limits }): Router {
  const service = accountService(deps);
  const signedIn = authenticate(deps.tokens);
  // Each route that tries a secret counts as a sign-in attempt of the client's address. The
  // accounts themselves are protected by the database's lockouts (5 wrong passwords lock an
  // account for 15 minutes; 5 wrong codes end a 2FA sign-in), docs/scaling.md.
  const attempt = signInAttempt(deps.limits);
  const router = Router();

  // Answers carry tokens or personal data: never cache them anywhere.
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.post('/login', attempt, async (req, res) => {
    const { email, password } = parseBody(schemas.loginBody, req.body);
    res.json(await service.login(email, password));
  });

  router.post('/2fa-login', attempt, async (req, res) => {
    const { code } = parseBody(schemas.twoFactorBody, req.body);
    res.json(await service.twoFactorLogin(bearerToken(req), code));
  });

  router.post('/authorize', signedIn, async (req, res) => {
    res.json(await service.account(currentUser(req).id));
  });

  router.post('/refresh', signedIn, async (req, res) => {
    res.json(await service.refresh(currentUser(req)));
  });

  router.post('/confirmemail', attempt, async (req, res) => {
    const { userId, code } = parseBody(schemas.checkConfirmationBody, req.body);
    await service.checkConfirmation(userId, code);
    res.status(204).end();
  });

  router.post('/confirm', attempt, async (req, res) => {
    const { email: userId, code, password } = parseBody(schemas.confirmBody, req.body);
    res.json(await service.confirm(userId, code, password));
  });

  router.post('/reset', attempt, async (req, res) => {
    const { email, language } = parseBody(schemas.resetBody, req.body);
    // The mails a stranger can make an address receive, known account or not (so the answer
    // tells nothing); the links already sent keep working, so this locks nobody out.
    // Keyed by a hash: the limit store holds no email address.
    await take(deps.limits.resetsPerEmail, sha256(email.trim().toLowerCase()));
    await service.requestReset(email, language);
    res.status(204).end();
  });

  router.post('/reset/confirm', attempt, async (req, res) => {
    const { userId, code, password } = parseBody(schemas.resetConfirmBody, req.body);
    await service.confirmReset(userId, code, password);
    res.status(204).end();
  });

  return router;
}
