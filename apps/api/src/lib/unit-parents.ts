// The unit hierarchy an import file gives (participants and users, administration.md sections 5
// and 7): on a row, the unit of level k sits under the row's unit of level k - 1. Every row states
// its parents itself, so the rows' order does not matter, a parent is never unknown (the import
// creates it) and the levels rule out cycles. A unit that the rows place under different parents
// belongs to several (a matrix level: a region worked by two business lines) and keeps no parent,
// as the units screen allows. A parent the console already has is never replaced: the units screen
// is where a parent is changed.
import type { Db } from './db.js';
import type { ImportRow } from './imports.js';

export const unitKey = (level: number, name: string) => `${level}:${name.toLowerCase()}`;

/** The (child, parent) unit keys a row states: each filled level whose level above is filled. */
export function parentClaims(row: Pick<ImportRow, 'units'>): [string, string][] {
  const byLevel = new Map(row.units.map((unit) => [unit.level, unit.name]));
  return row.units.flatMap((unit): [string, string][] => {
    const parent = byLevel.get(unit.level - 1);
    return parent === undefined
      ? []
      : [[unitKey(unit.level, unit.name), unitKey(unit.level - 1, parent)]];
  });
}

/** Each child's parent where every row naming both agrees on one (by unit key). */
export function agreedParents(rows: readonly Pick<ImportRow, 'units'>[]): Map<string, string> {
  const stated = new Map<string, Set<string>>();
  for (const [child, parent] of rows.flatMap(parentClaims)) {
    stated.set(child, (stated.get(child) ?? new Set()).add(parent));
  }
  const agreed = new Map<string, string>();
  for (const [child, parents] of stated) {
    const [only] = parents;
    if (parents.size === 1 && only) agreed.set(child, only);
  }
  return agreed;
}

/**
 * Gives each of the rows' units that has no parent the one the rows agree on, in the import's
 * transaction; `ids` maps unit keys to unit ids. One statement however many rows.
 */
export async function setUnitParents(
  tx: Db,
  rows: readonly Pick<ImportRow, 'units'>[],
  ids: ReadonlyMap<string, string>,
): Promise<void> {
  const children: string[] = [];
  const parents: string[] = [];
  for (const [child, parent] of agreedParents(rows)) {
    const childId = ids.get(child);
    const parentId = ids.get(parent);
    if (childId && parentId) {
      children.push(childId);
      parents.push(parentId);
    }
  }
  if (children.length === 0) return;
  await tx.query(
    `UPDATE units c SET parent_id = x.parent
     FROM unnest($1::uuid[], $2::uuid[]) AS x(child, parent)
     WHERE c.id = x.child AND c.parent_id IS NULL`,
    [children, parents],
  );
}
