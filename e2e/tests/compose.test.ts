// Docker does not run on this machine, so docker-compose.yml and the Dockerfiles are checked by
// reading them against the code: ports, variables, commands and copied paths must all exist.
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface Service {
  image?: string;
  profiles?: string[];
  entrypoint?: string[];
  expose?: string[];
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  healthcheck?: { test: string[] };
  restart?: string;
  networks?: { default?: { ipv4_address?: string } };
  depends_on?: Record<string, unknown> | string[];
}
const compose = parse(read('docker-compose.yml')) as { services: Record<string, Service> };
const services = compose.services;
const haproxy = read('deploy/compose/haproxy.cfg');

const appOf: Record<string, string> = { api: 'apps/api', gateway: 'apps/gateway', web: 'apps/web' };

test('compose runs PostgreSQL, a mail catcher, api, gateway and web behind an HAProxy load balancer', () => {
  const always = Object.entries(services).filter(([, service]) => !service.profiles);
  assert.deepEqual(always.map(([name]) => name).sort(), [
    'api',
    'gateway',
    'lb',
    'mail',
    'postgres',
    'web',
  ]);
  assert.match(services.postgres?.image ?? '', /^postgres:\d+/);
  assert.match(services.lb?.image ?? '', /^haproxy:\d+\.\d+/);
  assert.ok(
    services.lb?.volumes?.includes(
      './deploy/compose/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro',
    ),
  );
});

test('every variable compose gives an app is one that app reads in its env.ts', () => {
  for (const name of ['api', 'gateway'] as const) {
    const env = read(`${appOf[name]}/src/env.ts`);
    for (const variable of Object.keys(services[name]?.environment ?? {})) {
      assert.ok(env.includes(variable), `${name} does not read ${variable} in src/env.ts`);
    }
  }
});

test('compose ships no secret: the signing key must be given, and demo data is off unless asked for', () => {
  const api = services.api?.environment ?? {};
  assert.match(api.JWT_SECRET ?? '', /^\$\{JWT_SECRET:\?[^}]+\}$/);
  assert.equal(api.JWT_SECRET_PREVIOUS, '${JWT_SECRET_PREVIOUS:-}');
  assert.equal(api.DEMO_DATA, '${DEMO_DATA:-false}');
  assert.ok(api.SMTP_URL?.startsWith('smtp://mail:'), 'the api mails the catcher service');
  assert.ok(api.DATABASE_URL?.includes('@postgres:5432/'), 'the api uses the postgres service');
});

test('only the load balancer publishes the console and GraphQL; nothing publishes the API', () => {
  const published = Object.entries(services).flatMap(([name, service]) =>
    (service.ports ?? []).map((port) => ({ name, port })),
  );
  assert.deepEqual(
    published.filter(({ name }) => name !== 'mail'),
    [
      { name: 'lb', port: '3000:3000' },
      { name: 'lb', port: '4000:4000' },
    ],
  );
  // The catcher's inbox shows every mail: this machine only.
  for (const { port } of published.filter(({ name }) => name === 'mail'))
    assert.match(port, /^127\.0\.0\.1:/);
  assert.ok(!published.some(({ port }) => port.includes('4100')));
  assert.match(haproxy, /^frontend console\n {2}bind :3000$/m);
  assert.match(haproxy, /^frontend graphql\n {2}bind :4000$/m);
});

