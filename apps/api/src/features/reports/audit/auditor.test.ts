import { BACKGROUND_KEYS } from '../../../lib/questionnaire.js';
import { describeEachDb } from '../../../test/harness.js';
import { coverageByGroup, dimensionsOf, partition, valueReader, type Atom } from '../cells.js';
import { anonymityGate, setTest, type AtomTest, type SurveyGate } from '../gate.js';
import { isUnitKey, unitLevel, type Filters, type GroupKey } from '../schemas.js';
import { audit, type Ask } from './auditor.js';
import { syntheticSurvey, type SyntheticSurvey } from './synthetic.js';

const T = 5;
const SURVEYS = Number(process.env.AUDIT_SURVEYS ?? 200);

/** The gate's answers to a request: the set, and with a breakdown each group of it. */
const gateAnswer = (gate: SurveyGate, filters: Filters, groupBy?: GroupKey) => {
  const test = setTest(filters);
  const set = gate.verdict(test);
  const groups = groupBy ? gate.breakdown(test, groupBy) : null;
  return { set, groups };
};

/** A deliberately weakened gate: the threshold alone, as if differencing did not exist. */
const askThresholdOnly =
  (gate: SurveyGate): Ask =>
  async (filters, groupBy) => {
    const answer = gateAnswer(gate, filters, groupBy);
    const weak = (v: { n: number }) => ({ n: v.n, shown: v.n >= T });
    return {
      set: weak(answer.set),
      groups: answer.groups && new Map([...answer.groups].map(([k, v]) => [k, weak(v)])),
    };
  };

/**
 * A deliberately weakened gate of several partitions: the unit cells and every question's cells
 * over the whole survey (`perLevel`: the unit cells stopping at the units, as the gate's now do,
 * and every question's cells inside the units of each level too), all shown side by side without
 * the check that keeps a question's partition only where no small group becomes derivable
 * (shown-partitions.ts, choose-partitions.ts).
 */
const askUncheckedPartitions = (survey: SyntheticSurvey, perLevel = false): Ask => {
  const atoms: Atom[] = survey.people.map((person) => ({
    units: person.units,
    background: Object.fromEntries(
      BACKGROUND_KEYS.map((key) => [key, person.background[key] ?? null]),
    ) as Atom['background'],
    release: 0,
    n: 1,
  }));
  const levels = new Map(survey.units.map((unit) => [unit.id, unit.level]));
  const read = valueReader(levels);
  const dimensions = dimensionsOf(levels);
  const unitDimensions = dimensions.filter((dimension) => !('key' in dimension));
  const levelDimensions = dimensions.filter((dimension) => 'level' in dimension);
  const partitions = [
    partition(atoms, perLevel ? unitDimensions : dimensions, read, T),
    ...BACKGROUND_KEYS.map((key) => partition(atoms, [{ release: true }, { key }], read, T)),
    ...(perLevel ? levelDimensions : []).flatMap((level) =>
      BACKGROUND_KEYS.map((key) => partition(atoms, [{ release: true }, level, { key }], read, T)),
    ),
  ];
  const judge = <K>(groupOf: (atom: Atom) => K | undefined) => {
    const coverages = partitions.map((cells) => coverageByGroup(atoms, cells, groupOf));
    return new Map(
      [...(coverages[0] ?? [])].map(([group, { n }]) => [
        group,
        { n, shown: n >= T && coverages.some((c) => c.get(group)?.wholeCells) },
      ]),
    );
  };
  return async (filters, groupBy) => {
    const test = setTest(filters);
    const set = judge((atom) => (test(atom) ? true : undefined)).get(true) ?? {
      n: 0,
      shown: false,
    };
    if (!groupBy) return { set, groups: null };
    const dimension = isUnitKey(groupBy) ? { level: unitLevel(groupBy) } : { key: groupBy };
    return { set, groups: judge((atom) => (test(atom) ? read(atom, dimension) : undefined)) };
  };
};

/**
 * The gate as the reports and the comment reads use it: besides the figures, the set's comments
 * listed one by one when `listed` says so (commentScope: the gate's listVerdict).
 */
const askWithCommentLists =
  (gate: SurveyGate, listed = (test: AtomTest) => gate.listVerdict(test)): Ask =>
  async (filters, groupBy) => {
    const answer = gateAnswer(gate, filters, groupBy);
    if (groupBy) return answer;
    const list = { set: listed(setTest(filters)), groups: null, records: true, read: 'list' };
    return [answer, list];
  };

/**
 * A set's comments listed one L-index range at a time, for the sets `listed` lets through: the
 * lists as the comment reads' `indexRange` narrows them (auditor.ts, Shown.lIndexRange).
 */
const askRangeLists =
  (gate: SurveyGate, listed: (test: AtomTest) => { shown: boolean }): Ask =>
  async (filters, groupBy) => {
    const answer = gateAnswer(gate, filters, groupBy);
    if (groupBy) return answer;
    const { shown } = listed(setTest(filters));
    const ranges: [number, number][] = [
      [0, 70],
      [70, 85],
      [85, 101],
    ];
    return [
      answer,
      ...ranges.map((lIndexRange) => ({
        set: { shown },
        groups: null,
        records: true,
        lIndexRange,
        read: 'range list',
      })),
    ];
  };

