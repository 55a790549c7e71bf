// The statistics of one release batch, read once from its rows when the batch is gated
// (docs/report-performance.md, "Cell statistics"). The blocks: per unit list (everyone with the
// same units), and per unit list and answer to each background question. Every set a report reads
// with at most one background filter, and each group of its breakdowns, is a union of blocks of one
// family, so its figures are sums of at most a few hundred blocks, however many people answered.
import type { Db } from '../../../lib/db.js';
import { BACKGROUND, BACKGROUND_KEYS, type BackgroundKey } from '../../../lib/questionnaire.js';
import { rangeOf } from '../comment-ranges.js';
import {
  AT,
  COMMENT_TYPES,
  WIDTH,
  bandOf,
  binOf,
  commentSlot,
  pairIndex,
  rangeCommentSlot,
} from './layout.js';

/** A block: one unit list (family 'units'), or one unit list and one answer to a question. */
export interface BlockKey {
  family: 'units' | BackgroundKey;
  units: readonly string[];
  /** The answer (family = a question); null: not answered, or the 'units' family. */
  value: string | null;
}

export interface BlockStats {
  blocks: BlockKey[];
  /** Block b's statistics at b * WIDTH (layout.ts). */
  sums: Float64Array;
}

/**
 * Rows read per query: a batch of a million is read in pages, not held as one result. Small pages:
 * on PGlite a query runs in the API's own thread (6,000 rows took 3.8 s at load 18, during which
 * nothing else ran), and a release's first read, which makes these statistics, must still be able
 * to answer `503 gate-preparing` after its 2 s wait, and other requests their own.
 */
const PAGE = 500;
/** How long the accumulation runs before it lets other work in (timers, other requests). */
const SLICE_MS = 50;

const breathe = () => new Promise((resolve) => setImmediate(resolve));
const CODE_OFFSET = 27;
const C = 30;

const ROWS = `SELECT r.participant_id AS id, concat_ws('|', array_to_string(r.unit_ids, ','),
    ${BACKGROUND_KEYS.map((key) => `coalesce(r.${BACKGROUND[key].column}, '')`).join(', ')},
    r.satisfaction, r.lindex::float8, r.enps, r.change_job::int) AS line,
    r.realization_codes AS rc, r.importance_codes AS ic,
    (SELECT string_agg(left(c.type, 3) || c.criterion_id, ',') FROM comments c
      WHERE c.participant_id = r.participant_id) AS cm
  FROM responses r
  WHERE r.survey_id = $1 AND r.finished_at IS NOT NULL AND r.release = $2 AND r.participant_id > $3
  ORDER BY r.participant_id LIMIT ${PAGE}`;

interface Row {
  id: string;
  line: string;
  rc: string;
  ic: string;
  /** The participant's comments: `pos5,neg12` (type's first three letters, criterion id). */
  cm: string | null;
}

const TYPE_OF = new Map(COMMENT_TYPES.map((type, i) => [type.slice(0, 3), i]));

/** Counts the participant's comments, also under the range of their L-index (`lindex`). */
function countComments(row: Float64Array, comments: string | null, lindex: number) {
  if (!comments) return;
  const range = rangeOf(lindex);
  for (const comment of comments.split(',')) {
    const type = TYPE_OF.get(comment.slice(0, 3)) ?? 0;
    const criterion = Number(comment.slice(3));
    const at = AT.comments + commentSlot(type, criterion);
    row[at] = (row[at] as number) + 1;
    if (range < 0) continue;
    const inRange = AT.rangeComments + rangeCommentSlot(range, type, criterion);
    row[inRange] = (row[inRange] as number) + 1;
  }
}

/** Sums of blocks, grown as blocks are met. */
class Accumulator {
  private readonly index = new Map<string, number>();
  readonly blocks: BlockKey[] = [];
  sums = new Float64Array(WIDTH * 64);

