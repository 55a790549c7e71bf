import { Router, type Request, type RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { Db } from '../../lib/db.js';
import { HttpError } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import { parseBody } from '../../lib/validation.js';
import * as schemas from './schemas.js';
import { questionnaireService } from './service.js';

export interface QuestionnaireDeps {
  db: Db;
  mailer: Mailer;
  /** Wrong email+PIN tries per survey in PIN_WINDOW_MS, whoever makes them. */
  pinAttemptsPerSurvey?: number;
}

const PIN_WINDOW_MS = 15 * 60_000;

/**
 * The participant's questionnaire (issue 16), public: the participation token is the credential.
 * It travels in the JSON body, never in a URL, so no access log holds it.
 */
export function questionnaireRoutes({
  db,
  mailer,
  pinAttemptsPerSurvey = 20,
}: QuestionnaireDeps): Router {
  const service = questionnaireService(db, mailer);
  const router = Router();
  const noStore: RequestHandler = (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  };

  // A PIN has 100,000 values, so wrong tries are counted per survey, whoever makes them: many
  // addresses together still get only a few dozen a survey per window. (Every call comes through
  // the gateway, so a per-address limit belongs there: its sign-in limit covers this exchange.)
  // Only failures count. The count lives in this process's memory (one API instance today).
  const perSurvey = rateLimit({
    windowMs: PIN_WINDOW_MS,
    limit: pinAttemptsPerSurvey,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req: Request) => {
      const body = req.body as { surveyId?: unknown } | undefined;
      return `survey:${typeof body?.surveyId === 'string' ? body.surveyId : ''}`;
    },
    handler: (_req, _res, next) => next(new HttpError('rate-limited')),
  });

  router.post('/pin', noStore, perSurvey, async (req, res) => {
    const body = parseBody(schemas.pinBody, req.body);
    res.json(await service.tokenByPin(body.surveyId, body.email, body.pin));
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
