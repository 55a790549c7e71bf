// The anonymity auditor (docs/anonymity.md). It plays an analyst with one account and one survey:
// asks for every set a user can request (unit choices, background filters with one or several
// values, their combinations, every breakdown), keeps what was shown, and checks with exact linear
// algebra that no group of fewer than T people is a sum or difference of shown sets. It knows the
// participants only as the REST contract describes them: it implements the filter semantics itself
// and does not use the gate's code, so a gate that miscounts or misfilters is caught as well.
// Reads that list a set's comments one by one (comment pages) show more than a sum: each comment
// is one person's, and which lists hold it places its writer in the intersection of those sets,
// so for them every part of the sets' partition must hold T people (recordLeaks below).
import type { BackgroundKey } from '../../../lib/questionnaire.js';
import type { Filters, GroupKey } from '../schemas.js';
import { smallGroupInSpan } from '../reduced-span.js';

export interface Person {
  /** The participant's units (at most one per level). */
  units: readonly string[];
  background: Readonly<Partial<Record<BackgroundKey, string | null>>>;
  /** How many visible (not hidden) comments the person wrote; 0 when left out. */
  comments?: number;
  /** The person's L-index, for the comment reads narrowed to an L-index range (Shown.lIndexRange). */
  lIndex?: number;
}

export interface Unit {
  id: string;
  level: number;
}

/** Whether a set or group was shown, and its count (what `Shown.counts` says). */
export interface Answered {
  shown: boolean;
  /** Absent when the read shows no count (then there is none to check). */
  n?: number;
}

/** What one read answered to one request: the set, and with a breakdown each of its groups. */
export interface Shown {
  set: Answered;
  /** Group value (unit id or answer; null = none) -> verdict; null without a breakdown. */
  groups: ReadonlyMap<string | null, Answered> | null;
  /** What `n` counts: the participants (default) or their visible comments (comment reads). */
  counts?: 'participants' | 'comments';
  /** The read lists the set's comments one by one (a comment page), not only sums. */
  records?: boolean;
  /** The read's name, in a miscount. */
  read?: string;
  /**
   * The read counts or lists only the comments of the set's writers whose L-index lies in
   * [lower, upper) (the comment reads' `indexRange`). The set it shows is still the whole set: its
   * lists show each comment's writer's L-index anyway, as a figure of a set shows its index bins,
   * so a range tells nothing a shown list does not, and names no group an analyst can name. What it
   * must not do is answer for a set the plain read withholds (caught as that set shown) or count
   * other writers than the set's in the range (caught as a miscount).
   */
  lIndexRange?: readonly [number, number];
}

/** One request's answers: one read's, or several reads' of the same request. */
export type Ask = (filters: Filters, groupBy?: GroupKey) => Promise<Shown | readonly Shown[]>;

export interface AuditInput {
  people: readonly Person[];
  units: readonly Unit[];
  /** The background questions asked, with their answer values. */
  questions: ReadonlyMap<BackgroundKey, readonly string[]>;
  threshold: number;
  ask: Ask;
  /** Each unit's parent unit (for choices of several teams of one department). */
  parents?: ReadonlyMap<string, string>;
  /**
   * Ask only every n-th request of each shape (which filters with how many values, which
   * breakdown), the first of each always: a sample that still holds every family of requests, for
   * a slower channel (HTTP) or a large survey. Default every one.
   */
  every?: number;
}

export interface Leak {
  /**
   * span: the group is a sum or difference of shown sets; records: no comment list tells its
   * people apart, so a comment listed is known to be one of theirs.
   */
  kind: 'span' | 'records';
  /** Participants in the derivable group. */
  size: number;
  /** The group, described by its people's units and answers. */
  people: Person[];
}

