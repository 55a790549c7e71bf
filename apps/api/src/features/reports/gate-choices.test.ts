import type { Db } from '../../lib/db.js';
import { BACKGROUND_KEYS } from '../../lib/questionnaire.js';
import { describeEachDb } from '../../test/harness.js';
import { syntheticSurvey, type SyntheticSurvey } from './audit/synthetic.js';
import type { Atom } from './cells.js';
import { choiceFingerprint } from './gate-choices.js';
import { anonymityGate, setTest, type SurveyGate } from './gate.js';
import { UNIT_KEYS } from './schemas.js';

const T = 5;

/** Background groups the gate shows: over the whole survey and inside every unit. */
function shownGroups(gate: SurveyGate, survey: SyntheticSurvey): number {
  const sets = [
    setTest({}),
    ...survey.units.map((unit) => setTest({ [UNIT_KEYS[unit.level - 1] as string]: [unit.id] })),
  ];
  let shown = 0;
  for (const set of sets)
    for (const key of BACKGROUND_KEYS)
      for (const verdict of gate.breakdown(set, key).values()) if (verdict.shown) shown += 1;
  return shown;
}

/** Another API instance on the same database: a gate with nothing kept in memory. */
const anotherInstance = (db: Db): Db => Object.create(db) as Db;

const stored = async (db: Db, surveyId: string) =>
  (
    await db.query<{ fingerprint: string; choice: { method: string; choice: number[][] } }>(
      'SELECT fingerprint, choice FROM anonymity_choices WHERE survey_id = $1',
      [surveyId],
    )
  )[0];

describeEachDb('anonymity gate choices kept in the database', (ctx) => {
  /** A synthetic survey where the check takes at least one answer partition. */
  async function surveyWithAnswerPartitions() {
    for (let seed = 1; seed <= 30; seed += 1) {
      const survey = await syntheticSurvey(ctx().db, seed);
      const gate = await anonymityGate(ctx().db, T).survey(survey.surveyId, survey.companyId);
      const row = await stored(ctx().db, survey.surveyId);
      if (row?.choice.choice.some((batches) => batches.length > 0)) return { survey, gate, row };
    }
    throw new Error('no synthetic survey of seeds 1..30 takes an answer partition');
  }

  it('a later start takes the kept choice instead of checking again', async () => {
    const { survey, gate, row } = await surveyWithAnswerPartitions();
    const before = shownGroups(gate, survey);
    // The same choice again: the same groups shown.
    const again = await anonymityGate(anotherInstance(ctx().db), T).survey(
      survey.surveyId,
      survey.companyId,
    );
    expect(shownGroups(again, survey)).toBe(before);
    // A kept choice that takes no answer partition is followed as it is (proof it was read, not
    // checked anew): only the unit cells' groups remain.
    await ctx().db.query(`UPDATE anonymity_choices SET choice = $2::jsonb WHERE survey_id = $1`, [
      survey.surveyId,
      JSON.stringify({ ...row.choice, choice: row.choice.choice.map(() => []) }),
    ]);
    const unitsOnly = await anonymityGate(anotherInstance(ctx().db), T).survey(
      survey.surveyId,
      survey.companyId,
    );
    expect(shownGroups(unitsOnly, survey)).toBeLessThan(before);
  });

  it('a choice made on other data is checked anew and replaced', async () => {
    const { survey, gate, row } = await surveyWithAnswerPartitions();
    await ctx().db.query(
      `UPDATE anonymity_choices SET fingerprint = 'other data', choice = $2::jsonb
       WHERE survey_id = $1`,
      [survey.surveyId, JSON.stringify({ ...row.choice, choice: row.choice.choice.map(() => []) })],
    );
    const rebuilt = await anonymityGate(anotherInstance(ctx().db), T).survey(
      survey.surveyId,
      survey.companyId,
    );
    expect(shownGroups(rebuilt, survey)).toBe(shownGroups(gate, survey));
    expect(await stored(ctx().db, survey.surveyId)).toEqual(row);
  });
});

describe('choice fingerprint', () => {
  const atom = (unit: string, gender: string | null, n: number): Atom => ({
    units: [unit],
    background: Object.fromEntries(
      BACKGROUND_KEYS.map((key) => [key, key === 'gender' ? gender : null]),
    ) as Atom['background'],
    release: 1,
    n,
  });
  const atoms = [atom('a', 'female', 3), atom('a', 'male', 4), atom('b', null, 6)];
  const levels = new Map([
    ['a', 1],
    ['b', 1],
  ]);
  const fingerprint = choiceFingerprint(atoms, levels, T);

  it('names the atoms whatever order they come in', () => {
    expect(choiceFingerprint([...atoms].reverse(), levels, T)).toBe(fingerprint);
  });

  it('differs when a count, an answer, a unit level or the threshold differs', () => {
    const others = [
      choiceFingerprint([atom('a', 'female', 4), ...atoms.slice(1)], levels, T),
      choiceFingerprint([atom('a', 'other', 3), ...atoms.slice(1)], levels, T),
      choiceFingerprint(atoms, new Map([...levels, ['b', 2]]), T),
      choiceFingerprint(atoms, levels, T + 1),
    ];
    expect(new Set([fingerprint, ...others]).size).toBe(5);
  });
});
