import type { AuthUser } from '../../../lib/auth.js';
import { HttpError } from '../../../lib/errors.js';
import { findUserUnitIds } from '../../users/index.js';
import { and, type Condition } from '../filters.js';
import { both, inAnyUnit, type SuppressionReason } from '../gate.js';
import type { ReportQuery } from '../schemas.js';
import {
  resolve,
  seesOnlyEnded,
  validation,
  type ReportContext,
  type ResolvedSet,
} from '../sets.js';
import type { T } from '../texts.js';

/**
 * Whose comments a query may read (reporting.md section 6, docs/anonymity.md): the first set's,
 * limited to the user's units under restrictOpenCommentsByUnit, judged by the gate as a list of
 * people's own comments (listVerdict: a union of whole unit cells, not only a shown set).
 * `condition` is null when nothing may be read; `reason` is set when the list is not shown but
 * the company allows small-group comments (then without the L-index).
 */
/** Why the set's comments may not be listed although its figures are shown; null if they may. */
function listReason(main: ResolvedSet): SuppressionReason | null {
  const verdict = main.gate?.listVerdict(main.test);
  return verdict && !verdict.shown ? verdict.reason : null;
}

export async function commentScope(ctx: ReportContext, user: AuthUser, query: ReportQuery, t: T) {
  const sets = await resolve(ctx, user, { ...query, groupBy: undefined }, t);
  const main = sets[0] as ResolvedSet;
  const { survey, company } = main;
  if (!survey || !company) throw validation('sets.0.wholeData', 'reports.query.surveyOnly');
  if (user.role === 'User') {
    const from = survey.showOpenComments ? new Date(survey.showOpenComments) : null;
    if (!from || from > new Date()) throw new HttpError('forbidden');
  }
  let condition: Condition | null = main.condition;
  let reason = main.reason ?? listReason(main);
  if (company.settings.restrictOpenCommentsByUnit && seesOnlyEnded(user) && main.gate) {
    const mine = await findUserUnitIds(ctx.db, user.id);
    if (mine.length > 0) {
      condition = and(main.condition, (p) => `r.unit_ids && ${p.add(mine, '::uuid[]')}`);
      // The comments the user reads are a set of their own, judged by the same gate.
      const verdict = main.gate.listVerdict(both(main.test, inAnyUnit(mine)));
      reason = reason ?? (verdict.shown ? null : verdict.reason);
    }
  }
  if (reason && !company.settings.allowViewCommentsOfSmallGroup) condition = null;
  return { sets, main, survey, condition, reason, trend: survey.baseSurveyId !== null };
}