export interface AuditResult {
  requests: number;
  /** Shown sets and groups, and how many different sets of people they are. */
  shown: number;
  /** Shown sets and groups per read that named itself (Shown.read). */
  shownByRead: Map<string, number>;
  distinct: number;
  /** Answers (sets and groups) holding at least T people, and how many of those were not shown. */
  large: number;
  withheld: number;
  /** Shown figures whose participant count is not the auditor's own count of the set. */
  miscounts: string[];
  /**
   * A group of fewer than T people in the span of what was shown (the first found), and every
   * part under T of the partition that the comment lists make of their writers.
   */
  leaks: Leak[];
  /** The smallest group of people no shown set tells apart (the span's finest parts). */
  smallestClass: number;
  /** False when the leak search had too many small unions to try them all (then it proves nothing). */
  complete: boolean;
}

const subsets = <T>(items: readonly T[], max: number): T[][] => {
  const result: T[][] = [];
  const walk = (start: number, chosen: T[]) => {
    if (chosen.length > 0) result.push([...chosen]);
    if (chosen.length === max) return;
    for (let i = start; i < items.length; i += 1) walk(i + 1, [...chosen, items[i] as T]);
  };
  walk(0, []);
  return result;
};

/**
 * The unit choices: none; every one or two units of a level; every subset of one unit's children
 * (the several teams of a department a manager picks); one unit on each of two levels.
 */
function unitChoices(units: readonly Unit[], parents: ReadonlyMap<string, string>): Filters[] {
  const levels = [...new Set(units.map((u) => u.level))].sort((a, b) => a - b);
  const byLevel = (level: number) => units.filter((u) => u.level === level).map((u) => u.id);
  const key = (level: number) => `unit${level}` as GroupKey;
  const seen = new Set<string>();
  const choices: Filters[] = [{}];
  const add = (filters: Filters) => {
    const id = JSON.stringify(filters);
    if (!seen.has(id)) choices.push(filters);
    seen.add(id);
  };
  for (const level of levels) {
    for (const ids of subsets(byLevel(level), 2)) add({ [key(level)]: ids });
    const families = new Map<string, string[]>();
    for (const id of byLevel(level)) {
      const parent = parents.get(id) ?? '';
      families.set(parent, [...(families.get(parent) ?? []), id]);
    }
    for (const children of families.values())
      for (const ids of subsets(children, 4)) add({ [key(level)]: ids });
  }
  for (const [i, a] of levels.entries())
    for (const b of levels.slice(i + 1))
      for (const x of byLevel(a)) for (const y of byLevel(b)) add({ [key(a)]: [x], [key(b)]: [y] });
  return choices;
}

/** Background filters: every subset of one question's values; one value of each of two. */
function backgroundChoices(questions: ReadonlyMap<BackgroundKey, readonly string[]>): Filters[] {
  const keys = [...questions.keys()];
  const choices: Filters[] = [{}];
  for (const key of keys)
    for (const values of subsets(questions.get(key) ?? [], Infinity))
      choices.push({ [key]: values });
  for (const [i, a] of keys.entries())
    for (const b of keys.slice(i + 1))
      for (const x of questions.get(a) ?? [])
        for (const y of questions.get(b) ?? []) choices.push({ [a]: [x], [b]: [y] });
  return choices;
}

/** Filters on at most one value of each dimension. */
const singleValued = (filters: Filters) =>
  Object.values(filters).every((values) => (values?.length ?? 0) <= 1);

/** Which filters a request has and how many values each: its family, for sampling. */
const shapeOf = (filters: Filters) =>
  Object.entries(filters)
    .map(([key, values]) => `${key}:${values?.length ?? 0}`)
    .join();

/** Each name's number: equal names, equal numbers, from 0. */
function numbered(names: readonly string[]): number[] {
  const number = new Map<string, number>();
  return names.map((name) => {
    let n = number.get(name);
    if (n === undefined) number.set(name, (n = number.size));
    return n;
  });
}

const levelOf = (key: GroupKey) => (key.startsWith('unit') ? Number(key.slice(4)) : null);

