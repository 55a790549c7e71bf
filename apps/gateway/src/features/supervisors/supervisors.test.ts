// The Supervisors page's read through the gateway while the API prepares the survey's results: the
// API's `503 gate-preparing` (its gated indexes waited REPORT_GATE_WAIT_MS for the survey's
// anonymity gate) is RESULTS_PREPARING with the seconds to wait, as for every report read.
import type { RunningGateway } from '../../index.js';
import { gql, startTestGateway, type GraphQLBody } from '../../test/gateway.js';
import { json, startUpstream, type Upstream } from '../../test/upstream.js';

const SURVEY = 'de300000-0000-4000-8000-000000000301';

let api: Upstream;
let gateway: RunningGateway;

beforeAll(async () => {
  api = await startUpstream();
  gateway = await startTestGateway({ API_URL: api.url });
});
afterAll(async () => {
  await gateway?.close();
  await api?.close();
});

it('answers RESULTS_PREPARING with retryAfter while the API prepares the survey’s results', async () => {
  api.handle((hit, res) => {
    if (hit.url.startsWith(`/supervisors/survey/${SURVEY}`))
      res
        .writeHead(503, { 'content-type': 'application/problem+json', 'retry-after': '3' })
        .end(JSON.stringify({ status: 503, detail: 'gate-preparing', retryAfter: 3 }));
    else json(res, 404, { status: 404, detail: 'not-found' });
  });
  const res = await gql(
    gateway.url,
    `query($s: ID!) { supervisorOverview(surveyId: $s) { surveyId units { unitId } } }`,
    { s: SURVEY },
    { authorization: 'Bearer token' },
  );
  const body = res.body as GraphQLBody;
  expect(body.data?.supervisorOverview ?? null).toBeNull();
  expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'RESULTS_PREPARING', retryAfter: 3 });
  // Asked once: a refusal with Retry-After is not retried by the gateway.
  expect(api.hits.filter((hit) => hit.url.startsWith('/supervisors/survey/'))).toHaveLength(1);
});
