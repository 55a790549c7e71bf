// Docker does not run on this machine, so docker-compose.yml and the Dockerfiles are checked by
// reading them against the code: ports, variables, commands and copied paths must all exist.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, unknown> | string[];
}
const compose = parse(read('docker-compose.yml')) as { services: Record<string, Service> };
const services = compose.services;

const appOf: Record<string, string> = { api: 'apps/api', gateway: 'apps/gateway', web: 'apps/web' };

test('compose runs PostgreSQL (official image), a mail catcher, api, gateway and web', () => {
  assert.deepEqual(Object.keys(services).sort(), ['api', 'gateway', 'mail', 'postgres', 'web']);
  assert.match(services.postgres?.image ?? '', /^postgres:\d+/);
});

test('every variable compose gives an app is one that app reads in its env.ts', () => {
  for (const name of ['api', 'gateway'] as const) {
    const env = read(`${appOf[name]}/src/env.ts`);
    for (const variable of Object.keys(services[name]?.environment ?? {})) {
      assert.ok(env.includes(variable), `${name} does not read ${variable} in src/env.ts`);
    }
  }
});

test('published ports match the ports the apps listen on', () => {
  const api = services.api?.environment ?? {};
  const gateway = services.gateway?.environment ?? {};
  assert.ok(services.api?.ports?.includes(`${api.PORT}:${api.PORT}`));
  assert.ok(services.gateway?.ports?.includes(`${gateway.PORT}:${gateway.PORT}`));
  assert.equal(
    new URL(gateway.API_URL ?? '').port,
    api.PORT,
    'the gateway calls the api on its port',
  );
  assert.equal(new URL(gateway.API_URL ?? '').hostname, 'api');
  const nginx = read('apps/web/nginx.conf');
  assert.match(nginx, new RegExp(`listen ${services.web?.ports?.[0]?.split(':')[1]};`));
  assert.match(nginx, new RegExp(`proxy_pass http://gateway:${gateway.PORT};`));
  assert.ok(
    services.api?.environment?.SMTP_URL?.startsWith('smtp://mail:'),
    'the api mails the catcher',
  );
  assert.ok(api.DATABASE_URL?.includes('@postgres:5432/'), 'the api uses the postgres service');
});

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
