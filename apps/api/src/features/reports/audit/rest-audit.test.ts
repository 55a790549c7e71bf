import ExcelJS from 'exceljs';
import type supertest from 'supertest';
import { describeEachDb } from '../../../test/harness.js';
import { audit, type Ask } from './auditor.js';
import {
  adminReportReader,
  allOf,
  INDEX_RANGES,
  restAsk,
  restCommentAsk,
  restSupervisorsAsk,
} from './rest-ask.js';
import { syntheticSurvey, type SyntheticSurvey } from './synthetic.js';

const T = 5;

describeEachDb('anonymity auditor over REST', (ctx) => {
  const reader = adminReportReader(() => ctx().http());
  const get = (path: string, query: Record<string, unknown>) =>
    reader.get<{ data: unknown }>(path, query);
  const getBody = (path: string, query: Record<string, unknown>) =>
    reader.get<unknown>(path, query);

  /** The report figures by lindexcompare and lindexgrouped, as the first test reads them. */
  const figures = async (survey: SyntheticSurvey) => {
    const names = await ctx().db.query<{ id: string; name: string }>(
      'SELECT id, name FROM units WHERE company_id = $1',
      [survey.companyId],
    );
    return restAsk(get, survey.surveyId, new Map(names.map((u) => [u.id, u.name])));
  };

  /** Seeds from `first` until the ask of a survey makes the auditor find a leak; its kinds. */
  const firstLeak = async (first: number, askOf: (survey: SyntheticSurvey) => Promise<Ask>) => {
    for (let seed = first; seed < first + 20; seed += 1) {
      const survey = await syntheticSurvey(ctx().db, seed);
      // Every sixth request of a shape: a leak shows in a few reads, each costs HTTP calls.
      const result = await audit({ ...survey, threshold: T, ask: await askOf(survey), every: 6 });
      for (const leak of result.leaks) expect(leak.size).toBeLessThan(T);
      if (result.leaks.length > 0) return { seed, kinds: result.leaks.map((leak) => leak.kind) };
    }
    return undefined;
  };

  let token = '';
  beforeAll(async () => {
    token = await reader.signIn(() => ctx().createUser({ role: 'Admin' }));
  });

  it('finds no group under the threshold derivable from the report reads of an analyst', async () => {
    let shown = 0;
    const byRead = new Map<string, number>();
    for (const seed of [3, 6]) {
      const survey = await syntheticSurvey(ctx().db, seed);
      // The figures, the open comments a page at a time and the Supervisors rows together.
      const ask = allOf(
        await figures(survey),
        restCommentAsk(get, survey.surveyId, survey.commentKinds),
        restSupervisorsAsk(getBody, survey.surveyId),
      );
      const result = await audit({ ...survey, threshold: T, ask, every: 3 });
      shown += result.shown;
      for (const [read, n] of result.shownByRead) byRead.set(read, (byRead.get(read) ?? 0) + n);
      expect({ seed, leaks: result.leaks, miscounts: result.miscounts }).toEqual({
        seed,
        leaks: [],
        miscounts: [],
      });
    }
    expect(shown).toBeGreaterThan(10);
    // Each read showed sets: comments were counted and listed (also in each L-index range), units
    // had their rows.
    const reads = ['opencommentcounts', 'opencommentpage', 'supervisors'];
    for (const { name } of INDEX_RANGES) reads.push(`${name} counts`, `${name} page`);
    for (const read of reads)
      expect({ read, shown: (byRead.get(read) ?? 0) > 3 }).toEqual({ read, shown: true });
  }, 600_000);

  it('catches the comments a company shows of small groups when it allows them', async () => {
    // allowViewCommentsOfSmallGroup: the comment reads without the gate (the L-index left out).
    const caught = await firstLeak(31, async (survey) => {
      await ctx().db.query(
        `UPDATE companies SET settings = settings || '{"allowViewCommentsOfSmallGroup": true}'
         WHERE id = $1`,
        [survey.companyId],
      );
      return restCommentAsk(get, survey.surveyId, survey.commentKinds);
    });
    expect(caught?.kinds).toContain('records');
  }, 300_000);

  it("catches comment reads of an L-index range that take other writers than the set's", async () => {
    // A weakened range rule: the range read of the whole survey for every set asked (as if the
    // range were not narrowed to the set), counted against the set's writers in the range.
    const survey = await syntheticSurvey(ctx().db, 3);
    const ask = restCommentAsk(get, survey.surveyId, survey.commentKinds, 10, () => ({}));
    const result = await audit({ ...survey, threshold: T, ask, every: 6 });
    expect(result.miscounts.some((miscount) => /^\d+-\d+ (counts|page) /.test(miscount))).toBe(
      true,
    );
  }, 300_000);

  it('catches Supervisors rows that hide only the units under the threshold', async () => {
    // The rows as they come, read with a weaker rule: a unit hidden for differencing shown.
    const caught = await firstLeak(41, async (survey) =>
      restSupervisorsAsk(getBody, survey.surveyId, (row) => ({
        shown: row.suppressedBecause !== 'belowThreshold',
        n: row.n,
      })),
    );
    expect(caught?.kinds).toContain('span');
  }, 300_000);

  it('exports no response row whose units and answers fewer than T rows share', async () => {
    const buffer = (res: supertest.Response, done: (e: Error | null, b: Buffer) => void) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    };
    let rows = 0;
    for (const seed of [21, 22, 23, 24, 25]) {
      const survey = await syntheticSurvey(ctx().db, seed);
      const res = await ctx()
        .http()
        .get(`/export/responses/${survey.surveyId}/en-US`)
        .set('authorization', `Bearer ${token}`)
        .buffer(true)
        .parse(buffer as never);
      if (survey.people.length < T) {
        expect(res.status).toBe(409);
        continue;
      }
      expect(res.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.body as ArrayBuffer);
      const identifiers = new Map<string, number>();
      const levels = new Set(survey.units.map((unit) => unit.level)).size;
      workbook.worksheets[0]?.eachRow((row, number) => {
        if (number === 1) return;
        // Unit levels and the seven background questions come first (see export.ts).
        const key = JSON.stringify((row.values as unknown[]).slice(1, 1 + levels + 7));
        identifiers.set(key, (identifiers.get(key) ?? 0) + 1);
        rows += 1;
      });
      for (const [key, count] of identifiers)
        expect({ key, count: Math.min(count, T) }).toEqual({ key, count: T });
    }
    expect(rows).toBeGreaterThan(50);
  });
});