test('the load balancer reaches every replica on the port it listens on, and only ready ones', () => {
  const api = services.api?.environment ?? {};
  const gateway = services.gateway?.environment ?? {};
  const web = services.web?.environment ?? {};
  assert.match(haproxy, new RegExp(`server-template api \\d+-\\d+ api:${api.PORT}$`, 'm'));
  assert.match(
    haproxy,
    new RegExp(`server-template gateway \\d+-\\d+ gateway:${gateway.PORT}$`, 'm'),
  );
  assert.match(haproxy, new RegExp(`server-template web \\d+-\\d+ web:${web.WEB_PORT}$`, 'm'));
  assert.equal((haproxy.match(/option httpchk GET \/readyz/g) ?? []).length, 2);
  // The gateways call the APIs through the balancer's unpublished REST frontend.
  const apiUrl = new URL(gateway.API_URL ?? '');
  assert.equal(apiUrl.hostname, 'lb');
  assert.match(haproxy, new RegExp(`^frontend rest\\n {2}bind :${apiUrl.port}$`, 'm'));
  assert.match(read('apps/web/nginx.conf'), /listen \$\{WEB_PORT\};/);
});

test('the gateways trust X-Forwarded-For from the load balancer alone, which drops what clients send', () => {
  const lbAddress = services.lb?.networks?.default?.ipv4_address;
  assert.ok(lbAddress);
  assert.equal(services.gateway?.environment?.TRUST_PROXY, lbAddress);
  // The API is reached through the balancer too, which passes on the address a gateway names.
  assert.equal(services.api?.environment?.TRUST_PROXY, lbAddress);
  for (const frontend of ['console', 'graphql']) {
    const block = haproxy.split(/^frontend /m).find((part) => part.startsWith(frontend)) ?? '';
    assert.match(block, /http-request del-header X-Forwarded-For\n {2}option forwardfor/);
  }
});

const HAPROXY = '/usr/sbin/haproxy';
test(
  'HAProxy itself accepts the configuration',
  { skip: !existsSync(HAPROXY) && `${HAPROXY} is not installed` },
  () => {
    const check = spawnSync(HAPROXY, ['-c', '-q', '-f', join(root, 'deploy/compose/haproxy.cfg')], {
      encoding: 'utf8',
    });
    assert.equal(check.status, 0, check.stderr);
  },
);

test('every app service has a health check and restarts', () => {
  for (const name of ['api', 'gateway', 'web', 'lb', 'postgres', 'mail']) {
    assert.equal(services[name]?.restart, 'unless-stopped', `${name} restarts`);
  }
  for (const name of ['api', 'gateway', 'web']) {
    assert.ok(services[name]?.healthcheck?.test.length, `${name} has a health check`);
  }
});

/** The root package.json's workspaces as folders (`packages/*` read from the tree). */
function workspaceDirs(): string[] {
  const { workspaces } = JSON.parse(read('package.json')) as { workspaces: string[] };
  return workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(join(root, pattern.slice(0, -2)))
          .map((dir) => `${pattern.slice(0, -2)}/${dir}`)
          .filter((dir) => existsSync(join(root, dir, 'package.json')))
      : [pattern],
  );
}

test('each Dockerfile is multi-stage, copies paths that exist and starts the built entry point', () => {
  for (const [name, dir] of Object.entries(appOf)) {
    const service = services[name];
    assert.equal(service?.build?.context, '.');
    assert.equal(service?.build?.dockerfile, `${dir}/Dockerfile`);
    const dockerfile = read(`${dir}/Dockerfile`);
    assert.ok(
      (dockerfile.match(/^FROM /gm) ?? []).length >= 2,
      `${name} Dockerfile is not multi-stage`,
    );
    for (const [, source] of dockerfile.matchAll(/^COPY (?!--from)(\S+) /gm)) {
      assert.ok(
        existsSync(join(root, source ?? '')),
        `${name} Dockerfile copies missing ${source}`,
      );
    }
    // npm ci needs every workspace of the lock file: each one's package.json before the install.
    const install = dockerfile.indexOf('RUN scripts/production-build.sh install');
    for (const workspace of workspaceDirs()) {
      const copy = dockerfile.indexOf(`COPY ${workspace}/package.json ${workspace}/`);
      assert.ok(
        copy >= 0 && copy < install,
        `${name} Dockerfile installs without ${workspace}/package.json`,
      );
    }
    // The base image pinned; the steps the production-build test runs, from the one script.
    assert.match(dockerfile, /^FROM node:24\.21\.0-bookworm-slim AS build$/m);
    assert.match(dockerfile, /^RUN scripts\/production-build\.sh install$/m);
    assert.match(
      dockerfile,
      new RegExp(`^RUN scripts/production-build\\.sh build ${name}\\b`, 'm'),
    );
    const cmd = dockerfile.match(/^CMD \["node", "([^"]+)"\]/m)?.[1];
    if (cmd) {
      const pkg = JSON.parse(read(`${dir}/package.json`)) as { scripts: Record<string, string> };
      assert.equal(
        `${dir}/${pkg.scripts.start?.replace(/^node /, '')}`,
        cmd,
        `${name} CMD differs from npm start`,
      );
    }
  }
});

