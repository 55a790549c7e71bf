import { largeGroups, shownGroups } from './best-partitions.js';
import type { Atom } from './cells.js';

const T = 5;

const background = (gender: string | null, age: string | null): Atom['background'] => ({
  age,
  gender,
  employmentDuration: null,
  education: null,
  position: null,
  contractType: null,
  workingHours: null,
});

// Unit A: 6 women under 25, 4 women 25-34, 5 men under 25; unit B: 7 men 25-34.
const atoms: Atom[] = [
  { units: ['A'], background: background('female', '<25'), n: 6 },
  { units: ['A'], background: background('female', '25-34'), n: 4 },
  { units: ['A'], background: background('male', '<25'), n: 5 },
  { units: ['B'], background: background('male', '25-34'), n: 7 },
];

describe('background groups the bench and the gate count as shown', () => {
  it('counts the groups of at least T people, over the whole survey and within units', () => {
    const groups = largeGroups(atoms, T);
    const listed = (overSurvey: boolean) =>
      groups
        .filter((group) => group.overSurvey === overSurvey)
        .map((group) => group.members.join())
        .sort();
    // Whole survey: women 10, men 12, <25 11, 25-34 11. Within units: A's women 10, A's men 5,
    // A's <25 11 (A's 25-34 are 4: too few), B's men 7 and B's 25-34 7.
    expect(listed(true)).toEqual(['0,1', '0,2', '1,3', '2,3']);
    expect(listed(false)).toEqual(['0,1', '0,2', '2', '3', '3']);
  });

  it('shows a group only where one partition holds it as whole cells', () => {
    // By gender (one cell per gender), and by unit with A's under-25s merged.
    const byGender = [0, 0, 1, 1];
    const byUnitAndAge = [0, 1, 0, 2];
    const shown = shownGroups(atoms, [byGender, byUnitAndAge], T);
    // Over the survey: women and men by gender; <25 (atoms 0 and 2) is cell 0 of the second;
    // 25-34 (atoms 1 and 3) are cells 1 and 2 whole: all four.
    expect(shown.survey).toEqual({ large: 4, shown: 4 });
    // Within units: A's women (atoms 0 and 1) are gender's cell 0 and A's under-25s (0 and 2)
    // the second's cell 0; A's men (2) share gender's cell 1 with B's and the second's cell 0
    // with A's women under 25: hidden; B's men and B's 25-34 (3) are the second's cell 2.
    expect(shown.units).toEqual({ large: 5, shown: 4 });
    expect(shownGroups(atoms, [[0, 0, 0, 0]], T)).toEqual({
      survey: { large: 4, shown: 0 },
      units: { large: 5, shown: 0 },
    });
  });
});
