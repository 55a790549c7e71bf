// The one anonymity gate (docs/anonymity.md): whether a set of a survey's participants may be shown.
// Every report figure, comment list, download and AI answer asks it. A set is shown when it holds
// at least T people and is a union of whole cells of one of the survey's partitions: the unit cells
// (cells.ts) or one of the answer partitions checked together with them (shown-partitions.ts).
import type { Db } from '../../lib/db.js';
import { RetryLaterError } from '../../lib/errors.js';
import { BACKGROUND, BACKGROUND_KEYS, type BackgroundKey } from '../../lib/questionnaire.js';
import {
  cellCount,
  groupByCode,
  valueReader,
  wholeGroups,
  type Atom,
  type Dimension,
  type ValueOf,
} from './cells.js';
import { choiceFingerprint, keepChoice, knownChoice } from './gate-choices.js';
import { partitionJob } from './partition-job.js';
import type { GateMethod } from './best-partitions.js';
import { partitionsInWorker } from './partition-thread.js';
import { currentRelease } from './release.js';
import { isUnitKey, unitLevel, type Filters, type GroupKey } from './schemas.js';

/** Why a group is not shown: too few people, or a difference of shown sets would isolate fewer. */
export type SuppressionReason = 'belowThreshold' | 'differencing';

export type Verdict =
  { n: number; shown: true } | { n: number; shown: false; reason: SuppressionReason };

/**
 * Whether an atom is in a set. `key` names the set when it comes from filters alone (setTest), so
 * a gate can keep its verdicts on it: a release never changes, and the same sets are read again
 * and again (every manager's dashboard).
 */
export type AtomTest = ((atom: Atom) => boolean) & { readonly key?: string };

/**
 * One gate build: its atoms, the seconds spent reading them (the atoms query, the fingerprint, the
 * kept choice and the job, on the event loop) and computing the partitions (in a worker), and
 * whether they were checked or a kept choice was followed (gate-choices.ts).
 */
export interface GateBuild {
  atoms: number;
  readSeconds: number;
  partitionSeconds: number;
  checked: boolean;
}

const buildListeners = new Set<(build: GateBuild) => void>();

/**
 * Hears of every gate build in this process (the API's /metrics, `npm run bench`); returns the
 * call that stops it.
 */
export function onGateBuild(listener: (build: GateBuild) => void): () => void {
  buildListeners.add(listener);
  return () => buildListeners.delete(listener);
}

/** The partition of one release of a survey, and the verdicts it gives. */
export interface SurveyGate {
  /** The release the survey's reports read now (reports count responses of releases <= this). */
  release: number;
  /** The verdict on a set of the survey's participants. */
  verdict(inSet: AtomTest): Verdict;
  /** A breakdown of a set: the verdict on each group with anyone in it, by unit id or answer. */
  breakdown(inSet: AtomTest, key: GroupKey): Map<string | null, Verdict>;
  /**
   * The verdict on listing a set's people's own records one by one (open comments): at least T
   * and a union of whole unit cells. A comment is in every list that holds its writer, so lists
   * of sets of two partitions show their intersection (the women of a unit: all women's comments
   * that the unit's list holds too), which no sum or difference does and which can be small. The
   * lists of one partition's cells split people only into unions of its cells.
   */
  listVerdict(inSet: AtomTest): Verdict;
  /** An atom's unit on a level or answer to a background question; null for none. */
  readonly valueOf: (atom: Atom, key: GroupKey) => string | null;
  /**
   * What may be shown of one released participant's units and answers: only what everyone in
   * their cell shares (a unit or answer that differs within the cell is withheld: undefined).
   * Undefined for someone not in this release.
   */
  generalise(
    units: readonly string[],
    background: Atom['background'],
    release: number,
  ): Generalised | undefined;
}

export interface Generalised {
  /** Per unit level, the unit everyone in the cell has there (null: none has one); a level
   * missing here differs within the cell and is withheld. */
  units: Map<number, string | null>;
  /** The answers everyone in the cell gave; a question missing here is withheld. */
  background: Partial<Record<BackgroundKey, string | null>>;
}

