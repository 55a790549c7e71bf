// What the gate still shows of a stored survey (docs/anonymity.md, "What it costs"): per kind of
// figure, the sets and groups of at least T people and how many of them are shown.
import type { Db } from '../../../lib/db.js';
import { BACKGROUND_KEYS } from '../../../lib/questionnaire.js';
import { anonymityGate, setTest, type SurveyGate, type Verdict } from '../gate.js';
import type { GroupKey } from '../schemas.js';
import type { GateMethod } from '../best-partitions.js';

export interface Tally {
  large: number;
  shown: number;
}

export interface Usefulness {
  /** Each unit's own set. */
  units: Tally;
  /** The groups of the whole survey broken down by each unit level. */
  unitBreakdowns: Tally;
  /** The groups of the whole survey broken down by each background question. */
  wholeSurveyBackground: Tally;
  /** The groups of each unit broken down by each background question. */
  backgroundWithinUnits: Tally;
}

const tally = (verdicts: Iterable<Verdict>, threshold: number): Tally => {
  const large = [...verdicts].filter((v) => v.n >= threshold);
  return { large: large.length, shown: large.filter((v) => v.shown).length };
};

const groups = (gate: SurveyGate, filters: Record<string, string[]>, key: GroupKey) =>
  [...gate.breakdown(setTest(filters), key)].filter(([value]) => value !== null).map(([, v]) => v);

export async function usefulness(
  db: Db,
  surveyId: string,
  threshold: number,
  method: GateMethod = 'best',
): Promise<Usefulness> {
  const [survey] = await db.query<{ companyId: string }>(
    'SELECT company_id AS "companyId" FROM surveys WHERE id = $1',
    [surveyId],
  );
  if (!survey) throw new Error(`no survey ${surveyId}`);
  const gate = await anonymityGate(db, threshold, method).survey(surveyId, survey.companyId);
  const units = await db.query<{ id: string; level: number }>(
    'SELECT id, index AS level FROM units WHERE company_id = $1 ORDER BY index, id',
    [survey.companyId],
  );
  const levels = [...new Set(units.map((unit) => unit.level))];
  const unitKey = (level: number) => `unit${level}` as GroupKey;
  return {
    units: tally(
      units.map((unit) => gate.verdict(setTest({ [unitKey(unit.level)]: [unit.id] }))),
      threshold,
    ),
    unitBreakdowns: tally(
      levels.flatMap((level) => groups(gate, {}, unitKey(level))),
      threshold,
    ),
    wholeSurveyBackground: tally(
      BACKGROUND_KEYS.flatMap((key) => groups(gate, {}, key)),
      threshold,
    ),
    backgroundWithinUnits: tally(
      units.flatMap((unit) =>
        BACKGROUND_KEYS.flatMap((key) => groups(gate, { [unitKey(unit.level)]: [unit.id] }, key)),
      ),
      threshold,
    ),
  };
}
