// The preflight's decisions, and the script itself on a machine played bare through PATH,
// CHROMIUM_PATH and PREFLIGHT_FONT_DIR (the real packages stay installed).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CHROMIUM, nodeProblem, preflightPlan } from './plan.mjs';

const everything = {
  chromium: true,
  chromiumPath: DEFAULT_CHROMIUM,
  pdf: true,
  fonts: true,
  haproxy: true,
  nginx: true,
  root: true,
  apt: true,
};

describe('preflight decisions', () => {
  it('does nothing when Chromium, poppler, the fonts and HAProxy are there', () => {
    assert.deepEqual(preflightPlan(everything), { action: 'ready' });
    assert.deepEqual(preflightPlan({ ...everything, root: false, apt: false }), {
      action: 'ready',
    });
  });

  it('installs nginx for the production-build test when it is missing', () => {
    assert.deepEqual(preflightPlan({ ...everything, nginx: false }), {
      action: 'install',
      packages: ['nginx'],
    });
  });

  it('installs exactly the missing packages as root with apt-get', () => {
    assert.deepEqual(preflightPlan({ ...everything, chromium: false, fonts: false }), {
      action: 'install',
      packages: ['chromium', 'fonts-dejavu-core'],
    });
    assert.deepEqual(preflightPlan({ ...everything, pdf: false }), {
      action: 'install',
      packages: ['poppler-utils'],
    });
    assert.deepEqual(preflightPlan({ ...everything, haproxy: false }), {
      action: 'install',
      packages: ['haproxy'],
    });
  });

  it('stops naming the sudo command when not root', () => {
    const plan = preflightPlan({ ...everything, root: false, pdf: false, chromium: false });
    assert.equal(plan.action, 'stop');
    assert.match(plan.reason, /not running as root/);
    assert.match(
      plan.reason,
      /sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium poppler-utils\n/,
    );
  });

  it('stops when apt-get is missing, naming what to install', () => {
    const plan = preflightPlan({ ...everything, apt: false, fonts: false });
    assert.equal(plan.action, 'stop');
    assert.match(plan.reason, /apt-get is not available/);
    assert.match(plan.reason, /install -y --no-install-recommends fonts-dejavu-core/);
  });

  it('never installs for a CHROMIUM_PATH that apt cannot fill', () => {
    const plan = preflightPlan({ ...everything, chromium: false, chromiumPath: '/opt/none' });
    assert.equal(plan.action, 'stop');
    assert.match(plan.reason, /CHROMIUM_PATH=\/opt\/none is not an executable browser/);
  });
});

describe('preflight Node check', () => {
  it('accepts the engines floor and anything newer', () => {
    for (const version of ['v24.11.0', 'v24.21.0', 'v25.0.0', 'v26.1.0'])
      assert.equal(nodeProblem(version, '>=24.11'), undefined, version);
  });

  it('stops an older Node, naming it, the floor and the way out', () => {
    for (const version of ['v20.20.2', 'v22.19.0', 'v24.10.0']) {
      const problem = nodeProblem(version, '>=24.11');
      assert.match(
        problem ?? '',
        new RegExp(`Node ${version} runs this, the project needs >=24.11`),
      );
      assert.match(problem ?? '', /npm script .* or switch to Node 24 \(\.nvmrc\)/);
    }
  });

  it('says so when the engines field is not a floor it can read', () => {
    assert.match(
      nodeProblem('v24.21.0', '^24') ?? '',
      /cannot compare Node v24.21.0 with engines "\^24"/,
    );
  });

  it('passes the Node that runs the suite', () => {
    const { engines } = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    );
    assert.equal(nodeProblem(process.version, engines.node), undefined);
  });
});

describe('preflight script', () => {
  const script = fileURLToPath(new URL('./preflight.mjs', import.meta.url));
  const run = (env) =>
    spawnSync(process.execPath, [script], { env: { ...env, HOME: tmpdir() }, encoding: 'utf8' });

  it('stops at once with the command on a machine without the tools or apt-get', () => {
    const bare = mkdtempSync(join(tmpdir(), 'preflight-'));
    // A browser stand-in at CHROMIUM_PATH, so the outcome does not depend on this machine's Chromium.
    const browser = join(bare, 'chromium');
    writeFileSync(browser, '#!/bin/sh\n', { mode: 0o755 });
    const result = run({
      PATH: bare,
      PREFLIGHT_FONT_DIR: bare,
      PREFLIGHT_SBIN: bare,
      CHROMIUM_PATH: browser,
    });
    assert.equal(result.status, 1);
    assert.match(
      result.stderr,
      /needs poppler-utils, fonts-dejavu-core, haproxy \(apt-get is not available\)/,
    );
    assert.match(
      result.stderr,
      /apt-get install -y --no-install-recommends poppler-utils fonts-dejavu-core haproxy/,
    );
  });

  it('finds haproxy in the system folders that a non-root PATH lacks', () => {
    const bare = mkdtempSync(join(tmpdir(), 'preflight-'));
    const sbin = mkdtempSync(join(tmpdir(), 'preflight-sbin-'));
    const browser = join(bare, 'chromium');
    writeFileSync(browser, '#!/bin/sh\n', { mode: 0o755 });
    writeFileSync(join(sbin, 'haproxy'), '#!/bin/sh\n', { mode: 0o755 });
    const result = run({
      PATH: bare,
      PREFLIGHT_FONT_DIR: bare,
      PREFLIGHT_SBIN: sbin,
      CHROMIUM_PATH: browser,
    });
    assert.equal(result.status, 1);
    assert.match(result.stderr, /needs poppler-utils, fonts-dejavu-core \(/);
  });

  it('stops for a CHROMIUM_PATH that is not a browser', () => {
    const result = run({ PATH: process.env.PATH ?? '', CHROMIUM_PATH: '/nonexistent/chromium' });
    assert.equal(result.status, 1);
    assert.match(
      result.stderr,
      /CHROMIUM_PATH=\/nonexistent\/chromium is not an executable browser/,
    );
  });
});
