// Anonymity of survey-model.md: no value for a group below the threshold, and suppression that
// survives differencing (a total minus the shown groups must not reveal a suppressed one).

/** The smallest group a report may show: the configured value, never below 3. */
export const anonymityThreshold = (configured: number): number =>
  Math.max(3, Math.floor(configured));

export interface CountedGroup {
  key: string;
  /** Finished participants in the group. */
  n: number;
}

/**
 * The keys of a breakdown to suppress. `groups` must partition the whole (every participant of the
 * total in exactly one group, the "not answered" group included), else differencing is not covered.
 * Groups below the threshold are suppressed; when that leaves exactly one suppressed group, the
 * next-smallest group (ties: the first listed) is suppressed too.
 */
export function suppressedKeys(groups: readonly CountedGroup[], threshold: number): Set<string> {
  const suppressed = new Set(groups.filter((g) => g.n < threshold).map((g) => g.key));
  if (suppressed.size === 1) {
    let next: CountedGroup | undefined;
    for (const group of groups) {
      if (suppressed.has(group.key) || group.n === 0) continue;
      if (!next || group.n < next.n) next = group;
    }
    if (next) suppressed.add(next.key);
  }
  return suppressed;
}

/** What a report answers for a group it may not show: never zeros that look like data. */
export interface Suppressed {
  name: string;
  suppressed: true;
}

export const suppressed = (name: string): Suppressed => ({ name, suppressed: true });