export async function audit(input: AuditInput): Promise<AuditResult> {
  const { people, units, questions, threshold } = input;
  const unitLevel = new Map(units.map((u) => [u.id, u.level]));
  // The REST contract's semantics, written here again on purpose (see the file comment): a unit
  // filter takes those with any of its units, a background filter those whose answer is one of
  // its values. Read once per request: the auditor asks tens of thousands per survey.
  const filterTest = (filters: Filters) => {
    const tests = (Object.entries(filters) as [GroupKey, string[]][]).map(([key, values]) => {
      if (levelOf(key) !== null)
        return (person: Person) => person.units.some((id) => values.includes(id));
      return (person: Person) => {
        const answer = person.background[key as BackgroundKey] ?? null;
        return answer !== null && values.includes(answer);
      };
    });
    return (person: Person) => tests.every((test) => test(person));
  };
  const valueReader = (key: GroupKey): ((person: Person) => string | null) => {
    const level = levelOf(key);
    if (level === null) return (person) => person.background[key as BackgroundKey] ?? null;
    return (person) => person.units.find((id) => unitLevel.get(id) === level) ?? null;
  };

  // Atoms: people alike in everything a request can tell apart.
  const atomKey = (p: Person) =>
    JSON.stringify([
      [...p.units].sort(),
      [...questions.keys()].map((k) => p.background[k] ?? null),
    ]);
  const atomIndex = new Map<string, number>();
  const atomOf = people.map((p) => {
    const key = atomKey(p);
    if (!atomIndex.has(key)) atomIndex.set(key, atomIndex.size);
    return atomIndex.get(key) as number;
  });
  const atomSize = new Array<number>(atomIndex.size).fill(0);
  const atomComments = new Array<number>(atomIndex.size).fill(0);
  const representative: Person[] = [];
  people.forEach((p, i) => {
    const a = atomOf[i] as number;
    atomSize[a] = (atomSize[a] ?? 0) + 1;
    atomComments[a] = (atomComments[a] ?? 0) + (p.comments ?? 0);
    representative[a] ??= p;
  });

  // Per atom, the visible comments of its people whose L-index lies in a range, per range asked.
  const inRange = new Map<string, number[]>();
  const commentsInRange = ([lower, upper]: readonly [number, number]) => {
    const key = `${lower}-${upper}`;
    let counts = inRange.get(key);
    if (!counts) {
      counts = new Array<number>(atomIndex.size).fill(0);
      people.forEach((p, i) => {
        if (p.lIndex === undefined || p.lIndex < lower || p.lIndex >= upper) return;
        const a = atomOf[i] as number;
        (counts as number[])[a] = ((counts as number[])[a] ?? 0) + (p.comments ?? 0);
      });
      inRange.set(key, counts);
    }
    return counts;
  };

  // Each shown set as its atoms (ascending), once; the comment lists' sets apart as well.
  const shownSets = new Map<string, readonly number[]>();
  const recordSets = new Map<string, readonly number[]>();
  const miscounts: string[] = [];
  let requests = 0;
  let shown = 0;
  const shownByRead = new Map<string, number>();
  let large = 0;
  let withheld = 0;
  /** One answer of a read against the atoms it should hold; `label` names it in a miscount. */
  const record = (
    label: () => string,
    answer: Answered,
    members: readonly number[],
    read: Shown,
  ) => {
    const n = members.reduce((sum, a) => sum + (atomSize[a] ?? 0), 0);
    if (n >= threshold) {
      large += 1;
      if (!answer.shown) withheld += 1;
    }
    if (!answer.shown) return;
    shown += 1;
    if (read.read) shownByRead.set(read.read, (shownByRead.get(read.read) ?? 0) + 1);
    const counted = read.lIndexRange
      ? commentsInRange(read.lIndexRange)
      : read.counts === 'comments'
        ? atomComments
        : atomSize;
    const expected = members.reduce((sum, a) => sum + (counted[a] ?? 0), 0);
    if (answer.n !== undefined && expected !== answer.n)
      miscounts.push(`${read.read ?? ''} ${label()}: shown ${answer.n}, holds ${expected}`);
    shownSets.set(members.join(), members);
    if (read.records) recordSets.set(members.join(), members);
  };

  const breakdowns: GroupKey[] = [
    ...[...new Set(units.map((u) => u.level))].map((level) => `unit${level}` as GroupKey),
    ...questions.keys(),
  ];
  const ask = async (filters: Filters, groupBy?: GroupKey) => {
    requests += 1;
    const answered = await input.ask(filters, groupBy);
    for (const answer of Array.isArray(answered) ? answered : [answered])
      recordRead(filters, groupBy, answer as Shown);
  };
  const recordRead = (filters: Filters, groupBy: GroupKey | undefined, answer: Shown) => {
    const label = () => JSON.stringify({ filters, groupBy });
    const inSet = filterTest(filters);
    const members: number[] = [];
    representative.forEach((p, a) => {
      if (inSet(p)) members.push(a);
    });
    record(label, answer.set, members, answer);
    if (!groupBy || !answer.groups) return;
    const valueOf = valueReader(groupBy);
    const byValue = new Map<string | null, number[]>();
    for (const a of members) {
      const value = valueOf(representative[a] as Person);
      const group = byValue.get(value);
      if (group) group.push(a);
      else byValue.set(value, [a]);
    }
    for (const [value, group] of answer.groups)
      record(() => `${label()} ${value}`, group, byValue.get(value) ?? [], answer);
  };
  // Every unit choice with every background choice would be tens of thousands of requests per
  // survey; these families hold every pairing of a kind of unit choice with a kind of background
  // filter, and every breakdown of each unit choice and of each single background value.
  const unitFilters = unitChoices(units, input.parents ?? new Map());
  const backgroundFilters = backgroundChoices(questions);
  // A request's shape as a number: unit shape, background shape, breakdown (0 for none). The
  // 50,000 profile has 27 million requests to sample from, so this loop does no more per turn.
  const unitShapes = numbered(unitFilters.map(shapeOf));
  const backgroundShapes = numbered(backgroundFilters.map(shapeOf));
  const backgroundKinds = Math.max(-1, ...backgroundShapes) + 1;
  const perShape = breakdowns.length + 1;
  const turns = new Int32Array((Math.max(-1, ...unitShapes) + 1) * backgroundKinds * perShape);
  const every = input.every ?? 1;
  // The first request of each shape, then every n-th.
  const due = (shape: number) => {
    const turn = turns[shape] as number;
    turns[shape] = turn + 1;
    return turn % every === 0;
  };
  for (const [u, unitFilter] of unitFilters.entries()) {
    const wide = !singleValued(unitFilter) || Object.keys(unitFilter).length > 1;
    for (const [b, backgroundFilter] of backgroundFilters.entries()) {
      if (wide && !singleValued(backgroundFilter)) continue;
      const shape =
        ((unitShapes[u] as number) * backgroundKinds + (backgroundShapes[b] as number)) * perShape;
      const breaks =
        Object.keys(backgroundFilter).length === 0 ||
        (Object.keys(unitFilter).length === 0 && singleValued(backgroundFilter));
      const filters = () => ({ ...unitFilter, ...backgroundFilter });
      if (due(shape)) await ask(filters());
      if (breaks)
        for (const [g, groupBy] of breakdowns.entries())
          if (due(shape + 1 + g)) await ask(filters(), groupBy);
    }
  }
  const span = findLeaks([...shownSets.values()], atomSize, threshold, people, atomOf);
  const records = recordLeaks([...recordSets.values()], atomSize, threshold, people, atomOf);
  return {
    requests,
    shown,
    shownByRead,
    distinct: shownSets.size,
    large,
    withheld,
    miscounts,
    ...span,
    leaks: [...span.leaks, ...records],
  };
}

