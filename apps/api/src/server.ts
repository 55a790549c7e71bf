// The runnable API: reads the environment, starts everything and says where to find it.
import { PENDING_DEMO_ACCOUNT } from './demo/accounts.js';
import { presentDemoAccounts } from './demo/seed.js';
import { loadConfig, type Config } from './env.js';
import { createLogger } from './lib/logger.js';
import { startRuntime, type RunningApi } from './runtime.js';

function databaseLabel(config: Config): string {
  if (config.DATABASE_URL) {
    const url = new URL(config.DATABASE_URL);
    return `PostgreSQL ${url.host}${url.pathname}`; // never print credentials
  }
  return config.DATA_DIR === 'memory' ? 'PGlite in memory' : `PGlite in ${config.DATA_DIR}`;
}

async function banner(config: Config, api: RunningApi): Promise<string> {
  const lines = ['', '  Survey Console API', `  API:        ${api.url}`];
  lines.push(`  Node:       ${process.version}`);
  lines.push(`  Database:   ${databaseLabel(config)}`);
  if (api.mailCatcher) {
    const inbox = api.mailCatcher.httpUrl.replace('127.0.0.1', 'localhost');
    lines.push(`  Mail inbox: ${inbox}  (SMTP ${api.mailCatcher.smtpUrl})`);
  } else {
    lines.push(`  Mail:       sent through ${new URL(config.SMTP_URL ?? '').host}`);
  }
  const demo = config.DEMO_DATA ? await presentDemoAccounts(api.db) : [];
  if (demo.length > 0) {
    lines.push('', `  Demo accounts (password ${config.DEMO_PASSWORD}):`);
    for (const account of demo) {
      lines.push(`    ${account.email.padEnd(22)}${account.role.padEnd(14)}${account.note}`);
    }
    if (api.seeded) {
      lines.push(
        `    ${PENDING_DEMO_ACCOUNT.email.padEnd(36)}invited: its confirmation link is in the mail inbox`,
      );
    }
  }
  return `${lines.join('\n')}\n\n`;
}

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, config.LOG_FORMAT);
  const api = await startRuntime(config, logger);
  process.stdout.write(await banner(config, api));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    api.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
