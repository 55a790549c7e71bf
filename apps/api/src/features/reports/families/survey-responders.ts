import type { AuthUser } from '../../../lib/auth.js';
import type { ReportContext } from '../sets.js';

/** Released finished participants per survey (the package needs at least the threshold). */
export async function surveyResponders(
  { surveys, gates, gateWaitMs }: ReportContext,
  user: AuthUser,
  surveyIds: string[],
) {
  const result = [];
  for (const id of surveyIds) {
    const survey = await surveys.head(user, id);
    const gate = await gates.survey(survey.id, survey.companyId, { waitMs: gateWaitMs });
    result.push({ surveyId: survey.id, responders: gate.verdict(() => true).n });
  }
  return result;
}
