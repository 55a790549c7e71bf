#!/usr/bin/env node
// The first step of `npm test`: makes sure it runs on the Node the project needs, then that Chromium,
// poppler's pdfinfo/pdftoppm, the DejaVu fonts, HAProxy and nginx are there, installing Debian's
// packages when it can (root with apt-get), otherwise stopping at once with the exact command.
// CHROMIUM_PATH and PATH decide where the tools are looked for; PREFLIGHT_FONT_DIR where the fonts
// are; PREFLIGHT_SBIN the system folders searched for haproxy besides PATH (Debian puts it in
// /usr/sbin, which a non-root PATH lacks). Tests point these elsewhere to play a bare machine.
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { DEFAULT_CHROMIUM, installCommand, nodeProblem, preflightPlan } from './plan.mjs';

const { engines } = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
);
const wrongNode = nodeProblem(process.version, engines.node);
if (wrongNode) {
  console.error(`preflight: ${wrongNode}`);
  process.exit(1);
}

const executable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};
const onPath = (name, extra = '') =>
  `${process.env.PATH ?? ''}${delimiter}${extra}`
    .split(delimiter)
    .some((dir) => dir && executable(join(dir, name)));

function survey() {
  const chromiumPath = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
  const fontDir = process.env.PREFLIGHT_FONT_DIR || '/usr/share/fonts/truetype/dejavu';
  return {
    chromiumPath,
    chromium: executable(chromiumPath),
    pdf: onPath('pdfinfo') && onPath('pdftoppm'),
    fonts: existsSync(join(fontDir, 'DejaVuSans.ttf')),
    haproxy: onPath('haproxy', process.env.PREFLIGHT_SBIN ?? '/usr/local/sbin:/usr/sbin:/sbin'),
    // Where Debian's package puts it, and where the production-build test starts it.
    nginx: executable('/usr/sbin/nginx'),
    root: typeof process.getuid === 'function' && process.getuid() === 0,
    apt: onPath('apt-get'),
  };
}

const found = survey();
const plan = preflightPlan(found);
if (plan.action === 'stop') {
  console.error(`preflight: ${plan.reason}`);
  process.exit(1);
}
if (plan.action === 'install') {
  console.log(`preflight: installing ${plan.packages.join(', ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
  const installed =
    run(['update', '-qq']) &&
    run(['install', '-y', '-qq', '--no-install-recommends', ...plan.packages]);
  const after = preflightPlan({ ...survey(), root: false, apt: false });
  if (!installed || after.action !== 'ready') {
    console.error(
      `preflight: apt-get could not install ${plan.packages.join(', ')}. Run:\n  ${installCommand(plan.packages, { root: true })}`,
    );
    process.exit(1);
  }
  console.log('preflight: installed');
}
