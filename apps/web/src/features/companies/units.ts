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
