import { derivableGroups } from './derivable.js';

const T = 5;

describe('groups under T derivable from shown sets', () => {
  it('finds the difference of two shown sets when it holds fewer than T', () => {
    // Classes: 0 = team A (6 women), 1 = team B's 3 women, 2 = team B's 5 men.
    // Shown: team A, team B, women (9). Women minus team A = class 1, 3 people.
    const { groups, complete } = derivableGroups([[0], [1, 2], [0, 1]], [6, 3, 5], T);
    expect(complete).toBe(true);
    expect(groups).toEqual([[1]]);
  });

  it('finds none where the sets cross so that no small class can be cut out', () => {
    // Two teams of 6, each 3 women and 3 men; teams, women and men shown.
    // Classes: 0 = A women, 1 = A men, 2 = B women, 3 = B men.
    const { groups, complete } = derivableGroups(
      [
        [0, 1],
        [2, 3],
        [0, 2],
        [1, 3],
      ],
      [3, 3, 3, 3],
      T,
    );
    expect({ groups, complete }).toEqual({ groups: [], complete: true });
  });

  it('finds a union of several small classes that only together lie in the span', () => {
    // {0,1} = {0,1,2,4} - {2,4} holds 4 people; class 0 or class 1 alone cannot be cut out.
    const { groups } = derivableGroups(
      [
        [0, 1, 2, 4],
        [2, 4],
        [0, 2],
      ],
      [2, 2, 5, 5, 0],
      T,
    );
    expect(groups).toContainEqual([0, 1]);
    expect(groups).not.toContainEqual([0]);
    expect(groups).not.toContainEqual([1]);
  });
});
