// The report package's one-request loader, trend surveys against their base survey, and report
// languages, through the gateway against the real apps/api and its demo data.
import { setupApiAndGateway, type AnyBody } from '../../test/signedIn.js';

const HK24 = 'de300000-0000-4000-8000-000000000301'; // ended, about 460 finished
const HK25 = 'de300000-0000-4000-8000-000000000302'; // ended trend survey on HK24
const TEAM_CIRRUS = 'de300000-0000-4000-8000-000000000208'; // a level-3 unit of Demo Oy

const stack = setupApiAndGateway();
const { as } = stack;

const data = (body: AnyBody) => {
  expect(body.errors).toBeUndefined();
  return body.data;
};

const TREND = `trend {
  groups { name suppressed participants baseSurveyId
    criteria { criterion { id name } answered suppressed better same worse } }
}`;

const PACKAGE = `query Package($surveyId: ID!, $unitId: ID, $language: LanguageCode) {
  reportPackage(surveyId: $surveyId, unitId: $unitId, language: $language) {
    survey { id name } companyName baseSurvey { id name } trend
    unit { id name level } unitName endDate invited finished minimumResponders enoughResponders
    report {
      satisfaction { groups { name average bins { count } } }
      mostImportant { datasets { name participants } criteria { rank criterion { name } share compareShare } }
      realizations { criteria { rank realizations { value spread { label share } } } }
      realizationsBy(withImportance: true) { criteria { criterion { id } realizations { value importance } } }
      lIndex { groups { name average } }
      enps { groups { name score } }
      ${TREND}
    }
    baseComparison { realizations { datasets { name } } ${TREND} }
  }
}`;

interface TrendCriterion {
  criterion: { id: number; name: string };
  answered: number | null;
  suppressed: boolean;
  better: number | null;
  same: number | null;
  worse: number | null;
}