const atomKey = (units: readonly string[], background: Atom['background'], release = 0) =>
  JSON.stringify([release, units, ...BACKGROUND_KEYS.map((key) => background[key])]);

const dimensionOf = (key: GroupKey): Dimension =>
  isUnitKey(key) ? { level: unitLevel(key) } : { key };

/**
 * The atoms a set's filters select, as filters.ts selects rows: a unit filter keeps those with any
 * of its units, a background filter those whose answer is one of its values (never "no answer").
 */
export function setTest(filters: Filters): AtomTest {
  const tests = (Object.entries(filters) as [GroupKey, string[] | undefined][])
    .filter(([, values]) => values && values.length > 0)
    .map(([key, values = []]): AtomTest => {
      if (isUnitKey(key)) return (atom) => atom.units.some((id) => values.includes(id));
      return (atom) => {
        const answer = atom.background[key];
        return answer !== null && values.includes(answer);
      };
    });
  const key = JSON.stringify(
    (Object.entries(filters) as [GroupKey, string[] | undefined][])
      .filter(([, values]) => values && values.length > 0)
      .map(([name, values = []]) => [name, [...values].sort()])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
  return Object.assign((atom: Atom) => tests.every((test) => test(atom)), { key });
}

export const both =
  (a: AtomTest, b: AtomTest): AtomTest =>
  (atom) =>
    a(atom) && b(atom);

/** Those with any of the units (a user's unit limit on comments). */
export const inAnyUnit =
  (ids: readonly string[]): AtomTest =>
  (atom) =>
    atom.units.some((id) => ids.includes(id));

interface AtomRow extends Record<BackgroundKey, string | null> {
  units: string[];
  release: number;
  n: number;
}

const ATOMS = `SELECT r.unit_ids::text[] AS units, r.release, ${BACKGROUND_KEYS.map(
  (key) => `r.${BACKGROUND[key].column} AS "${key}"`,
).join(', ')}, count(*)::int AS n
  FROM responses r
  WHERE r.survey_id = $1 AND r.finished_at IS NOT NULL AND r.release <= $2
  GROUP BY r.unit_ids, r.release, ${BACKGROUND_KEYS.map((key) => `r.${BACKGROUND[key].column}`).join(', ')}`;

/**
 * The atoms of the ATOMS rows, sharing one array per distinct unit combination and one object per
 * distinct set of answers: a survey of 50,000 has about 30,000 atoms, and their own copies made
 * the gate 33 MB of live heap that every full garbage collection of the API walked.
 */
function atomsOf(rows: readonly AtomRow[]): Atom[] {
  const unitLists = new Map<string, readonly string[]>();
  const answerSets = new Map<string, Atom['background']>();
  return rows.map(({ units: ids, release, n, ...background }) => {
    const unitsKey = ids.join();
    let units = unitLists.get(unitsKey);
    if (!units) unitLists.set(unitsKey, (units = ids));
    const answersKey = JSON.stringify(BACKGROUND_KEYS.map((key) => background[key]));
    let answers = answerSets.get(answersKey);
    if (!answers) answerSets.set(answersKey, (answers = background));
    return { units, background: answers, release, n };
  });
}

/** Each atom's value as an index into `values` (one entry per distinct value). */
interface Column<K = string | null> {
  codes: Int32Array;
  values: K[];
}

function columnOf<K>(atoms: readonly Atom[], valueOf: (atom: Atom) => K): Column<K> {
  const index = new Map<K, number>();
  const values: K[] = [];
  const codes = new Int32Array(atoms.length);
  atoms.forEach((atom, i) => {
    const value = valueOf(atom);
    let code = index.get(value);
    if (code === undefined) {
      index.set(value, (code = values.length));
      values.push(value);
    }
    codes[i] = code;
  });
  return { codes, values };
}

type Generaliser = SurveyGate['generalise'];

/** Per cell, what all its atoms share: the unit on each level, the answer to each question. */
function generaliserOf(
  atoms: readonly Atom[],
  cellOf: Int32Array,
  levels: ReadonlyMap<string, number>,
  read: ValueOf,
): Generaliser {
  const unitLevelsOf = [...new Set(levels.values())];
  const shared = new Map<number, Generalised>();
  atoms.forEach((atom, i) => {
    const cell = cellOf[i] as number;
    const own = new Map(unitLevelsOf.map((level) => [level, read(atom, { level })]));
    const known = shared.get(cell);
    if (!known) {
      shared.set(cell, { units: own, background: { ...atom.background } });
      return;
    }
    for (const [level, unit] of known.units) if (own.get(level) !== unit) known.units.delete(level);
    known.background = Object.fromEntries(
      Object.entries(known.background).filter(
        ([key, answer]) => atom.background[key as BackgroundKey] === answer,
      ),
    );
  });
  const cellOfAtom = new Map(
    atoms.map((atom, i) => [
      atomKey(atom.units, atom.background, atom.release),
      cellOf[i] as number,
    ]),
  );
  return (units, background, batch) => {
    const cell = cellOfAtom.get(atomKey(units, background, batch));
    return cell === undefined ? undefined : shared.get(cell);
  };
}

/** Verdicts kept per gate (one survey release). */
const MEMO_SIZE = 500;

/** Partitions kept per survey release: an ended survey's never changes, so most reads reuse one. */
const CACHE_SIZE = 64;

/**
 * The Retry-After of a read refused while its survey's gate is built: a build that outlasted a
 * read's wait takes seconds more (a large survey's check), and each retry costs the reader a round
 * trip, so not less; the reader's page says it tries again, so not much more.
 */
export const GATE_RETRY_SECONDS = 3;

/**
 * The gate's promise (or what a read prepares with it), or a `503 gate-preparing` refusal when it
 * is not settled within `waitMs` (the work goes on; a later read takes it). Done work answers at
 * once.
 */
export function withinWait<T>(gate: Promise<T>, waitMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new RetryLaterError('gate-preparing', GATE_RETRY_SECONDS)),
      waitMs,
    );
  });
  return Promise.race([gate, late]).finally(() => clearTimeout(timer));
}

