// The units screen's rules, free of React: the levels and which units may be a unit's parent.

/** Spec section 9: unit levels 1 to 10. */
export const UNIT_LEVEL_NUMBERS = Array.from({ length: 10 }, (_, i) => i + 1);

export interface UnitNode {
  id: string;
  index: number;
  name: string;
  parentId?: string | null;
}

/** A parent is a unit exactly one level up (the API refuses any other); level 1 has none. */
export function parentChoices(units: readonly UnitNode[], level: number): UnitNode[] {
  return units.filter((unit) => unit.index === level - 1);
}

/**
 * The names from the top level down to the unit's parent ("Development", "Platform" for a team of
 * Platform); empty when the unit has no parent. A broken chain (a cycle, a parent of another
 * company) stops where it breaks.
 */
export function ancestorNames(units: readonly UnitNode[], unit: UnitNode): string[] {
  const byId = new Map(units.map((u) => [u.id, u]));
  const names: string[] = [];
  const seen = new Set<string>([unit.id]);
  let parent = unit.parentId ? byId.get(unit.parentId) : undefined;
  while (parent && !seen.has(parent.id)) {
    names.unshift(parent.name);
    seen.add(parent.id);
    parent = parent.parentId ? byId.get(parent.parentId) : undefined;
  }
  return names;
}
