import { Router, type RequestHandler } from 'express';
import type { Db } from '../../lib/db.js';
import { HttpError } from '../../lib/errors.js';
import {
  clientAddress,
  giveBack,
  signInAttempt,
  take,
  type Limits,
} from '../../lib/limits/limits.js';
import type { Mailer } from '../../lib/mail.js';
import { parseBody } from '../../lib/validation.js';
import * as schemas from './schemas.js';
import { questionnaireService } from './service.js';

export interface QuestionnaireDeps {
  db: Db;
  mailer: Mailer;
  limits: Limits;
}

/**
 * The participant's questionnaire (issue 16), public: the participation token is the credential.
 * It travels in the JSON body, never in a URL, so no access log holds it.
 */
export function questionnaireRoutes({ db, mailer, limits }: QuestionnaireDeps): Router {
  const service = questionnaireService(db, mailer);
  const router = Router();
  const noStore: RequestHandler = (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  };

  // A PIN has 100,000 values. Wrong tries count against the invitation they name (5, then its PIN
  // stops working until a new one is set or sent: queries.ts) and against the client's address;
  // nothing counts per survey, so no stranger can lock a survey's participants out. The exchange
  // is a sign-in attempt of the address too. All counts are shared by every API instance.
  router.post('/pin', noStore, signInAttempt(limits), async (req, res) => {
    // Counted as wrong until it proves right (malformed tries count too).
    const address = clientAddress(req);
    await take(limits.wrongPinsPerAddress, address);
    let answer;
    try {
      const body = parseBody(schemas.pinBody, req.body);
      answer = await service.tokenByPin(body.surveyId, body.email, body.pin);
    } catch (error) {
      if (!(error instanceof HttpError && error.status < 500))
        await giveBack(limits.wrongPinsPerAddress, address);
      throw error;
    }
    await giveBack(limits.wrongPinsPerAddress, address);
    res.json(answer);
  });

  router.post('/open', noStore, async (req, res) => {
    const { token } = parseBody(schemas.openBody, req.body);
    res.json(await service.open(token));
  });

  router.put('/draft', noStore, async (req, res) => {
    const body = parseBody(schemas.draftBody, req.body);
    res.json(await service.saveDraft(body.token, body.answers, body.languageCode));
  });

  router.post('/finish', noStore, async (req, res) => {
    const body = parseBody(schemas.finishBody, req.body);
    res.json(await service.finish(body.token, body.answers, body.languageCode));
  });

  return router;
}
