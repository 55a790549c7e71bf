// What `npm test` needs from the machine besides node_modules, and what to do when it is missing.
// Pure decisions (no I/O) so preflight.test.mjs can check every case without touching the machine.

/**
 * The Debian packages the suite uses: the browser tests' Chromium, pdfinfo/pdftoppm, a PDF font, and
 * the load balancer of the scale-out test, and nginx, which serves the web app in the production-build
 * test as it does in the image.
 */
export const PACKAGES = {
  chromium: 'chromium',
  pdf: 'poppler-utils',
  fonts: 'fonts-dejavu-core',
  haproxy: 'haproxy',
  nginx: 'nginx',
};

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** The command a person runs (as root) to install `packages`. */
export function installCommand(packages, { root }) {
  const sudo = root ? '' : 'sudo ';
  return `${sudo}apt-get update && ${sudo}apt-get install -y --no-install-recommends ${packages.join(' ')}`;
}

/**
 * Why Node `version` (process.version) cannot run the suite, or undefined when it can: it must meet
 * the root package.json's `engines.node` (a `>=major.minor` floor). npm scripts get the pinned `node`
 * package first on their PATH, so this trips only when something runs outside them.
 * @param {string} version e.g. 'v24.21.0'
 * @param {string} engines e.g. '>=24.11'
 */
export function nodeProblem(version, engines) {
  const floor = /^>=\s*(\d+)\.(\d+)/.exec(engines);
  const running = /^v(\d+)\.(\d+)/.exec(version);
  if (!floor || !running) return `cannot compare Node ${version} with engines "${engines}"`;
  const [major, minor] = [Number(running[1]), Number(running[2])];
  const [needMajor, needMinor] = [Number(floor[1]), Number(floor[2])];
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return undefined;
  return `Node ${version} runs this, the project needs ${engines}: run it as an npm script after npm install (npm test uses the pinned node package), or switch to Node ${needMajor} (.nvmrc).`;
}

/**
 * @param {object} found what the machine has
 * @param {boolean} found.chromium the browser at `chromiumPath` is executable
 * @param {string} found.chromiumPath where the e2e suite starts Chromium (CHROMIUM_PATH or the default)
 * @param {boolean} found.pdf pdfinfo and pdftoppm are on the PATH
 * @param {boolean} found.fonts the DejaVu fonts are installed
 * @param {boolean} found.haproxy the haproxy command is on the PATH or in /usr/sbin
 * @param {boolean} found.nginx nginx is installed
 * @param {boolean} found.root running as root
 * @param {boolean} found.apt apt-get is on the PATH
 * @returns {{ action: 'ready' } | { action: 'install', packages: string[] } | { action: 'stop', reason: string }}
 */
export function preflightPlan(found) {
  const missing = [];
  if (!found.chromium) missing.push(PACKAGES.chromium);
  if (!found.pdf) missing.push(PACKAGES.pdf);
  if (!found.fonts) missing.push(PACKAGES.fonts);
  if (!found.haproxy) missing.push(PACKAGES.haproxy);
  if (!found.nginx) missing.push(PACKAGES.nginx);
  if (missing.length === 0) return { action: 'ready' };

  // A CHROMIUM_PATH pointing elsewhere stays missing whatever apt installs: say so instead.
  if (!found.chromium && found.chromiumPath !== DEFAULT_CHROMIUM) {
    return {
      action: 'stop',
      reason: `CHROMIUM_PATH=${found.chromiumPath} is not an executable browser: fix the path, or unset it to use ${DEFAULT_CHROMIUM} (${installCommand([PACKAGES.chromium], { root: found.root })}).`,
    };
  }
  if (found.root && found.apt) return { action: 'install', packages: missing };
  const why = found.apt ? 'not running as root' : 'apt-get is not available';
  return {
    action: 'stop',
    reason: `npm test needs ${missing.join(', ')} (${why}). Run:\n  ${installCommand(missing, { root: found.root })}\nor, without apt, install the same tools (Chromium, pdfinfo/pdftoppm, DejaVu fonts, HAProxy, nginx at /usr/sbin/nginx) and set CHROMIUM_PATH.`,
  };
}