/** One gate per database and threshold: the reports, the exports and the AI share its partitions. */
const gates = new WeakMap<Db, Map<string, ReturnType<typeof createGate>>>();

/**
 * The gate of a database at a threshold. `method`: how the partitions are chosen (the better of
 * both: best-partitions.ts); one method alone only for measuring against (npm run bench).
 */
export function anonymityGate(
  db: Db,
  threshold: number,
  method: GateMethod = 'best',
): ReturnType<typeof createGate> {
  let byThreshold = gates.get(db);
  if (!byThreshold) gates.set(db, (byThreshold = new Map()));
  const key = `${threshold}:${method}`;
  let gate = byThreshold.get(key);
  if (!gate) byThreshold.set(key, (gate = createGate(db, threshold, method)));
  return gate;
}

function createGate(db: Db, threshold: number, method: GateMethod) {
  const cache = new Map<string, Promise<SurveyGate>>();

  async function build(surveyId: string, companyId: string, release: number): Promise<SurveyGate> {
    const started = performance.now();
    const [rows, units] = await Promise.all([
      db.query<AtomRow>(ATOMS, [surveyId, release]),
      db.query<{ id: string; index: number }>('SELECT id, index FROM units WHERE company_id = $1', [
        companyId,
      ]),
    ]);
    const atoms = atomsOf(rows);
    const levels = new Map(units.map((unit) => [unit.id, unit.index]));
    const read = valueReader(levels);
    const fingerprint = choiceFingerprint(atoms, levels, threshold, method);
    const known = await knownChoice(db, surveyId, fingerprint);
    const job = partitionJob(atoms, levels, read, threshold, known, method);
    const jobReady = performance.now();
    // In a worker thread: the check takes seconds on a large survey (partition-thread.ts).
    const shown = await partitionsInWorker(job);
    const timing: GateBuild = {
      atoms: atoms.length,
      readSeconds: (jobReady - started) / 1000,
      partitionSeconds: (performance.now() - jobReady) / 1000,
      checked: !known,
    };
    for (const listener of buildListeners) listener(timing);
    if (!known) await keepChoice(db, surveyId, fingerprint, shown.choice);
    const [cellOf, ...answerPartitions] = shown.partitions as [Int32Array, ...Int32Array[]];
    const partitions = [cellOf, ...answerPartitions].map((cells) => ({
      cells,
      count: cellCount(cells),
    }));
    const judge = (n: number, wholeCells: boolean): Verdict =>
      n < threshold
        ? { n, shown: false, reason: 'belowThreshold' }
        : wholeCells
          ? { n, shown: true }
          : { n, shown: false, reason: 'differencing' };
    const valueOf = (atom: Atom, key: GroupKey) => read(atom, dimensionOf(key));
    // Each atom's value per breakdown key, read once per gate (breakdowns run on every read).
    // Each atom's value per breakdown key as a small code, read once per gate: breakdowns run on
    // every report read, over every atom.
    const columns = new Map<GroupKey, Column>();
    const column = (key: GroupKey) => {
      let codes = columns.get(key);
      if (!codes) columns.set(key, (codes = columnOf(atoms, (atom) => valueOf(atom, key))));
      return codes;
    };
    const everyone = columnOf(atoms, () => true);
    // Verdicts on named sets (AtomTest.key), the oldest forgotten first. Callers only read them.
    const memo = new Map<string, Map<unknown, Verdict>>();
    const remembered = <K>(
      inSet: AtomTest,
      key: string,
      compute: () => Map<K, Verdict>,
    ): Map<K, Verdict> => {
      if (inSet.key === undefined) return compute();
      const name = `${key}|${inSet.key}`;
      const known = memo.get(name) as Map<K, Verdict> | undefined;
      if (known) return known;
      const fresh = compute();
      memo.set(name, fresh as Map<unknown, Verdict>);
      if (memo.size > MEMO_SIZE) memo.delete(memo.keys().next().value as string);
      return fresh;
    };
    // Built on the first export that asks: its maps are as large as the survey's atoms.
    let generaliser: Generaliser | undefined;
    // A group is a union of unit cells or of answer cells (or neither: differencing); `among`:
    // the partitions that count (a list of people's own comments: the unit cells only).
    const judged = <K>(inSet: AtomTest, { codes, values }: Column<K>, among = partitions) => {
      const grouping = groupByCode(atoms, inSet, codes, values.length);
      const whole = grouping.keys.map(() => false);
      for (const { cells, count } of among)
        wholeGroups(grouping, cells, count).forEach((yes, g) => {
          if (yes) whole[g] = true;
        });
      return new Map(
        grouping.keys.map((code, g) => [
          values[code] as K,
          judge(grouping.people[g] as number, whole[g] as boolean),
        ]),
      );
    };
    return {
      release,
      valueOf,
      generalise(units, background, batch) {
        generaliser ??= generaliserOf(atoms, cellOf, levels, read);
        return generaliser(units, background, batch);
      },
      verdict: (inSet) =>
        remembered(inSet, '', () => judged(inSet, everyone)).get(true) ?? judge(0, true),
      breakdown: (inSet, key) => remembered(inSet, key, () => judged(inSet, column(key))),
      listVerdict: (inSet) =>
        remembered(inSet, 'list', () => judged(inSet, everyone, partitions.slice(0, 1))).get(
          true,
        ) ?? judge(0, true),
    };
  }

  return {
    /**
     * The gate of a survey's current release (releasing waiting responses first when there are
     * enough of them). The partition is built once per release and kept. `waitMs`: how long a read
     * waits for a gate still being built before it is refused with `503 gate-preparing` (a request
     * behind the gateway, which gives up on an answer's headers after 5 s); none: until it is built
     * (the AI's jobs, the auditors, the warm-up).
     */
    async survey(
      surveyId: string,
      companyId: string,
      { waitMs }: { waitMs?: number | undefined } = {},
    ): Promise<SurveyGate> {
      const { release } = await currentRelease(db, surveyId, threshold);
      // A release never changes once made (docs/anonymity.md: a deleted participant's response is
      // the exception, not yet covered).
      const key = `${surveyId}:${release}`;
      let gate = cache.get(key);
      if (!gate) {
        gate = build(surveyId, companyId, release);
        gate.catch(() => cache.delete(key));
        cache.set(key, gate);
        if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      }
      return waitMs === undefined ? gate : withinWait(gate, waitMs);
    },
  };
}

export type AnonymityGate = ReturnType<typeof createGate>;
