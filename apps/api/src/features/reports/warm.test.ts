import { createLogger } from '../../lib/logger.js';
import { describeEachDb } from '../../test/harness.js';
import { syntheticSurvey } from './audit/synthetic.js';
import { anonymityGate } from './gate.js';
import { warmGates } from './warm.js';

const T = 5;

describeEachDb('anonymity gates warmed in the background', (ctx) => {
  it('builds the ended surveys’ gates, and stops when told to', async () => {
    const survey = await syntheticSurvey(ctx().db, 11);
    const logger = createLogger('warn');
    // Told to stop before it starts (the API closing): no gate built.
    expect(await warmGates(ctx().db, T, logger, AbortSignal.abort())).toBe(0);
    const warmed = await warmGates(ctx().db, T, logger);
    expect(warmed).toBeGreaterThanOrEqual(1);
    // A read after warming takes the gate warming built (one promise per release).
    const gates = anonymityGate(ctx().db, T);
    const [first, again] = await Promise.all([
      gates.survey(survey.surveyId, survey.companyId),
      gates.survey(survey.surveyId, survey.companyId),
    ]);
    expect(again).toBe(first);
  });
});
