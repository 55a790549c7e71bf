import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PENDING_DEMO_ACCOUNT, startApi, type StartedApi } from '../index.js';
import { openDb } from '../lib/db.js';
import { writeDemoSnapshot } from './snapshot.js';

describe('a seeded demo snapshot', () => {
  let dir = '';
  let file = '';
  const apis: StartedApi[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'survey-snapshot-'));
    file = path.join(dir, 'demo.tar');
    await writeDemoSnapshot(file);
  }, 120_000);
  afterAll(async () => {
    for (const api of apis) await api.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('holds the demo data and the anonymity choices of its ended surveys', async () => {
    const db = await openDb({ dataDir: 'memory', snapshot: file });
    try {
      const [row] = await db.query<{ users: number; choices: number; ended: number }>(
        `SELECT (SELECT count(*) FROM users)::int AS users,
                (SELECT count(*) FROM anonymity_choices)::int AS choices,
                (SELECT count(*) FROM surveys s WHERE s.end_date < now() AND EXISTS (
                   SELECT 1 FROM responses r WHERE r.survey_id = s.id AND r.finished_at IS NOT NULL
                 ))::int AS ended`,
      );
      expect(row?.users).toBeGreaterThan(0);
      expect(row?.ended).toBeGreaterThan(0);
      expect(row?.choices).toBe(row?.ended);
    } finally {
      await db.close();
    }
  });

  it('starts every API from it with the demo accounts and the invitation in its own inbox', async () => {
    for (let i = 0; i < 2; i += 1) {
      const api = await startApi({ LOG_LEVEL: 'silent', DATA_SNAPSHOT: file });
      apis.push(api);
      const login = await fetch(`${api.url}/account/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.test', password: 'DemoPass2026' }),
      });
      expect(login.status).toBe(200);
      const mail = await api.mailCatcher?.waitFor((m) => m.to.includes(PENDING_DEMO_ACCOUNT.email));
      expect(mail?.subject).toBeTruthy();
    }
  }, 120_000);
});
