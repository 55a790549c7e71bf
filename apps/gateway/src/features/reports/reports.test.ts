// Reports through the gateway against the real apps/api and its demo data (Demo Oy's surveys).
import request from 'supertest';
import { gql, startTestGateway, type GraphQLBody } from '../../test/gateway.js';
import { setupApiAndGateway, type AnyBody } from '../../test/signedIn.js';
import { startRecordingProxy } from '../../test/upstream.js';
import { CSV_REPORTS } from './csv.js';
import { openComments } from './rest.js';
import { DEMO_PASSWORD } from '../../test/api.js';

const DEMO_COMPANY = 'de300000-0000-4000-8000-000000000001';
const HK24 = 'de300000-0000-4000-8000-000000000301'; // ended, about 460 finished
const HK25 = 'de300000-0000-4000-8000-000000000302'; // ended trend survey on HK24
const TEAM_CIRRUS = 'de300000-0000-4000-8000-000000000208'; // a level-3 unit of Demo Oy
const RAKENNUS_SURVEY = 'de300000-0000-4000-8000-000000000304'; // another company's

const stack = setupApiAndGateway();
const { as } = stack;

const data = (body: AnyBody) => {
  expect(body.errors).toBeUndefined();
  return body.data;
};

const DATASET = 'name suppressed participants';
const BANDS = 'label from to share';

/** The dashboard of reporting.md: distribution, eNPS, realizations, change-job, trend, responders. */
const DASHBOARD = `query Dashboard($sets: [ReportSetInput!]!, $companyId: ID!) {
  report(sets: $sets, language: "en-US") {
    lIndex { groups { name average bins { from to count share } } }
    satisfaction { groups { average } }
    enps { groups { score answers { score count } } }
    again: enps { groups { score } }
    realizationsBy { datasets { ${DATASET} } criteria { criterion { id name } realizations { value } } }
    realizations { criteria { rank realizations { value spread { ${BANDS} } } } }
    mostImportant { criteria { rank share } }
    top30: mostImportant(range: ALL) { criteria { rank } }
    next10: mostImportant(range: TOP_11_20) { criteria { rank } }
    changeJobWillingness { willing share }
    responders { surveyId responders }
  }
  lIndexTrend(companyId: $companyId) { name lIndex suppressed }
}`;