/**
 * The parts under T of the partition that comment lists make: people in the same lists (at least
 * one) are told apart by none of them, and a comment in exactly those lists is one of theirs. A
 * sum would need a difference of sets; a list of comments shows its intersection with any other
 * list outright (the same comment, by text or id, in both).
 */
export function recordLeaks(
  lists: readonly (readonly number[])[],
  atomSize: readonly number[],
  threshold: number,
  people: readonly Person[],
  atomOf: readonly number[],
): Leak[] {
  const listed = new Uint8Array(atomSize.length);
  for (const members of lists) for (const a of members) listed[a] = 1;
  const { classOf, classes } = classesOfSets(lists, atomSize.length);
  const classSize = new Array<number>(classes).fill(0);
  atomSize.forEach((size, a) => {
    const c = classOf[a] as number;
    if (listed[a]) classSize[c] = (classSize[c] ?? 0) + size;
  });
  return classSize.flatMap((size, c) => {
    if (size === 0 || size >= threshold) return [];
    const members = people.filter((_, i) => {
      const a = atomOf[i] as number;
      return listed[a] === 1 && classOf[a] === c;
    });
    return [{ kind: 'records' as const, size, people: members }];
  });
}

/**
 * Matrix entries of a component (after the large classes are eliminated) up to which its search
 * is dense (derivable.ts), as the gate's check does (shown-partitions.ts).
 */
