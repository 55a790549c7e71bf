// The gate's choice of answer partitions, kept in the database per survey (migration 018). Made on
// the same atoms, unit levels and threshold by the same check, the choice is the same, so a start
// or another API instance takes it instead of repeating checks that take seconds per survey.
import { createHash } from 'node:crypto';
import type { Db } from '../../lib/db.js';
import { BACKGROUND_KEYS } from '../../lib/questionnaire.js';
import type { Atom } from './cells.js';
import type { GateMethod, KeptChoice } from './best-partitions.js';

/**
 * Bump when the same atoms may be chosen differently: other candidates or their order, or other
 * limits in the check (shown-partitions.ts, derivable.ts).
 */
const CHECK_VERSION = 6;

/** Names everything a choice depends on; atoms in a fixed order, whatever order a query gave. */
export function choiceFingerprint(
  atoms: readonly Atom[],
  unitLevels: ReadonlyMap<string, number>,
  threshold: number,
  method: GateMethod = 'best',
): string {
  const lines = atoms
    .map((atom) =>
      JSON.stringify([
        atom.release ?? 0,
        atom.units,
        BACKGROUND_KEYS.map((key) => atom.background[key]),
        atom.n,
      ]),
    )
    .sort();
  const levels = [...unitLevels].sort(([a], [b]) => a.localeCompare(b));
  const hash = createHash('sha256');
  hash.update(JSON.stringify([CHECK_VERSION, method, threshold, levels]));
  for (const line of lines) hash.update(line).update('\n');
  return hash.digest('base64url');
}

/** The kept choice of a survey when it was made on the same fingerprint. */
export async function knownChoice(
  db: Db,
  surveyId: string,
  fingerprint: string,
): Promise<KeptChoice | undefined> {
  const [row] = await db.query<{ choice: unknown }>(
    'SELECT choice FROM anonymity_choices WHERE survey_id = $1 AND fingerprint = $2',
    [surveyId, fingerprint],
  );
  return isKeptChoice(row?.choice) ? row.choice : undefined;
}

/** A row as keepChoice writes it: the method that chose, and its choice (checked on use). */
function isKeptChoice(value: unknown): value is KeptChoice {
  if (typeof value !== 'object' || value === null) return false;
  const { method, choice } = value as Partial<KeptChoice>;
  return (
    (method === 'parts' || method === 'levelsFirst' || method === 'batches') &&
    Array.isArray(choice)
  );
}

/** Keeps a survey's newest choice and its method (reports read only the newest release). */
export async function keepChoice(
  db: Db,
  surveyId: string,
  fingerprint: string,
  choice: KeptChoice,
): Promise<void> {
  await db.query(
    `INSERT INTO anonymity_choices (survey_id, fingerprint, choice) VALUES ($1, $2, $3::jsonb)
     ON CONFLICT (survey_id) DO UPDATE
       SET fingerprint = excluded.fingerprint, choice = excluded.choice, made_at = now()`,
    [surveyId, fingerprint, JSON.stringify(choice)],
  );
}
