import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { backends, openTestDb, type TestDb } from '../test/harness.js';
import { migrate } from './migrate.js';

const shipped = fileURLToPath(new URL('../db/migrations/', import.meta.url));
// The versions the shipped files take; the probes below use 9xx so they never collide with them.
const shippedVersions = readdirSync(shipped)
  .filter((name) => name.endsWith('.sql'))
  .map((name) => name.slice(0, 3))
  .sort();

for (const backend of backends()) {
  describe(`migrations [${backend}]`, () => {
    let test: TestDb;
    let dir: string;
    beforeAll(async () => {
      test = await openTestDb(backend); // already migrated once
      dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
      cpSync(shipped, dir, { recursive: true });
    });
    afterAll(async () => {
      await test.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('applies nothing the second time', async () => {
      expect(await migrate(test.db)).toEqual({ applied: [] });
      const rows = await test.db.query<{ version: string }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      expect(rows.map((row) => row.version)).toEqual(shippedVersions);
    });

    it('applies only the new files, in order', async () => {
      writeFileSync(path.join(dir, '901_later.sql'), 'ALTER TABLE probe ADD COLUMN b int;');
      writeFileSync(path.join(dir, '900_probe.sql'), 'CREATE TABLE probe (a int);');
      expect(await migrate(test.db, dir)).toEqual({ applied: ['900_probe.sql', '901_later.sql'] });
      await test.db.query('INSERT INTO probe (a, b) VALUES (1, 2)');
    });

    it('rolls back every file of a run when one of them fails', async () => {
      writeFileSync(path.join(dir, '902_fine.sql'), 'CREATE TABLE fine (a int);');
      writeFileSync(path.join(dir, '903_broken.sql'), 'CREATE TABLE broken (;');
      await expect(migrate(test.db, dir)).rejects.toThrow();
      const [row] = await test.db.query<{ fine: string | null }>(
        "SELECT to_regclass('fine')::text AS fine",
      );
      expect(row?.fine).toBeNull();
      const versions = await test.db.query<{ version: string }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      expect(versions.map((v) => v.version)).toEqual([...shippedVersions, '900', '901']);
    });
  });
}
