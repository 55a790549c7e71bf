import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const generate = () => randomBytes(32).toString('base64url');

/**
 * The token signing key: JWT_SECRET when set; else one generated on first start and kept in
 * DATA_DIR/jwt-secret, so sessions survive a restart; random per process with DATA_DIR=memory.
 */
export async function resolveJwtSecret(config: {
  JWT_SECRET?: string | undefined;
  DATA_DIR: string;
}): Promise<string> {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  if (config.DATA_DIR === 'memory') return generate();
  const file = path.join(config.DATA_DIR, 'jwt-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(config.DATA_DIR, { recursive: true });
    const secret = generate();
    // 'wx' fails if another process created it meanwhile; then that one's key wins.
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
    return (await readFile(file, 'utf8')).trim();
  }
}
