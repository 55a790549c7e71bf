import { describeEachDb } from '../../../test/harness.js';
import { adminReportReader } from './rest-ask.js';
import { syntheticSurvey } from './synthetic.js';

/** A group as a report answers it: shown with its participants, or suppressed. */
interface Group {
  name?: string;
  groupName?: string;
  suppressed?: boolean;
  participants?: number;
}

const summary = (groups: readonly Group[]) =>
  groups.map((g) => ({
    name: g.name ?? g.groupName,
    shown: !g.suppressed,
    ...(g.suppressed ? {} : { n: g.participants }),
  }));

/**
 * Every report family shows exactly the groups that /report/lindexcompare and /report/lindexgrouped
 * show (the reads the REST auditor checks for leaks), with the same participant counts; the open
 * comments no more than those.
 */
describeEachDb('anonymity: every report family shows what the gate shows', (ctx) => {
  const reader = adminReportReader(() => ctx().http());
  const get = (path: string, query: Record<string, unknown>) =>
    reader.get<{ data: unknown; datasets?: Group[] }>(path, query);

  beforeAll(async () => {
    await reader.signIn(() => ctx().createUser({ role: 'Admin' }));
  });

  it('agrees on every set and breakdown of two random surveys', async () => {
    let compared = 0;
    for (const seed of [4, 5]) {
      const survey = await syntheticSurvey(ctx().db, seed);
      const [question] = [...survey.questions.keys()];
      const firstValue = question ? survey.questions.get(question)?.[0] : undefined;
      const filterChoices = [
        {},
        ...survey.units.slice(0, 6).map((u) => ({ [`unit${u.level}`]: [u.id] })),
        ...(question && firstValue ? [{ [question]: [firstValue] }] : []),
      ];
      const breakdowns = [undefined, 'unit1', 'unit2', ...survey.questions.keys()];
      for (const filters of filterChoices) {
        for (const groupBy of breakdowns) {
          const sets = [{ surveyId: survey.surveyId, filters }];
          const query = { sets, ...(groupBy ? { groupBy } : {}) };
          const reference = summary(
            (await get(groupBy ? '/report/lindexgrouped' : '/report/lindexcompare', query))
              .data as Group[],
          );
          const lists = {
            currentsatisfaction: (await get('/report/currentsatisfaction', query)).data,
            enps: (await get('/report/enps', query)).data,
            lindexcompare: (await get('/report/lindexcompare', query)).data,
          };
          for (const [family, groups] of Object.entries(lists))
            expect({ family, groups: summary(groups as Group[]) }).toEqual({
              family,
              groups: reference,
            });
          // The comparisons: the first two groups.
          for (const family of ['mostimportanttop10', 'mostimportanttop30', 'realizationtop10']) {
            const body = await get(`/report/${family}`, query);
            expect({ family, groups: summary(body.datasets ?? []) }).toEqual({
              family,
              groups: reference.slice(0, 2),
            });
          }
          const byVariables = (await get('/report/realizationbyvariables', query)).data as {
            groups: Group[];
          }[];
          expect(summary(byVariables[0]?.groups ?? [])).toEqual(reference.slice(0, 2));
          const correlation = (await get('/report/correlationmatrix', query)).data as Group;
          expect(summary([correlation])).toEqual(reference.slice(0, 1));
          if (groupBy) {
            const map = (await get('/report/lmap', query)).data as { rows: Group[] };
            expect(summary(map.rows)).toEqual(reference);
          } else {
            const comments = (await get('/report/opencomments', query)).data as Group;
            // Comments are listed for fewer sets than the figures (a union of whole unit cells:
            // gate.listVerdict), never for more; the whole survey's whenever its figures are.
            const listed = !comments.suppressed;
            if (Object.keys(filters).length === 0) expect(listed).toBe(reference[0]?.shown);
            else expect(listed && !reference[0]?.shown).toBe(false);
          }
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(20);
  }, 120_000);
});
