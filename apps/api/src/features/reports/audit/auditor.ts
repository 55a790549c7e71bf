// The anonymity auditor (docs/anonymity.md). It plays an analyst with one account and one survey:
// asks for every set a user can request (unit choices, background filters with one or several
// values, their combinations, every breakdown), keeps what was shown, and checks with exact linear
// algebra that no group of fewer than T people is a sum or difference of shown sets. It knows the
// participants only as the REST contract describes them: it implements the filter semantics itself
// and does not use the gate's code, so a gate that miscounts or misfilters is caught as well.
import type { BackgroundKey } from '../../../lib/questionnaire.js';
import type { Filters, GroupKey } from '../schemas.js';
import { classesOf, derivableGroups } from '../derivable.js';

export interface Person {
  /** The participant's units (at most one per level). */
  units: readonly string[];
  background: Readonly<Partial<Record<BackgroundKey, string | null>>>;
}

export interface Unit {
  id: string;
  level: number;
}

/** What the service answered to one request: the set, and with a breakdown each of its groups. */
export interface Shown {
  set: { shown: boolean; n: number };
  /** Group value (unit id or answer; null = none) -> verdict; null without a breakdown. */
  groups: ReadonlyMap<string | null, { shown: boolean; n: number }> | null;
}

export type Ask = (filters: Filters, groupBy?: GroupKey) => Promise<Shown>;

export interface AuditInput {
  people: readonly Person[];
  units: readonly Unit[];
  /** The background questions asked, with their answer values. */
  questions: ReadonlyMap<BackgroundKey, readonly string[]>;
  threshold: number;
  ask: Ask;
  /** Each unit's parent unit (for choices of several teams of one department). */
  parents?: ReadonlyMap<string, string>;
  /** Ask only every n-th request (a slower channel, such as HTTP); default every one. */
  every?: number;
}

export interface Leak {
  /** Participants in the derivable group. */
  size: number;
  /** The group, described by its people's units and answers. */
  people: Person[];
}

export interface AuditResult {
  requests: number;
  /** Shown sets and groups, and how many different sets of people they are. */
  shown: number;
  distinct: number;
  /** Answers (sets and groups) holding at least T people, and how many of those were not shown. */
  large: number;
  withheld: number;
  /** Shown figures whose participant count is not the auditor's own count of the set. */
  miscounts: string[];
  /** Groups of fewer than T people in the span of what was shown (at most a few are listed). */
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
  const representative: Person[] = [];
  people.forEach((p, i) => {
    const a = atomOf[i] as number;
    atomSize[a] = (atomSize[a] ?? 0) + 1;
    representative[a] ??= p;
  });

  const shownSets = new Map<string, Uint8Array>();
  const miscounts: string[] = [];
  let requests = 0;
  let shown = 0;
  let large = 0;
  let withheld = 0;
  /** One answer against the atoms it should hold; `label` names it in a miscount. */
  const record = (
    label: () => string,
    answer: { shown: boolean; n: number },
    members: readonly number[],
  ) => {
    const n = members.reduce((sum, a) => sum + (atomSize[a] ?? 0), 0);
    if (n >= threshold) {
      large += 1;
      if (!answer.shown) withheld += 1;
    }
    if (!answer.shown) return;
    shown += 1;
    if (n !== answer.n) miscounts.push(`${label()}: shown ${answer.n}, holds ${n}`);
    const vector = new Uint8Array(atomSize.length);
    for (const a of members) vector[a] = 1;
    shownSets.set(vector.join(''), vector);
  };

  const breakdowns: GroupKey[] = [
    ...[...new Set(units.map((u) => u.level))].map((level) => `unit${level}` as GroupKey),
    ...questions.keys(),
  ];
  let turn = 0;
  const ask = async (filters: Filters, groupBy?: GroupKey) => {
    turn += 1;
    if (turn % (input.every ?? 1) !== 0) return;
    requests += 1;
    const answer = await input.ask(filters, groupBy);
    const label = () => JSON.stringify({ filters, groupBy });
    const inSet = filterTest(filters);
    const members = representative.flatMap((p, a) => (inSet(p) ? [a] : []));
    record(label, answer.set, members);
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
      record(() => `${label()} ${value}`, group, byValue.get(value) ?? []);
  };
  // Every unit choice with every background choice would be tens of thousands of requests per
  // survey; these families hold every pairing of a kind of unit choice with a kind of background
  // filter, and every breakdown of each unit choice and of each single background value.
  const unitFilters = unitChoices(units, input.parents ?? new Map());
  const backgroundFilters = backgroundChoices(questions);
  for (const unitFilter of unitFilters) {
    for (const backgroundFilter of backgroundFilters) {
      const wide = !singleValued(unitFilter) || Object.keys(unitFilter).length > 1;
      if (wide && !singleValued(backgroundFilter)) continue;
      const filters = { ...unitFilter, ...backgroundFilter };
      await ask(filters);
      const breaks =
        Object.keys(backgroundFilter).length === 0 ||
        (Object.keys(unitFilter).length === 0 && singleValued(backgroundFilter));
      if (breaks) for (const groupBy of breakdowns) await ask(filters, groupBy);
    }
  }
  return {
    requests,
    shown,
    distinct: shownSets.size,
    large,
    withheld,
    miscounts,
    ...findLeaks([...shownSets.values()], atomSize, threshold, people, atomOf),
  };
}

/**
 * Groups of fewer than `threshold` in the span of the shown sets (derivable.ts: exact, over the
 * classes of atoms that every shown set takes or leaves together).
 */
export function findLeaks(
  shown: readonly Uint8Array[],
  atomSize: readonly number[],
  threshold: number,
  people: readonly Person[],
  atomOf: readonly number[],
): { leaks: Leak[]; smallestClass: number; complete: boolean } {
  const { classOf, classes } = classesOf(shown, atomSize.length);
  const classSize = new Array<number>(classes).fill(0);
  atomSize.forEach((size, a) => {
    const c = classOf[a] as number;
    classSize[c] = (classSize[c] ?? 0) + size;
  });
  const smallestClass = Math.min(...classSize.filter((size) => size > 0));
  const sets = shown.map((v) => [
    ...new Set(
      Array.from(v.keys())
        .filter((a) => v[a])
        .map((a) => classOf[a] as number),
    ),
  ]);
  const { groups, complete } = derivableGroups(sets, classSize, threshold);
  const leaks = groups.map((union): Leak => {
    const members = people.filter((_, i) => union.includes(classOf[atomOf[i] as number] as number));
    return { size: members.length, people: members };
  });
  return { leaks, smallestClass, complete };
}