const MAX_ENTRIES = 200_000;

/**
 * A group of fewer than `threshold` in the span of the shown sets, over the classes of atoms that
 * every shown set takes or leaves together: exact, by the gate's reduction (reduced-span.ts:
 * large classes eliminated, then each component on its own), without its work limit: a dense
 * kernel over every class (derivable.ts) grows with the cube of the classes, up to 28,629 on the
 * 50,000 profile.
 */
export function findLeaks(
  shown: readonly (readonly number[])[],
  atomSize: readonly number[],
  threshold: number,
  people: readonly Person[],
  atomOf: readonly number[],
): { leaks: Leak[]; smallestClass: number; complete: boolean } {
  const { classOf, classes } = classesOfSets(shown, atomSize.length);
  const classSize = new Array<number>(classes).fill(0);
  atomSize.forEach((size, a) => {
    const c = classOf[a] as number;
    classSize[c] = (classSize[c] ?? 0) + size;
  });
  const smallestClass = classSize.reduce((least, size) => Math.min(least, size), Infinity);
  // Each set's classes, once: `last` holds the set that took a class last.
  const last = new Int32Array(classes).fill(-1);
  const sets = shown.map((members, s) =>
    members.flatMap((a) => {
      const c = classOf[a] as number;
      if (last[c] === s) return [];
      last[c] = s;
      return [c];
    }),
  );
  const { found, complete } = smallGroupInSpan(sets, classSize, threshold, MAX_ENTRIES, Infinity);
  const leaks = (found ? [found] : []).map((union): Leak => {
    const members = people.filter((_, i) => union.includes(classOf[atomOf[i] as number] as number));
    return { kind: 'span', size: members.length, people: members };
  });
  return { leaks, smallestClass, complete };
}

/**
 * Classes of atoms alike in every shown set (derivable.ts's classesOf, without a signature per
 * atom as long as the 50,000 profile's thousands of sets): one class split by each set in turn,
 * numbered by their first atom.
 */
function classesOfSets(
  shown: readonly (readonly number[])[],
  atoms: number,
): { classOf: Int32Array; classes: number } {
  const classOf = new Int32Array(atoms);
  let next = 1;
  for (const members of shown) {
    // The set's part of each class it meets moves to a new class (a class wholly inside is renamed).
    const moved = new Map<number, number>();
    for (const a of members) {
      const from = classOf[a] as number;
      let to = moved.get(from);
      if (to === undefined) moved.set(from, (to = next++));
      classOf[a] = to;
    }
  }
  const number = new Map<number, number>();
  for (let a = 0; a < atoms; a += 1) {
    const c = classOf[a] as number;
    let renumbered = number.get(c);
    if (renumbered === undefined) number.set(c, (renumbered = number.size));
    classOf[a] = renumbered;
  }
  return { classOf, classes: number.size };
}
