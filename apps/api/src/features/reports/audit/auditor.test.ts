import { describeEachDb } from '../../../test/harness.js';
import { anonymityGate, setTest, type SurveyGate } from '../gate.js';
import { audit, type Ask } from './auditor.js';
import { syntheticSurvey } from './synthetic.js';

const T = 5;
const SURVEYS = Number(process.env.AUDIT_SURVEYS ?? 200);

/** The gate's answers to a request: the set, and with a breakdown each group of it. */
const askGate =
  (gate: SurveyGate): Ask =>
  async (filters, groupBy) => {
    const test = setTest(filters);
    const set = gate.verdict(test);
    const groups = groupBy ? gate.breakdown(test, groupBy) : null;
    return { set, groups };
  };

/** A deliberately weakened gate: the threshold alone, as if differencing did not exist. */
const askThresholdOnly =
  (gate: SurveyGate): Ask =>
  async (filters, groupBy) => {
    const answer = await askGate(gate)(filters, groupBy);
    const weak = (v: { n: number }) => ({ n: v.n, shown: v.n >= T });
    return {
      set: weak(answer.set),
      groups: answer.groups && new Map([...answer.groups].map(([k, v]) => [k, weak(v)])),
    };
  };

describeEachDb('anonymity auditor', (ctx) => {
  it(`finds no group under ${T} in the span of what ${SURVEYS} random surveys show`, async () => {
    const gates = anonymityGate(ctx().db, T);
    let requests = 0;
    let shown = 0;
    for (let seed = 1; seed <= SURVEYS; seed += 1) {
      const survey = await syntheticSurvey(ctx().db, seed);
      const gate = await gates.survey(survey.surveyId, survey.companyId);
      const result = await audit({ ...survey, threshold: T, ask: askGate(gate) });
      requests += result.requests;
      shown += result.shown;
      expect({ seed, leaks: result.leaks, miscounts: result.miscounts }).toEqual({
        seed,
        leaks: [],
        miscounts: [],
      });
      // Whatever is derivable holds at least T people (the span's finest parts).
      if (result.distinct > 0) expect(result.smallestClass).toBeGreaterThanOrEqual(T);
    }
    // The surveys were asked a lot and showed a good deal: the auditor did not pass on nothing.
    expect(requests).toBeGreaterThan(SURVEYS * 100);
    expect(shown).toBeGreaterThan(SURVEYS * 20);
  }, 300_000);

  it('catches the leaks of a rule that only counts each set against the threshold', async () => {
    const gates = anonymityGate(ctx().db, T);
    let caught = 0;
    for (let seed = 1001; seed <= 1010; seed += 1) {
      const survey = await syntheticSurvey(ctx().db, seed);
      const gate = await gates.survey(survey.surveyId, survey.companyId);
      const result = await audit({ ...survey, threshold: T, ask: askThresholdOnly(gate) });
      if (result.leaks.length > 0) caught += 1;
      for (const leak of result.leaks) {
        expect(leak.size).toBeGreaterThan(0);
        expect(leak.size).toBeLessThan(T);
      }
    }
    expect(caught).toBeGreaterThanOrEqual(8);
  });
});
