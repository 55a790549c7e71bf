// The one-command demo's choices, made explicitly: with NODE_ENV=production the apps refuse to guess
// them (docs/deploying.md). `npm start` and `npm run bench` add these to the variables they are given.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const newKey = () => randomBytes(32).toString('base64url');

/** The signing key kept in `file` (created on first use), so demo sessions survive a restart. */
function keptKey(file) {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dirname(file), { recursive: true });
    // 'wx' fails if another start created it meanwhile; then that one's key wins.
    try {
      writeFileSync(file, `${newKey()}\n`, { mode: 0o600, flag: 'wx' });
    } catch {
      // created meanwhile
    }
    return readFileSync(file, 'utf8').trim();
  }
}

/**
 * Demo data, the built-in mail catcher (unless SMTP_URL is given) and a signing key: kept in
 * `keyFile`, or new for this run without one. Variables already set win.
 * @param {Record<string, string | undefined>} env
 * @param {string | undefined} keyFile
 */
export function demoEnv(env, keyFile) {
  return {
    DEMO_DATA: env.DEMO_DATA || 'true',
    ...(env.SMTP_URL ? {} : { MAIL_CATCHER: env.MAIL_CATCHER || 'true' }),
    JWT_SECRET: env.JWT_SECRET || (keyFile ? keptKey(keyFile) : newKey()),
  };
}
