import { seedScale } from '../../demo/scale.js';
import { describeEachDb } from '../../test/harness.js';
import { syntheticSurvey } from './audit/synthetic.js';
import { anonymityGate, setTest } from './gate.js';

const T = 5;

describeEachDb('anonymity gate built in a worker thread', (ctx) => {
  it("answers other requests while a large survey's gate is being built", async () => {
    // Its first build checks answer partitions for seconds (docs/anonymity.md).
    const large = await seedScale(ctx().db, { count: 1_000, seed: 'gate-in-a-worker' });
    const small = await syntheticSurvey(ctx().db, 3);
    const gates = anonymityGate(ctx().db, T);
    let built = false;
    const building = gates.survey(large.surveyId, large.companyId).then((gate) => {
      built = true;
      return gate;
    });
    // Another endpoint, and another survey's gate (built in a worker of its own), meanwhile.
    expect((await ctx().http().get('/healthz')).status).toBe(200);
    const other = await gates.survey(small.surveyId, small.companyId);
    expect(other.verdict(setTest({})).n).toBe(small.people.length);
    expect(built).toBe(false);
    // A second read of the large survey while it builds waits for the same build.
    const [gate, again] = await Promise.all([
      building,
      gates.survey(large.surveyId, large.companyId),
    ]);
    expect(again).toBe(gate);
    expect(gate.verdict(setTest({})).n).toBe(1_000);
    // The first build checks three choices (best-partitions.ts): 13 s of CPU from the built code,
    // more from the TypeScript sources, at load 20 on 2 cores over the default 60 s.
  }, 300_000);
});