describe('report', () => {
  it('fetches a whole dashboard in one request: each distinct REST read once, all at the same time', async () => {
    const proxy = await startRecordingProxy(stack.api.url, { gather: 10, gatherTimeoutMs: 20_000 });
    const recorded = await startTestGateway({ API_URL: proxy.url });
    try {
      const token = await stack.tokenOf('super@demo.test');
      const res = await gql(
        recorded.url,
        DASHBOARD,
        { sets: [{ surveyId: HK24 }], companyId: DEMO_COMPANY },
        { authorization: `Bearer ${token}` },
      );
      const body = res.body as AnyBody;
      const report = data(body).report;
      expect(report.lIndex.groups[0].bins).toHaveLength(8);
      expect(report.again.groups[0].score).toBe(report.enps.groups[0].score);
      expect(report.top30.criteria).toHaveLength(30);
      expect(report.next10.criteria.map((c: { rank: number }) => c.rank)).toEqual([
        11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
      ]);
      expect(body.data.lIndexTrend.length).toBeGreaterThanOrEqual(2);

      const paths = proxy.hits.map((hit) => hit.url.split('?')[0]);
      const counts = new Map<string, number>();
      for (const path of paths) counts.set(path ?? '', (counts.get(path ?? '') ?? 0) + 1);
      expect(Object.fromEntries(counts)).toEqual({
        '/report/lindexcompare': 1,
        '/report/currentsatisfaction': 1,
        '/report/enps': 1,
        '/report/realizationbyvariables': 1,
        '/report/realizationtop10': 1,
        '/report/mostimportanttop10': 1,
        '/report/mostimportanttop30': 1,
        [`/report/changejobwillingness/${HK24}`]: 1,
        '/surveys/surveyresponders': 1,
        [`/rollup/trend/${DEMO_COMPANY}`]: 1,
      });
      // The proxy answered none before all ten had arrived: they were sent at once, not one by one.
      expect(proxy.maxInFlight()).toBe(10);
    } finally {
      await recorded.close();
      await proxy.close();
    }
  });

  it('answers a group below the anonymity threshold as suppressed with null values, never zeros', async () => {
    const body = await as(
      'super@demo.test',
      `query($sets: [ReportSetInput!]!, $small: [ReportSetInput!]!) {
        byGender: report(sets: $sets) {
          lIndexBy(groupBy: GENDER) {
            groups { name suppressed suppressedBecause participants lIndex spread { share } }
          }
          indexMap(groupings: [GENDER]) { rows { grouping suppressed participants values lIndex } }
        }
        small: report(sets: $small) {
          satisfaction { groups { suppressed suppressedBecause participants average bins { count } } }
          enps { groups { suppressed score detractors answers { count } } }
          correlations { suppressed participants rows }
          mostImportant { datasets { suppressed participants } criteria { rank } }
        }
      }`,
      {
        sets: [{ surveyId: HK24, units: [TEAM_CIRRUS] }],
        small: [{ surveyId: HK24, units: [TEAM_CIRRUS], background: { gender: ['OTHER'] } }],
      },
    );
    const { byGender, small } = data(body);
    const groups = byGender.lIndexBy.groups as {
      suppressed: boolean;
      participants: number | null;
      lIndex: number | null;
      spread: unknown;
    }[];
    const hidden = groups.filter((g) => g.suppressed);
    // One team of Demo Oy's 2024 survey: few of its members answered "other" or "prefer not to say".
    expect(hidden.length).toBeGreaterThanOrEqual(2);
    for (const g of hidden)
      expect(g).toMatchObject({ participants: null, lIndex: null, spread: null });
    for (const g of groups.filter((g) => !g.suppressed))
      expect(g).toMatchObject({ suppressedBecause: null, participants: expect.any(Number) });
    for (const g of hidden)
      expect(['BELOW_THRESHOLD', 'DIFFERENCING']).toContain(
        (g as { suppressedBecause?: string }).suppressedBecause,
      );
    const rows = byGender.indexMap.rows as { suppressed: boolean }[];
    expect(rows.filter((r) => r.suppressed)).toEqual(
      hidden.map(() => ({
        grouping: 'GENDER',
        suppressed: true,
        participants: null,
        values: null,
        lIndex: null,
      })),
    );

    // A handful of people who answered "other" in one team: too few, and the answer says so.
    expect(small.satisfaction.groups).toEqual([
      {
        suppressed: true,
        suppressedBecause: 'BELOW_THRESHOLD',
        participants: null,
        average: null,
        bins: null,
      },
    ]);
    expect(small.enps.groups).toEqual([
      { suppressed: true, score: null, detractors: null, answers: null },
    ]);
    expect(small.correlations).toEqual({ suppressed: true, participants: null, rows: null });
    expect(small.mostImportant).toEqual({
      datasets: [{ suppressed: true, participants: null }],
      criteria: [],
    });
  });

  it("refuses a User and a SuperUser another company's survey, and all data to anyone but an Admin", async () => {
    const query = `query($sets: [ReportSetInput!]!) { report(sets: $sets) { enps { groups { score } } } }`;
    for (const email of ['user@demo.test', 'super@demo.test']) {
      const other = await as(email, query, { sets: [{ surveyId: RAKENNUS_SURVEY }] });
      expect(other.data).toEqual({ report: { enps: null } });
      expect(other.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const all = await as(email, query, { sets: [{ allData: {} }] });
      expect(all.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      // Their own company's ended survey is theirs to read.
      expect(
        data(await as(email, query, { sets: [{ surveyId: HK24 }] })).report.enps.groups,
      ).toHaveLength(1);
    }
    const admin = await as('admin@demo.test', query, {
      sets: [{ allData: { finishTime: 'ALL' } }],
    });
    expect(data(admin).report.enps.groups[0].score).toEqual(expect.any(Number));
  });

  it('filters by units of any level and background answers, as the breakdowns count them', async () => {
    const choices = data(
      await as(
        'super@demo.test',
        `{ reportFilterChoices(surveyId: "${HK24}", language: "en-US") {
          units { id name level }
          background { grouping name values { value name } }
          groupings { grouping name }
        } }`,
      ),
    ).reportFilterChoices;
    const keyAccounts = choices.units.find((u: { name: string }) => u.name === 'Key Accounts');
    expect(keyAccounts).toMatchObject({ level: 2 });
    const age = choices.background.find((b: { grouping: string }) => b.grouping === 'AGE');
    expect(age.values.map((v: { value: string }) => v.value)).toEqual([
      'UNDER_25',
      'AGE_25_34',
      'AGE_35_44',
      'AGE_45_54',
      'AGE_55_PLUS',
    ]);
    expect(choices.groupings).toHaveLength(17);

    const body = await as(
      'super@demo.test',
      `query($unit: [ReportSetInput!]!, $age: [ReportSetInput!]!, $whole: [ReportSetInput!]!) {
        unit: report(sets: $unit) { satisfaction { groups { participants } } }
        age: report(sets: $age) { satisfaction { groups { participants } } }
        whole: report(sets: $whole) {
          byUnit: lIndexBy(groupBy: UNIT_LEVEL_2) { groups { name participants } }
          byAge: lIndexBy(groupBy: AGE) { groups { participants } }
        }
      }`,
      {
        unit: [{ surveyId: HK24, units: [keyAccounts.id] }],
        age: [{ surveyId: HK24, background: { age: ['AGE_25_34'] } }],
        whole: [{ surveyId: HK24 }],
      },
    );
    const { unit, age: byAgeSet, whole } = data(body);
    const keyAccountsGroup = whole.byUnit.groups.find(
      (g: { name: string }) => g.name === 'Key Accounts',
    );
    expect(unit.satisfaction.groups[0].participants).toBe(keyAccountsGroup.participants);
    expect(byAgeSet.satisfaction.groups[0].participants).toBe(whole.byAge.groups[1].participants);

    const unknown = await as(
      'super@demo.test',
      `query($sets: [ReportSetInput!]!) { report(sets: $sets) { enps { groups { score } } } }`,
      { sets: [{ surveyId: HK24, units: ['de300000-0000-4000-8000-0000000009ff'] }] },
    );
    expect(unknown.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: [{ field: 'sets.0.units', message: 'reports.query.unknownUnit' }],
    });
  });

  it('pages the open comments: counts per type and criterion, and pages that add up to the list', async () => {
    const sets = [{ surveyId: HK24 }];
    const whole = data(
      await as(
        'admin@demo.test',
        `query($sets: [ReportSetInput!]!) { report(sets: $sets, language: "en-US") {
          comments { positive { id criterion { id } } }
          commentCounts { name suppressed counts { type criterion { id name } count } }
        } }`,
        { sets },
      ),
    ).report;
    const positive = whole.commentCounts.counts.filter(
      (c: { type: string }) => c.type === 'POSITIVE',
    );
    expect(positive.reduce((sum: number, c: { count: number }) => sum + c.count, 0)).toBe(
      whole.comments.positive.length,
    );
    const ids: string[] = [];
    for (const { criterion } of positive) {
      let after: string | null = null;
      do {
        const page: { comments: { id: string }[]; next: string | null } = data(
          await as(
            'admin@demo.test',
            `query($sets: [ReportSetInput!]!, $criterion: Int!, $after: String) {
              report(sets: $sets) { commentPage(type: POSITIVE, criterion: $criterion, after: $after, first: 3) {
                suppressed comments { id } next } } }`,
            { sets, criterion: criterion.id, after },
          ),
        ).report.commentPage;
        expect(page.comments.length).toBeLessThanOrEqual(3);
        ids.push(...page.comments.map((c) => c.id));
        after = page.next;
      } while (after);
    }
    expect(ids).toEqual(whole.comments.positive.map((c: { id: string }) => c.id));
    const tooMany = await as(
      'admin@demo.test',
      `query($sets: [ReportSetInput!]!) { report(sets: $sets) { commentPage(type: NEGATIVE, criterion: 5, first: 500) { next } } }`,
      { sets },
    );
    expect(tooMany.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it("reads the whole comment list through the API's pages, in the order of one page", async () => {
    const login = await fetch(`${stack.api.url}/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const paths: string[] = [];
    const reads = {
      read: async <T>(path: string) => {
        paths.push(path);
        const res = await fetch(`${stack.api.url}${path}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return (await res.json()) as T;
      },
    };
    const query = { sets: [{ surveyId: HK24 }], reportLanguage: 'en-US' };
    const onePage = await openComments(reads, query);
    const reads7 = paths.length;
    const paged = await openComments(reads, query, 7);
    expect(reads7).toBe(1);
    const ids = (dto: typeof onePage) =>
      'suppressed' in dto.data
        ? null
        : (['positive', 'negative', 'neutral'] as const).map((type) =>
            (dto.data as Record<typeof type, { commentId: string }[]>)[type].map(
              (c) => c.commentId,
            ),
          );
    const all = ids(onePage)?.flat() ?? [];
    expect(all.length).toBeGreaterThan(20);
    // Pages of 7 read one after another: the same list, a read per page.
    expect(ids(paged)).toEqual(ids(onePage));
    expect(paths.length - reads7).toBe(Math.ceil(all.length / 7));
    expect(paged.data).toMatchObject({ next: null });
  });

  it('counts and pages the comments of one L-index range, and names a range that is not one', async () => {
    const sets = [{ surveyId: HK24 }];
    const top = { from: 85, to: 100 };
    const answer = data(
      await as(
        'admin@demo.test',
        `query($sets: [ReportSetInput!]!, $range: IndexRangeInput) { report(sets: $sets) {
          comments { positive { id lIndex criterion { id } } }
          commentCounts(indexRange: $range) { rangeFilter counts { type criterion { id } count } }
        } }`,
        { sets, range: top },
      ),
    ).report;
    expect(answer.commentCounts.rangeFilter).toBe(true);
    type Listed = { id: string; lIndex: number; criterion: { id: number } };
    const inTop = (answer.comments.positive as Listed[]).filter((c) => c.lIndex >= 85);
    const positive = answer.commentCounts.counts.filter(
      (c: { type: string }) => c.type === 'POSITIVE',
    );
    expect(positive.reduce((sum: number, c: { count: number }) => sum + c.count, 0)).toBe(
      inTop.length,
    );
    const first = positive[0] as { criterion: { id: number }; count: number };
    const page = data(
      await as(
        'admin@demo.test',
        `query($sets: [ReportSetInput!]!, $criterion: Int!, $range: IndexRangeInput) {
          report(sets: $sets) { commentPage(type: POSITIVE, criterion: $criterion, first: 200, indexRange: $range) {
            comments { id lIndex } next } } }`,
        { sets, criterion: first.criterion.id, range: top },
      ),
    ).report.commentPage;
    expect(page.comments.map((c: { id: string }) => c.id)).toEqual(
      inTop.filter((c) => c.criterion.id === first.criterion.id).map((c) => c.id),
    );
    const wrong = await as(
      'admin@demo.test',
      `query($sets: [ReportSetInput!]!) { report(sets: $sets) {
        commentCounts(indexRange: { from: 80, to: 100 }) { rangeFilter } } }`,
      { sets },
    );
    expect(wrong.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: [{ field: 'indexRange', message: 'reports.query.indexRange' }],
    });
  });

  it('answers every report field with typed data for a demo survey compared with its follow-up', async () => {
    const body = await as(
      'admin@demo.test',
      `query($sets: [ReportSetInput!]!) {
        report(sets: $sets, language: "en-US") {
          satisfaction { title subtitle groups { name suppressed participants average bins { from to count share } } }
          lIndex { groups { name participants average bins { from to count share } } }
          enps(removeBackground: true) { groups { name participants score detractors passives promoters answers { score count } } }
          mostImportant(range: ALL) { datasets { ${DATASET} } criteria { rank criterion { id name } share compareShare } }
          realizations { datasets { ${DATASET} } criteria { rank importance criterion { id } realizations { value spread { ${BANDS} } } } }
          realizationsBy { datasets { ${DATASET} } criteria { criterion { id } realizations { value spread { share } } } }
          lIndexBy(groupBy: UNIT_LEVEL_1) { groups { name suppressed participants lIndex spread { ${BANDS} } } }
          indexMap(groupings: [UNIT_LEVEL_2, AGE]) { criteria { id name } rows { grouping name participants values lIndex } }
          correlations { name participants criteria { id } rows }
          comments { name trend suppressed positive { text criterion { id name } languageCode lIndex } negative { text } neutral { text } }
          changeJobWillingness { name participants willing share }
          responders { surveyId responders }
        }
        topRollups { enps { allTime { surveyId surveyName companyName value } currentYear { value } } sIndex { allTime { value } } lIndex { allTime { value } } }
        lIndexTrend(companyId: "${DEMO_COMPANY}") { surveyId name date tracking suppressed lIndex }
        reportSettings { anonymityThreshold enps { detractorsTo promotersFrom } commentIndexRanges { from to } minCommentsPerRange }
      }`,
      { sets: [{ surveyId: HK24 }, { surveyId: HK25 }] },
    );
    const d = data(body);
    const r = d.report;
    expect(r.satisfaction.title).toEqual(expect.any(String));
    expect(r.satisfaction.groups).toHaveLength(2);
    for (const g of [...r.satisfaction.groups, ...r.lIndex.groups]) {
      expect(g.bins.map((b: { from: number }) => b.from)).toEqual([0, 30, 40, 50, 60, 70, 80, 90]);
      expect(g.bins.at(-1).to).toBe(100);
      const counted = g.bins.reduce((sum: number, b: { count: number }) => sum + b.count, 0);
      expect(counted).toBe(g.participants);
      expect(g.average).toBeGreaterThan(0);
    }
    for (const g of r.enps.groups) {
      expect(g.answers.map((a: { score: number }) => a.score)).toEqual([
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
      ]);
      expect(g.score).toBeCloseTo(g.promoters - g.detractors, 9);
      expect(g.detractors + g.passives + g.promoters).toBeCloseTo(100, 9);
    }
    expect(r.mostImportant.criteria).toHaveLength(30);
    expect(r.mostImportant.criteria[0]).toMatchObject({
      rank: 1,
      criterion: { id: expect.any(Number), name: expect.any(String) },
      compareShare: expect.any(Number),
    });
    expect(r.realizations.criteria).toHaveLength(10);
    for (const c of r.realizations.criteria) {
      expect(c.realizations).toHaveLength(2);
      expect(c.realizations[0].spread.map((b: { label: string }) => b.label)).toEqual([
        '90-100',
        '80-89',
        '70-79',
        '60-69',
        '<60',
      ]);
      expect(c.realizations[0].spread[1]).toMatchObject({ from: 80, to: 90 });
    }
    expect(r.realizationsBy.datasets).toHaveLength(2);
    expect(r.realizationsBy.criteria).toHaveLength(30);
    const firstValues = r.realizationsBy.criteria.map(
      (c: { realizations: { value: number }[] }) => c.realizations[0]?.value,
    );
    expect(firstValues).toEqual([...firstValues].sort((a, b) => b - a));
    expect(r.lIndexBy.groups.length).toBeGreaterThanOrEqual(2);
    expect(r.indexMap.criteria).toHaveLength(30);
    const shownRow = r.indexMap.rows.find(
      (row: { participants: number | null }) => row.participants,
    );
    expect(shownRow.values).toHaveLength(30);
    expect(shownRow.lIndex).toEqual(expect.any(Number));
    expect(new Set(r.indexMap.rows.map((row: { grouping: string }) => row.grouping))).toEqual(
      new Set(['UNIT_LEVEL_2', 'AGE']),
    );
    expect(r.correlations.rows).toHaveLength(30);
    expect(r.correlations.rows[3]).toHaveLength(30);
    expect(r.correlations.rows[3][3]).toBe(1);
    expect(r.comments.positive.length).toBeGreaterThan(0);
    expect(r.comments.positive[0]).toMatchObject({
      text: expect.any(String),
      criterion: { id: expect.any(Number), name: expect.any(String) },
    });
    expect(r.changeJobWillingness.share).toBeCloseTo(
      (100 * r.changeJobWillingness.willing) / r.changeJobWillingness.participants,
      9,
    );
    expect(r.responders).toEqual([
      { surveyId: HK24, responders: r.satisfaction.groups[0].participants },
      { surveyId: HK25, responders: r.satisfaction.groups[1].participants },
    ]);
    expect(d.topRollups.enps.allTime[0]).toMatchObject({
      companyName: 'Demo Oy',
      value: expect.any(Number),
    });
    expect(d.lIndexTrend.map((p: { surveyId: string }) => p.surveyId)).toEqual(
      expect.arrayContaining([HK24, HK25]),
    );
    expect(d.reportSettings).toEqual({
      anonymityThreshold: 5,
      enps: { detractorsTo: 6, promotersFrom: 9 },
      commentIndexRanges: [
        { from: 0, to: 69 },
        { from: 70, to: 84 },
        { from: 85, to: 100 },
      ],
      minCommentsPerRange: 5,
    });
  });

  it('leaves the other reports of a request when one read fails', async () => {
    const body = await as(
      'admin@demo.test',
      `query($sets: [ReportSetInput!]!) {
        report(sets: $sets) { enps { groups { score } } changeJobWillingness { share } }
        reportSettings { anonymityThreshold }
      }`,
      { sets: [{ allData: {} }] },
    );
    // Change-job willingness reads one survey; the benchmark has none.
    expect(body.errors).toEqual([
      expect.objectContaining({
        path: ['report', 'changeJobWillingness'],
        extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }),
      }),
    ]);
    expect(body.data.report.changeJobWillingness).toBeNull();
    expect(body.data.report.enps.groups[0].score).toEqual(expect.any(Number));
    expect(body.data.reportSettings.anonymityThreshold).toBe(5);
  });

  it('says which input is wrong', async () => {
    const res = (await as(
      'admin@demo.test',
      `query($sets: [ReportSetInput!]!) { report(sets: $sets) { enps { groups { score } } } }`,
      { sets: [{ surveyId: HK24, allData: {} }] },
    )) as GraphQLBody;
    expect(res.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: [{ field: 'sets.0.allData', message: 'reports.query.surveyOrWholeData' }],
    });
  });

  describe('CSV download', () => {
    const csv = async (file: string, query: Record<string, string>, email: string | null) => {
      const call = request(stack.gateway.url).get(`/files/reports/${file}`).query(query);
      if (email) call.set('authorization', `Bearer ${await stack.tokenOf(email)}`);
      return call;
    };

    it('gives a tabular report as CSV with the same numbers, suppressed groups left empty with their reason', async () => {
      const sets = JSON.stringify([{ surveyId: HK24, units: [TEAM_CIRRUS] }]);
      const res = await csv(
        'l-index-by.csv',
        { sets, groupBy: 'GENDER', language: 'en-US' },
        'super@demo.test',
      );
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="l-index-by.csv"');
      const lines = res.text.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'group,suppressed,suppressed_because,participants,l_index,share_90-100,share_80-89,share_70-79,share_60-69,share_<60',
      );
      const graph = data(
        await as(
          'super@demo.test',
          `query($sets: [ReportSetInput!]!) { report(sets: $sets, language: "en-US") {
            lIndexBy(groupBy: GENDER) {
            groups { name suppressed suppressedBecause participants lIndex spread { share } }
          }
          } }`,
          { sets: [{ surveyId: HK24, units: [TEAM_CIRRUS] }] },
        ),
      ).report.lIndexBy.groups as {
        name: string;
        suppressed: boolean;
        suppressedBecause: string | null;
        participants: number | null;
        lIndex: number | null;
        spread: { share: number }[] | null;
      }[];
      expect(lines.slice(1)).toEqual(
        graph.map((g) =>
          g.suppressed
            ? `${g.name},true,${g.suppressedBecause},,,,,,,`
            : [
                g.name,
                false,
                '',
                g.participants,
                g.lIndex,
                ...(g.spread ?? []).map((b) => b.share),
              ].join(','),
        ),
      );
      expect(graph.some((g) => g.suppressed)).toBe(true);
      // Every suppressed row says why: fewer than T, or a smaller group could be worked out.
      for (const g of graph.filter((group) => group.suppressed))
        expect(['BELOW_THRESHOLD', 'DIFFERENCING']).toContain(g.suppressedBecause);
    });

    it('downloads the comments and the index map as CSV', async () => {
      const sets = JSON.stringify([{ surveyId: HK24 }]);
      const comments = await csv('comments.csv', { sets }, 'admin@demo.test');
      expect(comments.status).toBe(200);
      const [header, ...rows] = comments.text.trimEnd().split('\r\n');
      expect(header).toBe('type,criterion_id,criterion,language,l_index,text');
      expect(rows.length).toBeGreaterThan(10);
      const map = await csv(
        'index-map.csv',
        { sets, groupings: 'UNIT_LEVEL_1,AGE' },
        'admin@demo.test',
      );
      expect(map.status).toBe(200);
      const mapLines = map.text.trimEnd().split('\r\n');
      expect(mapLines[0]?.split(',')).toHaveLength(5 + 30 + 1);
      expect(mapLines.slice(1).map((line) => line.split(',')[0])).toContain('AGE');
    });

    it('serves every tabular report, each row as wide as its header', async () => {
      const sets = JSON.stringify([{ surveyId: HK24 }, { surveyId: HK25 }]);
      const extra: Record<string, Record<string, string>> = {
        'l-index-by': { groupBy: 'UNIT_LEVEL_2' },
        'index-map': { groupings: 'UNIT_LEVEL_1,GENDER' },
        'most-important': { range: 'ALL' },
      };
      for (const name of Object.keys(CSV_REPORTS)) {
        const res = await csv(`${name}.csv`, { sets, ...extra[name] }, 'admin@demo.test');
        expect({ name, status: res.status }).toEqual({ name, status: 200 });
        // Comments are free text; the other reports hold no commas inside a field.
        if (name === 'comments') continue;
        const [header, ...rows] = res.text.trimEnd().split('\r\n');
        expect(rows.length).toBeGreaterThan(0);
        const width = header?.split(',').length;
        for (const row of rows)
          expect({ name, width: row.split(',').length }).toEqual({ name, width });
      }
    });

    it('refuses with the GraphQL error codes as JSON', async () => {
      const sets = JSON.stringify([{ surveyId: HK24 }]);
      const anonymous = await csv('enps.csv', { sets }, null);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toMatchObject({ code: 'UNAUTHENTICATED' });
      const other = await csv(
        'enps.csv',
        { sets: JSON.stringify([{ surveyId: RAKENNUS_SURVEY }]) },
        'user@demo.test',
      );
      expect(other.status).toBe(403);
      expect(other.body).toMatchObject({ code: 'FORBIDDEN' });
      const broken = await csv('enps.csv', { sets: '[{' }, 'user@demo.test');
      expect(broken.status).toBe(400);
      expect(broken.body).toMatchObject({ code: 'BAD_USER_INPUT' });
      const unknown = await csv('everything.csv', { sets }, 'user@demo.test');
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toContain('l-index.csv');
    });
  });
});
