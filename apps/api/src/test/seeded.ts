/**
 * A repeatable stream of whole numbers for randomised tests: `next(below)` is in [0, below). The
 * same seed gives the same cases on every run, so a failure can be replayed.
 */
export function seededNumbers(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}
