import { validate } from '@readme/openapi-parser';
import { openApiDocument, OPERATIONS } from './openapi.js';
import { listRoutes } from './lib/openapi.js';
import type { z } from 'zod';
import { seedDemo } from './demo/seed.js';
import { describeEachDb } from './test/harness.js';

const DEMO_OY = 'de300000-0000-4000-8000-000000000001';
const HK24 = 'de300000-0000-4000-8000-000000000301';
const HK25 = 'de300000-0000-4000-8000-000000000302'; // a trend survey on HK24
/** HK24's executives of Team Cirrus: a set below the anonymity threshold (its values suppressed). */
const SMALL = {
  surveyId: HK24,
  filters: { unit3: ['de300000-0000-4000-8000-000000000208'], position: ['executive'] },
};
const sets = (...items: (string | typeof SMALL)[]) =>
  JSON.stringify(
    items.map((item) => (typeof item === 'string' ? { surveyId: item, filters: {} } : item)),
  );
const en = { reportLanguage: 'en-US' };

/** Report reads on the demo data: the operation, the path called and its query. */
const REPORT_CALLS: [string, string, Record<string, string>?][] = [
  [
    '/report/currentsatisfaction',
    '/report/currentsatisfaction',
    { ...en, sets: sets(HK24, SMALL) },
  ],
  ['/report/lindexcompare', '/report/lindexcompare', { ...en, sets: sets(HK24), groupBy: 'unit3' }],
  ['/report/enps', '/report/enps', { ...en, sets: sets(HK24), groupBy: 'position' }],
  ['/report/mostimportanttop10', '/report/mostimportanttop10', { ...en, sets: sets(HK24, HK25) }],
  ['/report/mostimportanttop30', '/report/mostimportanttop30', { ...en, sets: sets(HK24) }],
  ['/report/realizationtop10', '/report/realizationtop10', { ...en, sets: sets(HK24, SMALL) }],
  [
    '/report/realizationbyvariables',
    '/report/realizationbyvariables',
    { ...en, sets: sets(HK25, HK24), reportPackage: 'true' },
  ],
  ['/report/lindexgrouped', '/report/lindexgrouped', { ...en, sets: sets(HK24), groupBy: 'unit3' }],
  ['/report/lmap', '/report/lmap', { ...en, sets: sets(HK24), groupBy: 'unit3,age' }],
  ['/report/correlationmatrix', '/report/correlationmatrix', { ...en, sets: sets(SMALL) }],
  ['/report/opencomments', '/report/opencomments', { ...en, sets: sets(HK25) }],
  ['/report/opencommentcounts', '/report/opencommentcounts', { ...en, sets: sets(HK25) }],
  [
    '/report/opencommentpage',
    '/report/opencommentpage',
    { ...en, sets: sets(HK25), type: 'positive', criterion: '5', limit: '3' },
  ],
  [
    '/report/filterchoices',
    '/report/filterchoices',
    { ...en, sets: sets(HK24), groupChoices: 'units,background,wholeData' },
  ],
  ['/report/changejobwillingness/{id}', `/report/changejobwillingness/${HK24}`, en],
  ['/report/groupchoices', '/report/groupchoices', { uiLanguage: 'en-US' }],
  ['/reportsettings/enps', '/reportsettings/enps'],
  ['/reportsettings/opencomments', '/reportsettings/opencomments'],
  ['/rollup/top20rollupdata', '/rollup/top20rollupdata'],
  ['/rollup/trend/{id}', `/rollup/trend/${DEMO_OY}`],
  ['/surveys/surveyresponders', '/surveys/surveyresponders', { surveyIds: `${HK24},${HK25}` }],
];

describeEachDb('the OpenAPI description', (ctx) => {
  it('is served at /openapi.json without a token', async () => {
    const res = await ctx().http().get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(
      res.body.paths['/surveys/create'].post.requestBody.content['application/json'].schema,
    ).toMatchObject({ type: 'object', required: expect.arrayContaining(['name', 'shortName']) });
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const copy = structuredClone(openApiDocument) as Parameters<typeof validate>[0];
    const result = await validate(copy);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('describes every route the API answers, and none it does not', () => {
    const routes = new Set(listRoutes(ctx().app));
    const documented = new Set(
      OPERATIONS.map((operation) => `${operation.method.toUpperCase()} ${operation.path}`),
    );
    expect([...routes].filter((route) => !documented.has(route)).sort()).toEqual([]);
    expect([...documented].filter((route) => !routes.has(route)).sort()).toEqual([]);
  });

  it('documents the roles, parameters and error answers of a call', () => {
    const page = openApiDocument.paths['/surveys/{skip}/{take}']?.get as {
      description: string;
      parameters: { name: string; in: string }[];
      responses: Record<string, unknown>;
    };
    expect(page.description).toBe('Any signed-in role.');
    expect(page.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['path:skip', 'path:take', 'query:query', 'query:order']),
    );
    expect(Object.keys(page.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403']),
    );
  });

  it('describes the report sets as JSON text in the query string, the other parameters as plain', () => {
    // GET /report/enps?sets=[{"surveyId":"…"}]: a client generated from the document must send JSON.
    const enps = openApiDocument.paths['/report/enps']?.get as {
      parameters: { name: string; schema?: object; content?: Record<string, { schema: object }> }[];
    };
    const sets = enps.parameters.find((p) => p.name === 'sets');
    expect(sets?.schema).toBeUndefined();
    expect(sets?.content?.['application/json']?.schema).toMatchObject({
      type: 'array',
      items: { type: 'object', properties: { surveyId: expect.any(Object) } },
    });
    const groupBy = enps.parameters.find((p) => p.name === 'groupBy');
    expect(groupBy?.content).toBeUndefined();
    expect(groupBy?.schema).toEqual(expect.any(Object));
  });

  it("describes every report answer: the demo data's answers match their schemas", async () => {
    await seedDemo(ctx().db, 'DemoPass2026');
    const login = await ctx()
      .http()
      .post('/account/login')
      .send({ email: 'admin@demo.test', password: 'DemoPass2026' });
    const auth = `Bearer ${login.body.token as string}`;
    const described = new Map(
      OPERATIONS.filter((operation) => operation.success.schema).map((operation) => [
        operation.path,
        operation.success.schema as z.ZodType,
      ]),
    );
    const suppressedIn: string[] = [];
    for (const [operation, path, query] of REPORT_CALLS) {
      const res = await ctx()
        .http()
        .get(path)
        .query(query ?? {})
        .set('authorization', auth);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      if (JSON.stringify(res.body).includes('"suppressed":true')) suppressedIn.push(operation);
      const schema = described.get(operation);
      expect({ operation, described: schema !== undefined }).toEqual({
        operation,
        described: true,
      });
      const result = schema?.safeParse(res.body);
      expect({ path, issues: result?.success ? [] : result?.error.issues }).toEqual({
        path,
        issues: [],
      });
    }
    // The suppressed marker's shape was checked too, in sets and in groups.
    expect(suppressedIn).toEqual(
      expect.arrayContaining([
        '/report/currentsatisfaction',
        '/report/realizationtop10',
        '/report/correlationmatrix',
      ]),
    );
    // Every report read is described and was checked above.
    const reportReads = OPERATIONS.filter((operation) =>
      /^\/(report|reportsettings|rollup)\/|^\/surveys\/surveyresponders$/.test(operation.path),
    ).map((operation) => operation.path);
    expect(reportReads.sort()).toEqual(REPORT_CALLS.map(([operation]) => operation).sort());
  });
});
