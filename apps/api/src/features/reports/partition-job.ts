// The gate's partitions (shown-partitions.ts) as a job for a worker thread (partition-thread.ts):
// the 50,000 profile's first build checks candidates for seconds, which on the event loop held up
// every other request of the API. The job carries the atoms as typed arrays, each value as its
// rank among the values of its dimension in the order partition() sorts them, so the worker splits
// and checks exactly as the gate would on the atoms themselves (same cells, same choice).
import { BACKGROUND_KEYS } from '../../lib/questionnaire.js';
import { dimensionsOf, valueReader, type Atom, type ValueOf } from './cells.js';
import { keptPartitions, type GateMethod, type KeptChoice } from './best-partitions.js';

/** Owns its memory, so it can move to or from the worker. */
type Column = Int32Array<ArrayBuffer>;

export interface PartitionJob {
  threshold: number;
  /** The company's unit levels, each once (a level no atom has still shapes the candidates). */
  levels: Column;
  /** Per atom: its people and its release batch. */
  n: Column;
  release: Column;
  /** Per atom and level (atom-major, `levels` order): its unit's rank on that level, -1 for none. */
  units: Column;
  /** Per atom and question (atom-major, BACKGROUND_KEYS order): its answer's rank, -1 for none. */
  answers: Column;
  /** A kept choice (gate-choices.ts) to follow. */
  known: KeptChoice | null;
  method: GateMethod;
}

export interface PartitionResult {
  /** Cell of each atom, one array per partition; the first is the unit partition. */
  partitions: Column[];
  /** The choice made (or followed) and the method that made it. */
  choice: KeptChoice;
}

const NONE = -1;

/**
 * Each value's rank among `values` as partition() orders a node's parts (cells.ts). Unit ids and
 * the questions' answer codes never compare equal when distinct, so the order is the same.
 */
function ranks(values: Iterable<string>): Map<string, number> {
  const sorted = [...new Set(values)].sort((a, b) => a.localeCompare(b));
  return new Map(sorted.map((value, rank) => [value, rank]));
}

/** The job for `atoms`, read through `read` as the gate reads them. */
export function partitionJob(
  atoms: readonly Atom[],
  unitLevels: ReadonlyMap<string, number>,
  read: ValueOf,
  threshold: number,
  known: KeptChoice | undefined,
  method: GateMethod = 'best',
): PartitionJob {
  const levels = Int32Array.from(new Set(unitLevels.values()));
  const dimensions = [
    ...[...levels].map((level) => ({ level })),
    ...BACKGROUND_KEYS.map((key) => ({ key })),
  ];
  const columns = dimensions.map((dimension) => atoms.map((atom) => read(atom, dimension)));
  const codes = columns.map((column) => {
    const rankOf = ranks(column.filter((value): value is string => value !== null));
    return column.map((value) => (value === null ? NONE : (rankOf.get(value) as number)));
  });
  const fill = (from: number, width: number) => {
    const flat = new Int32Array(atoms.length * width);
    for (let d = 0; d < width; d += 1) {
      const column = codes[from + d] as number[];
      for (let i = 0; i < atoms.length; i += 1) flat[i * width + d] = column[i] as number;
    }
    return flat;
  };
  return {
    threshold,
    levels,
    n: Int32Array.from(atoms, (atom) => atom.n),
    release: Int32Array.from(atoms, (atom) => atom.release ?? 0),
    units: fill(0, levels.length),
    answers: fill(levels.length, BACKGROUND_KEYS.length),
    known: known ?? null,
    method,
  };
}

/** A rank as a value that sorts as the rank does (equal width, digits only). */
const valueOfRank = (rank: number) => String(rank).padStart(10, '0');

/** The job's atoms rebuilt from their ranks, with each unit's level. */
export function atomsOfJob(job: PartitionJob): {
  atoms: Atom[];
  unitLevels: Map<string, number>;
} {
  const { levels, n, release, units, answers } = job;
  const unitLevels = new Map<string, number>();
  for (const level of levels) unitLevels.set(`${level}:`, level);
  const atoms = Array.from(n, (people, i): Atom => {
    const ids: string[] = [];
    levels.forEach((level, l) => {
      const rank = units[i * levels.length + l] as number;
      if (rank === NONE) return;
      const id = `${level}:${valueOfRank(rank)}`;
      unitLevels.set(id, level);
      ids.push(id);
    });
    const background = Object.fromEntries(
      BACKGROUND_KEYS.map((key, k) => {
        const rank = answers[i * BACKGROUND_KEYS.length + k] as number;
        return [key, rank === NONE ? null : valueOfRank(rank)];
      }),
    ) as Atom['background'];
    return { units: ids, background, release: release[i] as number, n: people };
  });
  return { atoms, unitLevels };
}

/** Runs the job: the atoms rebuilt from their ranks, partitioned and checked (in the worker). */
export function runPartitionJob(job: PartitionJob): PartitionResult {
  const { atoms, unitLevels } = atomsOfJob(job);
  const shown = keptPartitions(
    atoms,
    dimensionsOf(unitLevels),
    valueReader(unitLevels),
    job.threshold,
    job.known ?? undefined,
    job.method,
  );
  return {
    partitions: shown.partitions.map((cells) => Int32Array.from(cells)),
    choice: shown.kept,
  };
}
