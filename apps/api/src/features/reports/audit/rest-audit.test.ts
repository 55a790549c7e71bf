import { describeEachDb } from '../../../test/harness.js';
import { audit } from './auditor.js';
import { restAsk } from './rest-ask.js';
import { syntheticSurvey } from './synthetic.js';

const T = 5;

describeEachDb('anonymity auditor over REST', (ctx) => {
  let token = '';
  const get = async (path: string, query: Record<string, unknown>) => {
    const params = Object.fromEntries(
      Object.entries({ reportLanguage: 'en-US', ...query }).map(([k, v]) => [
        k,
        typeof v === 'string' ? v : JSON.stringify(v),
      ]),
    );
    const res = await ctx().http().get(path).query(params).set('authorization', `Bearer ${token}`);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { data: unknown };
  };

  beforeAll(async () => {
    const admin = await ctx().createUser({ role: 'Admin' });
    token = (await ctx().http().post('/account/login').send(admin)).body.token as string;
  });

  it('finds no group under the threshold derivable from the report reads of an analyst', async () => {
    let shown = 0;
    for (const seed of [3, 6]) {
      const survey = await syntheticSurvey(ctx().db, seed);
      const names = await ctx().db.query<{ id: string; name: string }>(
        'SELECT id, name FROM units WHERE company_id = $1',
        [survey.companyId],
      );
      const unitNames = new Map(names.map((u) => [u.id, u.name]));
      const result = await audit({
        ...survey,
        threshold: T,
        ask: restAsk(get, survey.surveyId, unitNames),
        every: 3,
      });
      shown += result.shown;
      expect({ seed, leaks: result.leaks, miscounts: result.miscounts }).toEqual({
        seed,
        leaks: [],
        miscounts: [],
      });
    }
    expect(shown).toBeGreaterThan(10);
  }, 120_000);
});
