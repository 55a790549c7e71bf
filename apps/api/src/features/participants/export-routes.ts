import { Router, type Request, type Response } from 'express';
import { authenticate, currentUser, requireRole, type Tokens } from '../../lib/auth.js';
import type { Db } from '../../lib/db.js';
import { HttpError } from '../../lib/errors.js';
import { translator } from '../../lib/i18n.js';
import { isLanguage } from '../../lib/languages.js';
import { anonymityGate, anonymityThreshold as minimumGroup } from '../reports/index.js';
import { surveysService } from '../surveys/index.js';
import { writeParticipants, writeResponses, type ExportSurvey } from './export.js';

export interface ExportDeps {
  db: Db;
  tokens: Tokens;
  /** The smallest number of finished responses the responses export may contain (env). */
  anonymityThreshold: number;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `<action>-<survey short name>.xlsx`, without characters a file system or header would choke on. */
function fileName(action: string, shortName: string): string {
  const safe = (value: string) =>
    value
      .replace(/[\p{Cc}\\/:*?"<>|]+/gu, '')
      .trim()
      .slice(0, 80);
  return `${[safe(action), safe(shortName)].filter(Boolean).join('-') || 'export'}.xlsx`;
}

/**
 * Exports of a survey as .xlsx (administration.md section 7 "Export"), mounted at /export: Admin and
 * PartnerAdmin (section 6: they see the downloads), within the company boundary. The language code
 * chooses headers and value labels; languages without export texts fall back to en-US.
 */
export function exportRoutes({ db, tokens, anonymityThreshold }: ExportDeps): Router {
  const surveys = surveysService(db);
  // The reports' gate: the export holds the released responses, each row with only the units and
  // answers its whole anonymity cell shares (docs/anonymity.md, "Downloads").
  const gates = anonymityGate(db, minimumGroup(anonymityThreshold));
  const router = Router();
  const allowed = [authenticate(tokens), requireRole('Admin', 'PartnerAdmin')];

  async function target(req: Request): Promise<{ survey: ExportSurvey; language: string }> {
    const language = String(req.params.languageCode);
    if (!isLanguage(language)) {
      throw new HttpError('validation-failed', [
        { field: 'languageCode', message: 'validation.invalid' },
      ]);
    }
    const survey = await surveys.get(currentUser(req), String(req.params.surveyId));
    return { survey, language };
  }

  function start(res: Response, action: string, survey: ExportSurvey, language: string): void {
    res.set('Cache-Control', 'no-store');
    res.type(XLSX);
    res.attachment(fileName(translator(language)(`exports.${action}File`), survey.shortName));
  }

  router.get('/participants/:surveyId/:languageCode', ...allowed, async (req, res) => {
    const { survey, language } = await target(req);
    start(res, 'participants', survey, language);
    await writeParticipants(db, survey, language, res);
  });

  router.get('/responses/:surveyId/:languageCode', ...allowed, async (req, res) => {
    const { survey, language } = await target(req);
    const gate = await gates.survey(survey.id, survey.companyId);
    if (!gate.verdict(() => true).shown) throw new HttpError('too_few_responses');
    start(res, 'responses', survey, language);
    await writeResponses(db, survey, gate, language, res);
  });

  return router;
}
