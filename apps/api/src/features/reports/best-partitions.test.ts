import { random } from './audit/synthetic.js';
import { keptPartitions, largeGroups, shownGroups, shownScore } from './best-partitions.js';
import { dimensionsOf, valueReader, type Atom } from './cells.js';

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

/**
 * A survey of `units` units under two parents (levels 1 and 2), people spread over two questions
 * one by one (small answers in teams: choices that hide groups) or, with `people` 0, in blocks of
 * 5 to 9 alike (no small group anywhere: choices that show every group).
 */
function randomSurvey(seed: number, units: number, people: number) {
  const rand = random(seed);
  const unitLevels = new Map<string, number>([
    ['P0', 1],
    ['P1', 1],
  ]);
  for (let u = 0; u < units; u += 1) unitLevels.set(`U${u}`, 2);
  const answer = (values: readonly string[]) =>
    rand() < 0.05 ? null : (values[Math.floor(rand() * rand() * values.length)] as string);
  const atoms: Atom[] = [];
  if (people === 0)
    for (let u = 0; u < units; u += 1)
      for (const gender of ['female', 'male'])
        for (const age of ['a', 'b'])
          if (rand() < 0.7)
            atoms.push({
              units: [`P${u % 2}`, `U${u}`],
              background: background(gender, age),
              n: 5 + Math.floor(rand() * 5),
            });
  for (let i = 0; i < people; i += 1) {
    const unit = Math.floor(rand() * units);
    atoms.push({
      units: [`P${unit % 2}`, `U${unit}`],
      background: background(answer(['female', 'male', 'other']), answer(['a', 'b', 'c', 'd'])),
      n: 1,
    });
  }
  return { atoms, unitLevels };
}

describe('the choice the gate keeps', () => {
  it('is the first of the best-scoring choices, though it builds only those that can score more', () => {
    const kinds = { everyGroup: 0, laterWon: 0 };
    // Seeds 5 and 31: `batches` shows more than `parts`; 9 and 10 in blocks: every group shown.
    for (const [seed, units, people] of [
      [5, 8, 100],
      [31, 4, 60],
      [1, 2, 80],
      [3, 3, 150],
      [6, 5, 40],
      [9, 4, 0],
      [10, 7, 0],
    ] as const) {
      const { atoms, unitLevels } = randomSurvey(seed, units, people);
      const args = [dimensionsOf(unitLevels), valueReader(unitLevels), T, undefined] as const;
      // Every choice built and scored, the first of the highest kept.
      const all = (['parts', 'levelsFirst', 'batches'] as const).map((method) => {
        const built = keptPartitions(atoms, ...args, method);
        return { built, score: shownScore(atoms, built.partitions, T) };
      });
      const expected = all.reduce((kept, next) => (next.score > kept.score ? next : kept));
      expect(keptPartitions(atoms, ...args, 'best')).toEqual(expected.built);
      if (expected.score === 2) kinds.everyGroup += 1;
      if (expected !== all[0]) kinds.laterWon += 1;
    }
    // Both paths were taken: a first choice that shows every group, and later ones that win.
    expect(kinds).toEqual({ everyGroup: 2, laterWon: 2 });
  });
});
