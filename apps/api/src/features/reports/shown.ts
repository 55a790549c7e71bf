// How a report shows what the gate judged: its header, a group's values or its suppression.
import { suppressed, type Suppressed } from './anonymity.js';
import type { Group } from './groups.js';
import type { ResolvedSet } from './sets.js';
import type { T } from './texts.js';

type Shown<V> = ({ name: string; participants: number } & V) | Suppressed;

export function header(report: string, sets: ResolvedSet[], t: T) {
  const companies = [...new Set(sets.map((s) => s.company?.name ?? t('names.allData')))];
  return {
    reportMainHeader: t(`titles.${report}`),
    reportSubHeader: `${companies.join(' / ')} – ${sets.map((s) => s.name).join(' / ')}`,
  };
}

/** A group's values, computed only when the gate shows it. */
export async function shown<V>(group: Group, compute: () => Promise<V>): Promise<Shown<V>> {
  if (group.reason) return suppressed(group.name, group.reason);
  return { name: group.name, participants: group.n, ...(await compute()) };
}

/** The compared groups, each named with its participants or suppressed. */
export const datasets = (groups: Group[]) =>
  groups.map((g) =>
    g.reason ? suppressed(g.name, g.reason) : { name: g.name, participants: g.n },
  );