/** KEY=value lines of an env file (comments and blank lines skipped). */
const envFile = (path: string) =>
  Object.fromEntries(
    read(path)
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

test('the ai profile runs Ollama, pulls the models ai.env names, and ai.env points the API at it', () => {
  const ai = envFile('deploy/compose/ai.env');
  assert.equal(ai.COMPOSE_PROFILES, 'ai');
  const profiled = Object.entries(services).filter(([, service]) => service.profiles);
  assert.deepEqual(
    profiled.map(([name, service]) => [name, service.profiles]),
    [
      ['ollama', ['ai']],
      ['ollama-models', ['ai']],
    ],
  );
  const ollama = services.ollama;
  assert.match(ollama?.image ?? '', /^ollama\/ollama:\d+\.\d+\.\d+$/);
  assert.ok(ollama?.healthcheck?.test.length, 'ollama has a health check');
  assert.equal(ollama?.restart, 'unless-stopped');
  // Unpublished: the API reaches it on the compose network, nothing outside does.
  assert.equal(ollama?.ports, undefined);
  const url = new URL(ai.AI_BASE_URL ?? '');
  assert.equal(url.hostname, 'ollama');
  assert.ok(ollama?.expose?.includes(url.port), 'AI_BASE_URL uses the port ollama exposes');
  assert.equal(url.pathname, '/v1');
  // The pull job's defaults are the models ai.env gives the API.
  const pull = services['ollama-models'];
  assert.equal(pull?.image, ollama?.image);
  assert.equal(pull?.environment?.OLLAMA_HOST, `http://ollama:${url.port}`);
  assert.equal(pull?.environment?.AI_CHAT_MODEL, `\${AI_CHAT_MODEL:-${ai.AI_CHAT_MODEL}}`);
  assert.equal(
    pull?.environment?.AI_EMBEDDING_MODEL,
    `\${AI_EMBEDDING_MODEL:-${ai.AI_EMBEDDING_MODEL}}`,
  );
  assert.match(pull?.entrypoint?.join(' ') ?? '', /ollama pull "\$\$AI_CHAT_MODEL"/);
  assert.match(pull?.entrypoint?.join(' ') ?? '', /ollama pull "\$\$AI_EMBEDDING_MODEL"/);
  // The API takes each AI_* setting from the environment, unset (built-in engine) by default.
  const api = services.api?.environment ?? {};
  for (const name of ['AI_BASE_URL', 'AI_API_KEY', 'AI_CHAT_MODEL', 'AI_EMBEDDING_MODEL'])
    assert.equal(api[name], `\${${name}:-}`, `${name} reaches the api`);
  for (const name of Object.keys(ai).filter((key) => key.startsWith('AI_')))
    assert.ok(name in api, `ai.env's ${name} reaches the api`);
});

test('the README names every AI_* variable the API reads', () => {
  const readme = read('README.md');
  const env = read('apps/api/src/env.ts');
  const names = [...new Set([...env.matchAll(/\b(AI_[A-Z_]+):/g)].map((m) => m[1] ?? ''))];
  assert.ok(names.length >= 7);
  for (const name of names) assert.ok(readme.includes(`\`${name}\``), `README names ${name}`);
});
