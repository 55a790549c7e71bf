// `npm run seed`: migrates the configured database and adds the demo data (idempotent).
// `npm run seed -- --scale 50000 [--seed name]`: also adds a company whose ended survey has that
// many finished participants (the benchmark profile) and says how long it took.
import { parseArgs } from 'node:util';
import { loadSeedConfig } from '../env.js';
import { openDb } from '../lib/db.js';
import { migrate } from '../lib/migrate.js';
import { seedScale } from './scale.js';
import { seedDemo } from './seed.js';

const { values } = parseArgs({
  options: { scale: { type: 'string' }, seed: { type: 'string' } },
});
const scale = values.scale === undefined ? undefined : Number(values.scale);
if (scale !== undefined && !(Number.isInteger(scale) && scale > 0 && scale <= 1_000_000)) {
  process.stderr.write(`--scale must be a whole number from 1 to 1000000, got "${values.scale}"\n`);
  process.exit(2);
}

const config = loadSeedConfig();
const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrate(db);
  let started = performance.now();
  await seedDemo(db, config.DEMO_PASSWORD);
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`Demo data ready in ${seconds()} s (password ${config.DEMO_PASSWORD}).\n`);
  if (scale !== undefined) {
    started = performance.now();
    const result = await seedScale(db, {
      count: scale,
      ...(values.seed ? { seed: values.seed } : {}),
    });
    process.stdout.write(
      result.created
        ? `Scale profile: survey ${result.surveyId} with ${result.participants} finished participants and ${result.comments} comments in ${seconds()} s.\n`
        : `Scale profile: company ${result.companyId} exists already (same --scale and --seed); nothing added.\n`,
    );
  }
} finally {
  await db.close();
}