  block(
    family: BlockKey['family'],
    units: readonly string[],
    unitsText: string,
    value: string | null,
  ) {
    const name = `${family}|${unitsText}|${value ?? ''}`;
    let b = this.index.get(name);
    if (b === undefined) {
      this.index.set(name, (b = this.blocks.length));
      this.blocks.push({ family, units, value });
      if ((b + 1) * WIDTH > this.sums.length) {
        const grown = new Float64Array(this.sums.length * 2);
        grown.set(this.sums);
        this.sums = grown;
      }
    }
    return b;
  }

  add(b: number, row: Float64Array) {
    const { sums } = this;
    const at = b * WIDTH;
    for (let k = 0; k < WIDTH; k += 1) sums[at + k] = (sums[at + k] as number) + (row[k] as number);
  }
}

/** One participant's statistics (a block of one). */
function rowStats(
  row: Float64Array,
  fields: string[],
  first: number,
  realizations: string,
  picks: string,
) {
  row.fill(0);
  const satisfaction = Number(fields[first]);
  const lindex = Number(fields[first + 1]);
  row[AT.n] = 1;
  row[AT.satisfactionSum] = satisfaction;
  row[AT.satisfactionBins + binOf(satisfaction)] = 1;
  row[AT.satisfactionBands + bandOf(satisfaction)] = 1;
  row[AT.lindexSum] = lindex;
  row[AT.lindexBins + binOf(lindex)] = 1;
  row[AT.lindexBands + bandOf(lindex)] = 1;
  row[AT.enps + Number(fields[first + 2])] = 1;
  row[AT.changeJob] = Number(fields[first + 3]);
  for (let k = 0; k < picks.length; k += 1) {
    const at = AT.picks + picks.charCodeAt(k) - CODE_OFFSET - 2;
    row[at] = (row[at] as number) + 1;
  }
  for (let i = 0; i < C; i += 1) {
    const x = realizations.charCodeAt(i) - CODE_OFFSET;
    row[AT.realizationSums + i] = x;
    row[AT.realizationBands + i * 5 + bandOf(x)] = 1;
    for (let j = i; j < C; j += 1) {
      row[AT.crossProducts + pairIndex(i, j)] = x * (realizations.charCodeAt(j) - CODE_OFFSET);
    }
  }
}

/** The block statistics of one release batch of a survey, from its rows. */
export async function batchStats(db: Db, surveyId: string, release: number): Promise<BlockStats> {
  const acc = new Accumulator();
  const row = new Float64Array(WIDTH);
  const unitLists = new Map<string, readonly string[]>();
  const first = 1 + BACKGROUND_KEYS.length;
  let after = '00000000-0000-0000-0000-000000000000';
  let slice = performance.now();
  for (;;) {
    const page = await db.query<Row>(ROWS, [surveyId, release, after]);
    for (const [i, { line, rc, ic, cm }] of page.entries()) {
      // Each row adds to eight blocks of a few hundred figures: 6,000 rows took 5 s at load 18.
      if ((i & 127) === 0 && performance.now() - slice > SLICE_MS) {
        await breathe();
        slice = performance.now();
      }
      const fields = line.split('|');
      const unitsText = fields[0] ?? '';
      let units = unitLists.get(unitsText);
      if (!units) unitLists.set(unitsText, (units = unitsText ? unitsText.split(',') : []));
      rowStats(row, fields, first, rc, ic);
      countComments(row, cm, row[AT.lindexSum] as number);
      acc.add(acc.block('units', units, unitsText, null), row);
      BACKGROUND_KEYS.forEach((key, q) => {
        const value = fields[1 + q] || null;
        acc.add(acc.block(key, units, unitsText, value), row);
      });
    }
    if (page.length < PAGE) break;
    after = (page.at(-1) as { id: string }).id;
  }
  return { blocks: acc.blocks, sums: acc.sums.slice(0, acc.blocks.length * WIDTH) };
}
