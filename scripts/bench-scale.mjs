// `npm run bench`, part `scale` (issue 26): what a second instance adds behind HAProxy, on one
// PostgreSQL database (DATABASE_URL's server, default this machine's; a fresh database per run).
//  1. The participants page (GraphQL, page of 20) through HAProxy to 1 gateway and to 2 gateways,
//     both over 2 APIs: requests per second, p50 and p99.
//  2. The same page's REST call through HAProxy to 1 API and to 2 APIs.
//  3. The mail queue: 10,000 invitations from one request to the mail catcher (target under 60 s).
// The deployment is the scale-out test's own (e2e/src/scale). On a machine of few cores a second
// process competes with the first for them: the ratios are printed as they come out.
import { availableParallelism, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { tsImport } from 'tsx/esm/api';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const MAILS = Number(process.env.BENCH_SCALE_MAILS ?? 10_000);
const DEMO_SURVEY = 'de300000-0000-4000-8000-000000000301';

const harness = (file) => tsImport(`../e2e/src/scale/${file}`, import.meta.url);

function measure(title, options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration, connections, ...options, title }, (error, result) => {
      if (error) reject(error);
      else if (result.non2xx > 0 || result.errors > 0)
        reject(new Error(`${title}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      else resolve(result);
    });
  });
}

const row = (name, r) =>
  `${name.padEnd(44)} ${r.requests.average.toFixed(0).padStart(7)} ${String(r.latency.p50).padStart(6)} ${String(r.latency.p99).padStart(6)}`;
const ratio = (name, one, two) =>
  `${name.padEnd(44)} ${`${(two.requests.average / one.requests.average).toFixed(2)}x`.padStart(7)} ` +
  `${`${(two.latency.p50 / Math.max(one.latency.p50, 1)).toFixed(2)}x`.padStart(6)} ` +
  `${`${(two.latency.p99 / Math.max(one.latency.p99, 1)).toFixed(2)}x`.padStart(6)}`;

/** Invites MAILS participants in one request; seconds until the catcher holds every invitation. */
async function mailThroughput(cluster, token, surveyWithParticipants, waitUntil) {
  const domain = 'bench-mail.test';
  const { surveyId } = await surveyWithParticipants(cluster.apiUrl, token, MAILS, domain);
  const arrived = async () =>
    (await cluster.mail.messages()).filter((m) => m.to[0]?.endsWith(domain)).length;
  const started = performance.now();
  const res = await fetch(`${cluster.apiUrl}/surveys/invite/${surveyId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(300_000),
  });
  if (!res.ok) throw new Error(`invite: ${res.status} ${(await res.text()).slice(0, 300)}`);
  const answered = (performance.now() - started) / 1000;
  await waitUntil(async () => (await arrived()) >= MAILS, `${MAILS} invitations`, 300_000);
  return { answered, seconds: (performance.now() - started) / 1000 };
}

export async function scaleBench() {
  const { startCluster } = await harness('cluster.ts');
  const { graphqlClient, webOperations } = await harness('client.ts');
  const { tokenOf, surveyWithParticipants } = await harness('setup.ts');
  const { waitUntil } = await harness('processes.ts');
  const cluster = await startCluster({
    apis: 2,
    gateways: 2,
    workers: 1,
    extraBackends: ({ apis, gateways }) => [
      { name: 'one-gateway', servers: gateways.slice(0, 1), forwardFor: true },
      { name: 'one-api', servers: apis.slice(0, 1) },
    ],
  });
  try {
    const client = graphqlClient(cluster.frontUrl);
    const token = await tokenOf(client, 'admin@demo.test');
    client.close();
    const auth = { authorization: `Bearer ${token}` };
    const ops = await webOperations(['ParticipantsSection_Participants']);
    const graphql = (url) =>
      measure(url, {
        url: `${url}/graphql`,
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          query: ops.ParticipantsSection_Participants,
          variables: { surveyId: DEMO_SURVEY, skip: 0, take: 20 },
        }),
      });
    const rest = (url) =>
      measure(url, { url: `${url}/surveys/participants/${DEMO_SURVEY}/0/20`, headers: auth });
    const urls = cluster.haproxy.urls;
    const oneGateway = await graphql(urls.get('one-gateway'));
    const twoGateways = await graphql(urls.get('gateways'));
    const oneApi = await rest(urls.get('one-api'));
    const twoApis = await rest(urls.get('apis'));
    const mail = await mailThroughput(cluster, token, surveyWithParticipants, waitUntil);

    const cores = availableParallelism();
    console.log(
      `\nscale: behind HAProxy on PostgreSQL, ${duration} s each, ${connections} connections, ` +
        `${cores} cores, load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    console.log(
      `${''.padEnd(44)} ${'req/s'.padStart(7)} ${'p50'.padStart(6)} ${'p99 ms'.padStart(6)}`,
    );
    console.log(row('participants page, GraphQL, 1 gateway', oneGateway));
    console.log(row('participants page, GraphQL, 2 gateways', twoGateways));
    console.log(ratio('  2 gateways / 1', oneGateway, twoGateways));
    console.log(row('participants page, REST, 1 API', oneApi));
    console.log(row('participants page, REST, 2 APIs', twoApis));
    console.log(ratio('  2 APIs / 1', oneApi, twoApis));
    console.log(
      `mail: ${MAILS.toLocaleString('en')} invitations in one request: answered in ` +
        `${mail.answered.toFixed(1)} s, all in the catcher after ${mail.seconds.toFixed(1)} s, ` +
        `${(MAILS / mail.seconds).toFixed(0)} mails/s (target under 60 s)`,
    );
    console.log(
      `(${cores} cores: the second instance runs on the same cores as the first, HAProxy, PostgreSQL ` +
        'and autocannon. On an idle machine of few cores expect near 1x; on a busy shared one a ' +
        'second process can also just win a larger share of the machine from other work, which ' +
        'the load average shows.)',
    );
  } finally {
    await cluster.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await scaleBench();
