import { validate } from '@readme/openapi-parser';
import { openApiDocument, OPERATIONS } from './openapi.js';
import { listRoutes } from './lib/openapi.js';
import { describeEachDb } from './test/harness.js';

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
});
