// Surveys through the gateway, against the real apps/api with its demo data.
import { gql, startTestGateway } from '../../test/gateway.js';
import { setupApiAndGateway, type AnyBody } from '../../test/signedIn.js';
import { startRecordingProxy } from '../../test/upstream.js';

const DEMO_OY = 'de300000-0000-4000-8000-000000000001';
const EXEMPEL = 'de300000-0000-4000-8000-000000000003';
const HK24 = 'de300000-0000-4000-8000-000000000301';
const HK25 = 'de300000-0000-4000-8000-000000000302';
const PULSE = 'de300000-0000-4000-8000-000000000303';

const SURVEY_FIELDS = `id name shortName companyId company { id name } baseSurveyId tracking created
  invitesSent finished hasStarted hasEnded showOpenComments surveyEndMessage participantCount
  finishedCount settings { showBackgroundAge showAiTranslationUser showAgenticAskKiddy }`;
const RESULT = `ok fieldErrors { field message } survey { ${SURVEY_FIELDS} }`;

const stack = setupApiAndGateway();
const { as } = stack;
const admin = (query: string, variables?: Record<string, unknown>) =>
  as('admin@demo.test', query, variables);

describe('surveys through the gateway', () => {
  it("pages, searches and sorts the list with each survey's company", async () => {
    const body = await admin(
      `query($search: String, $orderBy: SurveyOrderBy, $direction: SortDirection) {
        surveys(skip: 0, take: 10, search: $search, orderBy: $orderBy, direction: $direction) {
          totalRecords records { name company { name } hasEnded tracking }
        }
      }`,
      { search: 'henkilöstö', orderBy: 'NAME', direction: 'ASC' },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.surveys).toEqual({
      totalRecords: 2,
      records: [
        {
          name: 'Henkilöstökysely 2024',
          company: { name: 'Demo Oy' },
          hasEnded: true,
          tracking: false,
        },
        {
          name: 'Henkilöstökysely 2025',
          company: { name: 'Demo Oy' },
          hasEnded: true,
          tracking: true,
        },
      ],
    });
    const newest = await admin('{ surveys { records { name } } }');
    const names = newest.data.surveys.records.map((s: { name: string }) => s.name);
    expect(names.slice(-2)).toEqual(['Henkilöstökysely 2025', 'Henkilöstökysely 2024']);
  });

  it('answers one survey, null for an unknown id, and FORBIDDEN outside the company', async () => {
    const body = await admin(`query($id: ID!) { survey(id: $id) { ${SURVEY_FIELDS} } }`, {
      id: HK24,
    });
    expect(body.data.survey).toMatchObject({
      id: HK24,
      companyId: DEMO_OY,
      settings: null,
      participantCount: 520,
      finishedCount: 460,
      hasStarted: true,
    });
    const none = await admin('{ survey(id: "00000000-0000-4000-8000-000000000000") { id } }');
    expect(none.data.survey).toBeNull();
    const other = await as(
      'user@demo.test',
      `{ survey(id: "de300000-0000-4000-8000-000000000304") { id } }`,
    );
    expect(other.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('lists only the own company to a User and refuses its writes', async () => {
    const list = await as('user@demo.test', '{ surveys(take: 50) { records { companyId } } }');
    const companies = new Set(
      list.data.surveys.records.map((s: { companyId: string }) => s.companyId),
    );
    expect([...companies]).toEqual([DEMO_OY]);
    const create = await as(
      'user@demo.test',
      `mutation { createSurvey(input: { name: "X", shortName: "X", companyId: "${DEMO_OY}" }) { ok } }`,
    );
    expect(create.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it("gives a survey's response activity per unit, best response first", async () => {
    const body = await admin(
      `query($id: ID!) { survey(id: $id) {
        responseActivity { count byUnits { unitId wholeCompany index name count responsePercentage } }
      } }`,
      { id: HK24 },
    );
    expect(body.errors).toBeUndefined();
    const rows = body.data.survey.responseActivity.byUnits as {
      unitId: string;
      wholeCompany: boolean;
      index: number;
      count: number;
      responsePercentage: number;
    }[];
    // The whole company and the 8 units of Demo Oy's three levels.
    expect(rows).toHaveLength(9);
    expect(rows.filter((row) => row.unitId === '999')).toEqual([
      expect.objectContaining({ index: 0, count: body.data.survey.responseActivity.count }),
    ]);
    // The whole company's row says so itself: clients need not know the id.
    expect(rows.filter((row) => row.wholeCompany)).toEqual(
      rows.filter((row) => row.unitId === '999'),
    );
    expect(new Set(rows.map((row) => row.index))).toEqual(new Set([0, 1, 2, 3]));
    const percentages = rows.map((row) => row.responsePercentage);
    expect(percentages).toEqual([...percentages].sort((a, b) => b - a));
  });

  it('resolves the companies of a page of surveys with one REST call, not one per survey', async () => {
    const proxy = await startRecordingProxy(stack.api.url);
    const recorded = await startTestGateway({ API_URL: proxy.url });
    try {
      const auth = { authorization: `Bearer ${await stack.tokenOf('admin@demo.test')}` };
      const res = await gql(
        recorded.url,
        '{ surveys(take: 10) { records { name company { id name } } } }',
        {},
        auth,
      );
      const body = res.body as AnyBody;
      expect(body.errors).toBeUndefined();
      const records = body.data.surveys.records as { company: { id: string } }[];
      // The demo has surveys of all three companies.
      expect(new Set(records.map((record) => record.company.id)).size).toBeGreaterThan(1);
      const companyCalls = proxy.hits.filter((hit) => hit.url.startsWith('/companies'));
      expect(companyCalls.map((hit) => hit.url)).toEqual(['/companies']);
    } finally {
      await recorded.close();
      await proxy.close();
    }
  });

  it('reads a survey and its response activity at the same time, not one after the other', async () => {
    const proxy = await startRecordingProxy(stack.api.url, { gather: 2, gatherTimeoutMs: 20_000 });
    const recorded = await startTestGateway({ API_URL: proxy.url });
    try {
      const auth = { authorization: `Bearer ${await stack.tokenOf('super@demo.test')}` };
      const query = `query($id: ID!) { survey(id: $id) { id hasEnded ...Activity } }
        fragment Activity on Survey { responseActivity { count finishedCount } }`;
      const res = await gql(recorded.url, query, { id: HK24 }, auth);
      const body = res.body as AnyBody;
      expect(body.errors).toBeUndefined();
      expect(body.data.survey).toEqual({
        id: HK24,
        hasEnded: true,
        responseActivity: { count: 520, finishedCount: 460 },
      });
      expect(proxy.hits.map((hit) => hit.url).sort()).toEqual([
        `/surveys/${HK24}`,
        `/surveys/responseactivity/${HK24}`,
      ]);
      // The proxy held both answers until both requests had arrived.
      expect(proxy.maxInFlight()).toBe(2);

      // An unknown survey is still null, not an error from the activity read started beside it.
      const unknown = await gql(
        recorded.url,
        query,
        { id: '00000000-0000-4000-8000-000000000000' },
        auth,
      );
      expect(unknown.body).toEqual({ data: { survey: null } });
    } finally {
      await recorded.close();
      await proxy.close();
    }
  });

  it('reports response activity, company data, ending and comparable surveys', async () => {
    const body = await admin(
      `query($survey: ID!, $company: ID!) {
        responseActivity(surveyId: $survey) { count invited finishedCount byUnits { unitId name count finished responsePercentage } }
        surveyCompanyData(companyId: $company) {
          company { id name } openSurvey { id } latestEndedSurvey { id }
        }
        comparableSurveys(companyId: $company) { id }
        bySurvey: comparableSurveys(surveyId: $survey) { id }
        endingSurveys { id }
      }`,
      { survey: HK24, company: DEMO_OY },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toMatchObject({
      responseActivity: {
        count: 520,
        invited: 520,
        finishedCount: 460,
        byUnits: expect.arrayContaining([
          { unitId: '999', name: 'Demo Oy', count: 520, finished: 460, responsePercentage: 88 },
        ]),
      },
      surveyCompanyData: {
        company: { id: DEMO_OY, name: 'Demo Oy' },
        openSurvey: { id: PULSE },
        latestEndedSurvey: { id: HK25 },
      },
      comparableSurveys: [{ id: HK25 }, { id: HK24 }],
      // A report page that knows only its survey gets the same list.
      bySurvey: [{ id: HK25 }, { id: HK24 }],
    });
    // The demo's open survey ends in three weeks.
    expect(body.data.endingSurveys).toContainEqual({ id: PULSE });
    const neither = await admin('{ comparableSurveys { id } }');
    expect(neither.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: [{ field: 'companyId', message: 'validation.required' }],
    });
  });

  it('creates a survey, blocks a parallel one as data, edits, ends and deletes it', async () => {
    const create = `mutation($input: CreateSurveyInput!) { createSurvey(input: $input) { ${RESULT} } }`;
    const input = { name: 'Kysely 2026', shortName: 'K26', companyId: EXEMPEL };
    const first = await admin(create, { input });
    expect(first.data.createSurvey).toMatchObject({
      ok: true,
      fieldErrors: [],
      survey: { name: 'Kysely 2026', company: { name: 'Exempel Vård Ab' }, tracking: false },
    });
    const id = first.data.createSurvey.survey.id as string;

    const second = await admin(create, { input: { ...input, name: 'Toinen' } });
    expect(second.errors).toBeUndefined();
    expect(second.data.createSurvey).toEqual({
      ok: false,
      fieldErrors: [{ field: 'companyId', message: 'surveys.create.parallelSurvey' }],
      survey: null,
    });

    const update = await admin(
      `mutation($id: ID!, $input: UpdateSurveyInput!) { updateSurvey(id: $id, input: $input) { ${RESULT} } }`,
      { id, input: { surveyEndMessage: 'Kiitos!', settings: { showBackgroundAge: false } } },
    );
    expect(update.data.updateSurvey).toMatchObject({
      ok: true,
      survey: { surveyEndMessage: 'Kiitos!', settings: { showBackgroundAge: false } },
    });

    const end = await admin(
      `mutation($id: ID!, $endDate: DateTime!) { setSurveyEndDate(id: $id, endDate: $endDate) { ${RESULT} } }`,
      { id, endDate: '0026-06-30T00:00:00.000Z' },
    );
    expect(end.data.setSurveyEndDate.survey.finished).toBe(
      `${new Date().getUTCFullYear()}-06-30T00:00:00.000Z`,
    );

    const comments = await admin(
      `mutation($id: ID!, $from: DateTime) { setShowOpenComments(id: $id, from: $from) { ${RESULT} } }`,
      { id, from: '2026-01-01T00:00:00.000Z' },
    );
    expect(comments.data.setShowOpenComments.survey.showOpenComments).toBe(
      '2026-01-01T00:00:00.000Z',
    );

    const removed = await admin(
      `mutation($id: ID!) { deleteSurvey(id: $id) { ok fieldErrors { field } } }`,
      { id },
    );
    expect(removed.data.deleteSurvey).toEqual({ ok: true, fieldErrors: [] });
    const gone = await admin(`query($id: ID!) { survey(id: $id) { id } }`, { id });
    expect(gone.data.survey).toBeNull();
  });

  it('returns the settings lock rules as field errors', async () => {
    const update = `mutation($id: ID!, $input: UpdateSurveyInput!) { updateSurvey(id: $id, input: $input) { ok fieldErrors { field message } } }`;
    const old = await admin(update, { id: HK24, input: { settings: { showAskKiddyUser: true } } });
    expect(old.data.updateSurvey).toEqual({
      ok: false,
      fieldErrors: [{ field: 'settings', message: 'surveys.edit.settingsLocked' }],
    });
    const invited = await admin(update, {
      id: HK25,
      input: { settings: { showBackgroundWorkingHours: true } },
    });
    expect(invited.data.updateSurvey).toEqual({
      ok: false,
      fieldErrors: [
        { field: 'settings.showBackgroundWorkingHours', message: 'surveys.edit.backgroundLocked' },
      ],
    });
  });
});
