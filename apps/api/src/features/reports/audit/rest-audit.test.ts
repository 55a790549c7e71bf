import ExcelJS from 'exceljs';
import type supertest from 'supertest';
import { describeEachDb } from '../../../test/harness.js';
import { audit } from './auditor.js';
import { adminReportReader, restAsk } from './rest-ask.js';
import { syntheticSurvey } from './synthetic.js';

const T = 5;

describeEachDb('anonymity auditor over REST', (ctx) => {
  const reader = adminReportReader(() => ctx().http());
  const get = (path: string, query: Record<string, unknown>) =>
    reader.get<{ data: unknown }>(path, query);

  let token = '';
  beforeAll(async () => {
    token = await reader.signIn(() => ctx().createUser({ role: 'Admin' }));
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
