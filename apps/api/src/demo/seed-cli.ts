// `npm run seed`: migrates the configured database and adds the demo data (idempotent).
import { loadConfig } from '../env.js';
import { openDb } from '../lib/db.js';
import { migrate } from '../lib/migrate.js';
import { seedDemo } from './seed.js';

const config = loadConfig();
const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrate(db);
  await seedDemo(db, config.DEMO_PASSWORD);
  process.stdout.write(`Demo data ready (password ${config.DEMO_PASSWORD}).\n`);
} finally {
  await db.close();
}
