// The block statistics of a survey's releases: kept per release batch in report_cell_stats
// (migration 024), written when a batch is first gated, then read instead of its rows.
import type { Db } from '../../../lib/db.js';
import { batchStats, type BlockKey, type BlockStats } from './build.js';
import { AT, WIDTH } from './layout.js';

/** Bump when the layout (layout.ts) or the blocks (build.ts) change: older rows are made anew. */
const VERSION = 3;

interface StoredRow {
  release: number;
  version: number;
  participants: number;
  blocks: BlockKey[];
  /** Base64: both drivers parse a bytea's hex text in JavaScript, 4 times slower than Node's
   * base64 decoder (a 2,000-participant survey of 208 units keeps 38 MB). */
  sums: string;
}

const asFloats = (base64: string): Float64Array => {
  const bytes = Buffer.from(base64, 'base64');
  // Little-endian, as written. A small buffer may sit in Node's pool, not aligned to 8 bytes.
  if (bytes.byteOffset % 8 === 0)
    return new Float64Array(bytes.buffer, bytes.byteOffset, bytes.length / 8);
  return new Float64Array(Uint8Array.from(bytes).buffer);
};

const asBase64 = (sums: Float64Array) =>
  Buffer.from(sums.buffer, sums.byteOffset, sums.byteLength).toString('base64');

async function keep(db: Db, surveyId: string, release: number, stats: BlockStats) {
  let participants = 0;
  for (let b = 0; b < stats.blocks.length; b += 1) {
    if (stats.blocks[b]?.family === 'units') participants += stats.sums[b * WIDTH + AT.n] as number;
  }
  await db.query(
    `INSERT INTO report_cell_stats (survey_id, release, version, participants, blocks, sums)
     VALUES ($1, $2, $3, $4, $5::jsonb, decode($6, 'base64'))
     ON CONFLICT (survey_id, release) DO UPDATE SET version = excluded.version,
       participants = excluded.participants, blocks = excluded.blocks, sums = excluded.sums,
       made_at = now()`,
    [surveyId, release, VERSION, participants, JSON.stringify(stats.blocks), asBase64(stats.sums)],
  );
}

/**
 * The statistics of every batch of a survey up to `release`: the kept ones whose version and
 * participant count still match the batch, the others computed from the rows and kept.
 */
export async function releaseBatches(
  db: Db,
  surveyId: string,
  release: number,
): Promise<BlockStats[]> {
  const [stored, counts] = await Promise.all([
    db.query<StoredRow>(
      `SELECT release, version, participants, blocks, encode(sums, 'base64') AS sums
       FROM report_cell_stats
       WHERE survey_id = $1 AND release <= $2`,
      [surveyId, release],
    ),
    db.query<{ release: number; n: number }>(
      `SELECT release, count(*)::int AS n FROM responses
       WHERE survey_id = $1 AND finished_at IS NOT NULL AND release <= $2 GROUP BY release`,
      [surveyId, release],
    ),
  ]);
  const kept = new Map(stored.map((row) => [row.release, row]));
  const batches: BlockStats[] = [];
  for (const { release: batch, n } of counts) {
    const row = kept.get(batch);
    if (row && row.version === VERSION && row.participants === n) {
      batches.push({ blocks: row.blocks, sums: asFloats(row.sums) });
      continue;
    }
    const made = await batchStats(db, surveyId, batch);
    await keep(db, surveyId, batch, made);
    batches.push(made);
  }
  return batches;
}