describe('reportPackage', () => {
  it("loads a trend survey's whole-organisation package for a User in one request", async () => {
    const body = await as('user@demo.test', PACKAGE, { surveyId: HK25, language: 'en-US' });
    const pkg = data(body).reportPackage;
    expect(pkg.survey.id).toBe(HK25);
    expect(pkg.baseSurvey.id).toBe(HK24);
    expect(pkg.companyName).toBe('Demo Oy');
    expect(pkg).toMatchObject({ trend: true, unit: null, unitName: 'Whole organisation' });
    expect(pkg.endDate).toEqual(expect.any(String));
    expect(pkg.finished).toBeGreaterThan(100);
    expect(pkg.invited).toBeGreaterThanOrEqual(pkg.finished);
    expect(pkg).toMatchObject({ minimumResponders: 5, enoughResponders: true });

    const { report } = pkg;
    expect(report.lIndex.groups).toHaveLength(1);
    expect(report.satisfaction.groups[0].bins).toHaveLength(8);
    expect(report.mostImportant.criteria).toHaveLength(10);
    expect(report.mostImportant.criteria[0].compareShare).toBeNull();
    expect(report.realizations.criteria[0].realizations[0].spread).toHaveLength(5);
    const importances = report.realizationsBy.criteria.map(
      (c: { realizations: { importance: number }[] }) => c.realizations[0]?.importance,
    );
    // Each participant picks 10 of 30: the importances add up to 1000 percent.
    expect(importances.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(1000, 6);

    // The demo's trend answers: every criterion someone picked has a sensible better/same/worse.
    const [group] = report.trend.groups;
    expect(group).toMatchObject({ suppressed: false, baseSurveyId: HK24 });
    const criteria = group.criteria as TrendCriterion[];
    expect(criteria).toHaveLength(30);
    const shown = criteria.filter((c) => !c.suppressed);
    expect(shown.length).toBeGreaterThanOrEqual(10);
    for (const c of shown) {
      expect((c.better ?? 0) + (c.same ?? 0) + (c.worse ?? 0)).toBeCloseTo(100, 6);
      expect(c.answered).toBeGreaterThanOrEqual(5);
    }
    // Most answered first, the suppressed last and without a count.
    const answered = shown.map((c) => c.answered ?? 0);
    expect(answered).toEqual([...answered].sort((a, b) => b - a));
    expect(criteria.slice(shown.length).every((c) => c.suppressed && c.answered === null)).toBe(
      true,
    );
    // Each finished participant answered for each of their 10 picks; the suppressed criteria hold
    // the rest, fewer than the threshold each.
    const hidden = pkg.finished * 10 - answered.reduce((a, b) => a + b, 0);
    expect(hidden).toBeGreaterThanOrEqual(0);
    expect(hidden).toBeLessThanOrEqual((criteria.length - shown.length) * 4);

    // Against the base survey: its side has no trend answers.
    const base = pkg.baseComparison;
    expect(base.realizations.datasets.map((d: { name: string }) => d.name)).toEqual([
      pkg.survey.name,
      pkg.baseSurvey.name,
    ]);
    expect(base.trend.groups[0].criteria).toHaveLength(30);
    expect(base.trend.groups[1]).toMatchObject({
      suppressed: false,
      baseSurveyId: null,
      criteria: null,
    });
  });

  it('compares a unit with the whole organisation', async () => {
    const body = await as('super@demo.test', PACKAGE, { surveyId: HK24, unitId: TEAM_CIRRUS });
    const pkg = data(body).reportPackage;
    expect(pkg).toMatchObject({ trend: false, baseSurvey: null, baseComparison: null });
    expect(pkg.unit).toMatchObject({ id: TEAM_CIRRUS, level: 3 });
    expect(pkg.unitName).toBe(pkg.unit.name);
    expect(pkg.enoughResponders).toBe(pkg.finished >= 5);
    const { report } = pkg;
    expect(report.lIndex.groups.map((g: { name: string }) => g.name)).toEqual([
      `${pkg.survey.name}: ${pkg.unit.name}`,
      pkg.survey.name,
    ]);
    expect(report.enps.groups).toHaveLength(2);
    expect(report.mostImportant.criteria[0].compareShare).toEqual(expect.any(Number));
    expect(report.trend.groups.every((g: { criteria: unknown }) => g.criteria === null)).toBe(true);
  });

  it('refuses a unit of another company as a field error', async () => {
    const body = await as('super@demo.test', PACKAGE, {
      surveyId: HK24,
      unitId: 'de300000-0000-4000-8000-0000000009ff',
    });
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('report of a trend survey', () => {
  it('reads the comment sections as better, worse and important', async () => {
    const body = await as(
      'super@demo.test',
      `query($sets: [ReportSetInput!]!) {
        trend: report(sets: $sets, language: "fi-FI") { comments { trend headings { positive negative neutral } } }
        plain: report(sets: [{ surveyId: "${HK24}" }], language: "en-US") { comments { trend headings { positive } } }
      }`,
      { sets: [{ surveyId: HK25 }] },
    );
    const { trend, plain } = data(body);
    expect(trend.comments).toEqual({
      trend: true,
      headings: { positive: 'Parantunut', negative: 'Heikentynyt', neutral: 'Tärkeää' },
    });
    expect(plain.comments).toEqual({ trend: false, headings: { positive: 'Positive' } });
  });

  it('names criteria and groups in the report language', async () => {
    const body = await as(
      'super@demo.test',
      `query($sets: [ReportSetInput!]!) {
        report(sets: $sets, language: "ja") {
          mostImportant(range: ALL) { criteria { criterion { id name } } }
          lIndexBy(groupBy: GENDER) { groups { name } }
        }
      }`,
      { sets: [{ surveyId: HK24 }] },
    );
    const { report } = data(body);
    const names = new Map(
      report.mostImportant.criteria.map((c: { criterion: { id: number; name: string } }) => [
        c.criterion.id,
        c.criterion.name,
      ]),
    );
    expect(names.get(2)).toBe('やりがいのある仕事');
    expect(names.get(31)).toBe('多様性とインクルージョン');
    expect(report.lIndexBy.groups.map((g: { name: string }) => g.name)).toContain('女性');
  });
});