describeEachDb('anonymity auditor', (ctx) => {
  it(`finds no group under ${T} in the span of what ${SURVEYS} random surveys show, nor in what their comment lists tell apart`, async () => {
    const gates = anonymityGate(ctx().db, T);
    let requests = 0;
    let shown = 0;
    for (let seed = 1; seed <= SURVEYS; seed += 1) {
      const survey = await syntheticSurvey(ctx().db, seed);
      const gate = await gates.survey(survey.surveyId, survey.companyId);
      const result = await audit({ ...survey, threshold: T, ask: askWithCommentLists(gate) });
      requests += result.requests;
      shown += result.shown;
      // Complete: every union of small classes under T was tried, so no leak means none exists.
      expect({
        seed,
        leaks: result.leaks,
        miscounts: result.miscounts,
        complete: result.complete,
      }).toEqual({ seed, leaks: [], miscounts: [], complete: true });
    }
    // The surveys were asked a lot and showed a good deal: the auditor did not pass on nothing.
    expect(requests).toBeGreaterThan(SURVEYS * 100);
    expect(shown).toBeGreaterThan(SURVEYS * 20);
    // About 90 s of CPU; at load 10 on 2 cores (other runs beside it) 5 minutes were not enough.
  }, 600_000);

  it('catches the leaks of a rule that only counts each set against the threshold', async () => {
    const gates = anonymityGate(ctx().db, T);
    let caught = 0;
    for (let seed = 1001; seed <= 1010; seed += 1) {
      const survey = await syntheticSurvey(ctx().db, seed);
      const gate = await gates.survey(survey.surveyId, survey.companyId);
      const result = await audit({ ...survey, threshold: T, ask: askThresholdOnly(gate) });
      if (result.leaks.length > 0) caught += 1;
      for (const leak of result.leaks) {
        expect(leak.size).toBeGreaterThan(0);
        expect(leak.size).toBeLessThan(T);
      }
    }
    expect(caught).toBeGreaterThanOrEqual(8);
  });

  it('catches the comments of small groups that lists of every shown set reveal side by side', async () => {
    // The rule before listVerdict: a set's comments listed whenever its figures are shown.
    const gates = anonymityGate(ctx().db, T);
    let caught: { seed: number; kinds: string[] } | undefined;
    for (let seed = 1; seed <= 40 && caught === undefined; seed += 1) {
      const survey = await syntheticSurvey(ctx().db, seed);
      const gate = await gates.survey(survey.surveyId, survey.companyId);
      const ask = askWithCommentLists(gate, (test) => gate.verdict(test));
      const result = await audit({ ...survey, threshold: T, ask });
      if (result.leaks.length > 0) caught = { seed, kinds: result.leaks.map((l) => l.kind) };
    }
    expect(caught?.kinds).toContain('records');
  });

  it('catches the comments of small groups that L-index range lists of every shown set reveal', async () => {
    // The range lists answered whenever a set's figures are shown (not listVerdict): a small
    // group derivable through the range reads is caught, the lists of the gate's rule are not.
    const gates = anonymityGate(ctx().db, T);
    let caught: { seed: number; kinds: string[] } | undefined;
    for (let seed = 1; seed <= 40 && caught === undefined; seed += 1) {
      const survey = await syntheticSurvey(ctx().db, seed);
      const gate = await gates.survey(survey.surveyId, survey.companyId);
      const held = await audit({
        ...survey,
        threshold: T,
        ask: askRangeLists(gate, (test) => gate.listVerdict(test)),
      });
      expect({ seed, leaks: held.leaks }).toEqual({ seed, leaks: [] });
      const ask = askRangeLists(gate, (test) => gate.verdict(test));
      const result = await audit({ ...survey, threshold: T, ask });
      if (result.leaks.length > 0) caught = { seed, kinds: result.leaks.map((l) => l.kind) };
    }
    expect(caught?.kinds).toContain('records');
  });

  it('catches the leaks of question partitions shown beside the unit cells without the check', async () => {
    // The first of up to 40 surveys where it leaks is enough: each costs seconds.
    let caught: number | undefined;
    for (let seed = 1; seed <= 40 && caught === undefined; seed += 1) {
      const survey = await syntheticSurvey(ctx().db, seed);
      const result = await audit({ ...survey, threshold: T, ask: askUncheckedPartitions(survey) });
      if (result.leaks.length > 0) caught = seed;
    }
    expect(caught).toBeDefined();
  });

  it('catches the leaks of per-unit question partitions shown beside unit cells without the check', async () => {
    let caught: number | undefined;
    for (let seed = 1; seed <= 40 && caught === undefined; seed += 1) {
      const survey = await syntheticSurvey(ctx().db, seed);
      const result = await audit({
        ...survey,
        threshold: T,
        ask: askUncheckedPartitions(survey, true),
      });
      if (result.leaks.length > 0) caught = seed;
    }
    expect(caught).toBeDefined();
  });
});
