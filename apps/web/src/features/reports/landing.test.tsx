import type { MockedResponse } from '@apollo/client/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  ReportsRoute_SelectionDocument,
  ReportsRouteDocument,
  type ReportsRoute_SelectionQuery,
  type ReportsRoute_SelectionQueryVariables,
  type ReportsRouteQuery,
  type ReportsRouteQueryVariables,
  type Role,
} from '../../__generated__/graphql';
import { renderRoutes, testAccount, testSession } from '../../test/render';
import {
  comparisonModeOf,
  isSurveyDisabled,
  levelsMatching,
  mustLeaveReports,
  reportTiles,
  switchComparison,
  switchDataMode,
  tileHref,
  toggleSurvey,
  unitLevelGroups,
  withFinishTime,
  type TileContext,
  type TileKey,
} from './landing';
import { EMPTY_REPORT_FILTERS, parseReportQuery, toReportSearch } from './reportQuery';
import { UnitFilter } from './components/UnitFilter';
import { ReportsRoute } from './routes/ReportsRoute';

const withSurvey = { ...EMPTY_REPORT_FILTERS, companyId: 'c1', surveyIds: ['s1'] };

function tileKeys(context: Partial<TileContext>): TileKey[] {
  return reportTiles({
    role: 'ADMIN',
    filters: withSurvey,
    survey: null,
    companyHasReportPackage: false,
    ...context,
  }).map((tile) => tile.key);
}

describe('report tiles by role and settings', () => {
  const askSettings = (manager: boolean, user: boolean) => ({
    settings: { showAskKiddyManager: manager, showAskKiddyUser: user },
  });

  it('shows the AI assistant to Admin always, to managers and users by their setting', () => {
    expect(tileKeys({ role: 'ADMIN' })).toContain('askKiddy');
    for (const role of ['PARTNER_ADMIN', 'SUPER_USER'] as const) {
      expect(tileKeys({ role, survey: askSettings(true, false) })).toContain('askKiddy');
      expect(tileKeys({ role, survey: askSettings(false, true) })).not.toContain('askKiddy');
    }
    expect(tileKeys({ role: 'USER', survey: askSettings(false, true) })).toContain('askKiddy');
    expect(tileKeys({ role: 'USER', survey: askSettings(true, false) })).not.toContain('askKiddy');
    // An old survey has no settings: only Admin sees the assistant.
    expect(tileKeys({ role: 'SUPER_USER', survey: { settings: null } })).not.toContain('askKiddy');
  });

  it('shows open comments only with a survey, and to a User only when the survey shows them', () => {
    expect(tileKeys({ filters: EMPTY_REPORT_FILTERS })).not.toContain('openComments');
    expect(tileKeys({ role: 'SUPER_USER', survey: {} })).toContain('openComments');
    expect(tileKeys({ role: 'USER', survey: { showOpenComments: null } })).not.toContain(
      'openComments',
    );
    expect(
      tileKeys({ role: 'USER', survey: { showOpenComments: '2025-11-01T00:00:00Z' } }),
    ).toContain('openComments');
  });

  it('shows the report package to Admin, and to others only with the company setting', () => {
    expect(tileKeys({ role: 'ADMIN' })).toContain('package');
    const roles: Role[] = ['PARTNER_ADMIN', 'SUPER_USER', 'USER'];
    for (const role of roles) {
      expect(tileKeys({ role })).not.toContain('package');
      expect(tileKeys({ role, companyHasReportPackage: true })).toContain('package');
    }
  });

  it('disables the most-important tiles for a trend survey', () => {
    const tiles = reportTiles({
      role: 'USER',
      filters: withSurvey,
      survey: { baseSurveyId: 's0' },
      companyHasReportPackage: true,
    });
    const disabled = tiles.filter((tile) => tile.disabled).map((tile) => tile.key);
    expect(disabled).toEqual(['mostImportant', 'mostImportantGrouped']);
    expect(tiles.find((tile) => tile.key === 'mostImportant')?.reason).toBe('trend');
  });

  it('links a tile with the filters, never when disabled or with nothing chosen', () => {
    const [tile] = reportTiles({
      role: 'ADMIN',
      filters: withSurvey,
      survey: null,
      companyHasReportPackage: false,
    });
    if (!tile) throw new Error('no tile');
    expect(tileHref(tile, 'companyId=c1&surveyId=s1', true)).toBe(
      '/report/currentsatisfaction?companyId=c1&surveyId=s1',
    );
    expect(tileHref(tile, 'companyId=c1', false)).toBeNull();
    expect(tileHref({ ...tile, disabled: true }, 'companyId=c1&surveyId=s1', true)).toBeNull();
  });
});

describe('report filter toggling', () => {
  it('compares at most two surveys, one when not comparing; a click toggles membership', () => {
    expect(toggleSurvey([], 'a', 2)).toEqual(['a']);
    expect(toggleSurvey(['a'], 'b', 2)).toEqual(['a', 'b']);
    expect(toggleSurvey(['a', 'b'], 'c', 2)).toEqual(['a', 'b']);
    expect(toggleSurvey(['a', 'b'], 'a', 2)).toEqual(['b']);
    expect(toggleSurvey(['a'], 'b', 1)).toEqual(['a']);
    expect(isSurveyDisabled(['a', 'b'], 'c', 2)).toBe(true);
    expect(isSurveyDisabled(['a', 'b'], 'a', 2)).toBe(false);
    expect(isSurveyDisabled(['a'], 'b', 1)).toBe(true);
  });

  it('keeps only the last compared survey and the last grouping when switching modes', () => {
    const comparing = { ...withSurvey, surveyIds: ['s1', 's2'] };
    expect(comparisonModeOf(comparing)).toBe('surveys');
    expect(switchComparison(comparing, 'groups', 'AGE')).toEqual({
      surveyIds: ['s2'],
      groupBy: 'AGE',
    });
    const grouped = { ...withSurvey, groupBy: 'GENDER' as const };
    expect(comparisonModeOf(grouped)).toBe('groups');
    expect(switchComparison(grouped, 'surveys', 'AGE')).toEqual({
      surveyIds: ['s1'],
      groupBy: null,
    });
    expect(switchComparison(grouped, 'groups', 'AGE')).toMatchObject({ groupBy: 'GENDER' });
  });

  it('drops the custom range when another finish time is chosen', () => {
    const range = {
      ...EMPTY_REPORT_FILTERS,
      wholeData: true,
      surveyFinishTime: 3 as const,
      rangeStart: '2026-01-01',
      rangeEnd: '2026-03-31',
    };
    expect(withFinishTime(3)).toEqual({ surveyFinishTime: 3 });
    const next = { ...range, ...withFinishTime(0) };
    expect(next).toMatchObject({ surveyFinishTime: 0, rangeStart: null, rangeEnd: null });
    expect(toReportSearch(next).toString()).toBe('wholeData=1&surveyFinishTime=0');
  });

  it('starts the all-data benchmark without company, survey, units or window', () => {
    const next = { ...withSurvey, units: ['u1'], ...switchDataMode(true) };
    expect(parseReportQuery(toReportSearch(next))).toEqual({
      ...EMPTY_REPORT_FILTERS,
      wholeData: true,
    });
  });

  it('searches units ignoring case and opens only the levels that match', () => {
    const units = [
      { id: 'u1', name: 'Sales', level: 1 },
      { id: 'u2', name: 'Development', level: 1 },
      { id: 'u3', name: 'Key accounts (sales)', level: 2 },
      { id: 'u4', name: 'Mobile', level: 3 },
    ];
    expect(unitLevelGroups(units, '').map((group) => group.level)).toEqual([1, 2, 3]);
    expect(unitLevelGroups(units, 'SALES')).toEqual([
      { level: 1, units: [units[0]] },
      { level: 2, units: [units[2]] },
    ]);
    expect(levelsMatching(units, 'sales')).toEqual([1, 2]);
    expect(levelsMatching(units, '   ')).toEqual([]);
  });

  it('sends a User without an ended survey away, nobody else', () => {
    expect(mustLeaveReports('USER', 0)).toBe(true);
    expect(mustLeaveReports('USER', 1)).toBe(false);
    expect(mustLeaveReports('SUPER_USER', 0)).toBe(false);
  });
});

// --- The page with a mocked gateway -------------------------------------------------------------

const company = {
  __typename: 'Company' as const,
  id: 'c1',
  name: 'Demo Oy',
  settings: { __typename: 'CompanySettings' as const, reportPackage: true },
  surveys: [
    companySurvey('s3', 'Pulse', '2026-03-01', false),
    companySurvey('s2', 'Survey 2025', '2025-03-01', true),
    companySurvey('s1', 'Survey 2024', '2024-03-01', true),
  ],
};

function companySurvey(id: string, name: string, created: string, hasEnded: boolean) {
  return {
    __typename: 'CompanySurvey' as const,
    id,
    name,
    created: `${created}T08:00:00.000Z`,
    hasStarted: true,
    hasEnded,
    finished: hasEnded ? `${created}T08:00:00.000Z` : '2026-12-18T00:00:00.000Z',
  };
}
const ended = [
  { __typename: 'Survey' as const, id: 's2', name: 'Survey 2025' },
  { __typename: 'Survey' as const, id: 's1', name: 'Survey 2024' },
];

function pageMock(
  role: Role,
  localizedReports = false,
  choices: (typeof company)[] = [company],
): MockedResponse<ReportsRouteQuery, ReportsRouteQueryVariables> {
  return {
    request: { query: ReportsRouteDocument, variables: { isAdmin: role === 'ADMIN' } },
    result: {
      data: {
        me: { __typename: 'Account', id: 'u1', localizedReports },
        companyChoices: choices,
        configuration: {
          __typename: 'Configuration',
          reportLanguages: ['fi-FI', 'sv', 'en-US'],
          ...(role === 'ADMIN' ? { companySizes: [], companyIndustries: [] } : {}),
        },
      } as ReportsRouteQuery,
    },
  };
}

function selectionMock(
  surveyId: string | null,
  data: Partial<ReportsRoute_SelectionQuery>,
  language = 'en-US',
): MockedResponse<ReportsRoute_SelectionQuery, ReportsRoute_SelectionQueryVariables> {
  return {
    request: {
      query: ReportsRoute_SelectionDocument,
      variables: {
        companyId: 'c1',
        surveyId: surveyId ?? '',
        hasSurvey: Boolean(surveyId),
        language,
      },
    },
    result: { data: { comparableSurveys: ended, ...data } as ReportsRoute_SelectionQuery },
  };
}

const surveyData = (id: string, overrides: Record<string, unknown> = {}) => ({
  survey: {
    __typename: 'Survey' as const,
    id,
    baseSurveyId: null,
    showOpenComments: null,
    settings: {
      __typename: 'SurveySettings' as const,
      showAskKiddyManager: true,
      showAskKiddyUser: false,
    },
    ...overrides,
  },
  reportFilterChoices: {
    __typename: 'ReportFilterChoices' as const,
    units: [
      { __typename: 'ReportUnitChoice' as const, id: 'u1', name: 'Sales', level: 1 },
      { __typename: 'ReportUnitChoice' as const, id: 'u2', name: 'Mobile', level: 2 },
    ],
    groupings: [
      { __typename: 'ReportGroupingChoice' as const, grouping: 'AGE' as const, name: 'Age' },
    ],
  },
});

function renderLanding(url: string, role: Role, mocks: MockedResponse[]) {
  return renderRoutes({
    routes: [
      { path: '/report', element: <ReportsRoute /> },
      { path: '/', element: <p>start page</p> },
    ],
    initialEntries: [url],
    session: testSession({ account: testAccount({ role }) }),
    mocks,
  });
}

// The whole page with Mantine renders slowly in jsdom on a busy machine: generous waits, no timing claims.
const SLOW = { timeout: 15000 };

describe('report landing page', () => {
  it('sends a User whose company has no ended survey to the start page', async () => {
    const unended = { ...company, surveys: [companySurvey('s3', 'Pulse', '2026-03-01', false)] };
    renderLanding('/report', 'USER', [
      pageMock('USER', false, [unended]),
      selectionMock(null, { comparableSurveys: [] }),
    ]);
    expect(await screen.findByText('start page', {}, SLOW)).toBeInTheDocument();
  });

  it('preselects the newest survey the role may read, as the dashboard does', async () => {
    // An Admin reads the open pulse survey; a User only the newest ended one.
    for (const [role, newest] of [
      ['ADMIN', 's3'],
      ['USER', 's2'],
    ] as const) {
      const { unmount } = renderLanding('/report', role, [
        pageMock(role),
        selectionMock(newest, surveyData(newest)),
      ]);
      await waitFor(
        () =>
          expect(screen.getByRole('link', { name: /Overall satisfaction/ })).toHaveAttribute(
            'href',
            `/report/currentsatisfaction?companyId=c1&surveyId=${newest}`,
          ),
        SLOW,
      );
      unmount();
    }
  });

  it('takes the company of a survey the address names without it, keeping the survey', async () => {
    renderLanding('/report?surveyId=s1', 'ADMIN', [
      pageMock('ADMIN'),
      selectionMock('s1', surveyData('s1')),
    ]);
    await waitFor(
      () =>
        expect(screen.getByRole('link', { name: /Overall satisfaction/ })).toHaveAttribute(
          'href',
          '/report/currentsatisfaction?companyId=c1&surveyId=s1',
        ),
      SLOW,
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Company' })).toHaveValue('Demo Oy'),
    );
  });

  it('shows a User only ended surveys and the tiles a User may open', async () => {
    const user = userEvent.setup();
    renderLanding('/report?companyId=c1&surveyId=s2', 'USER', [
      pageMock('USER'),
      selectionMock('s2', surveyData('s2', { baseSurveyId: 's1' })),
    ]);
    const tile = await screen.findByRole('link', { name: /Overall satisfaction/ }, SLOW);
    expect(tile).toHaveAttribute('href', '/report/currentsatisfaction?companyId=c1&surveyId=s2');
    // A trend survey: the most-important tiles are there but not links.
    expect(screen.queryByRole('link', { name: /Most important topics/ })).toBeNull();
    expect(screen.getByText('Most important topics')).toBeInTheDocument();
    // No AI assistant (users' setting off), no open comments (not shown), no all-data mode.
    expect(screen.queryByText('AI assistant')).toBeNull();
    expect(screen.queryByText('Open comments')).toBeNull();
    expect(screen.queryByText('All data')).toBeNull();
    expect(screen.getByRole('link', { name: /Report package/ })).toBeInTheDocument();
    await user.click(screen.getByLabelText('Survey', { selector: 'input' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Survey 2025', 'Survey 2024']);
  });

  it("tells a SuperUser when an open survey's results open, with every tile disabled", async () => {
    // A shared link to the open pulse survey: the gateway refuses its details (results_not_open).
    const refused: MockedResponse = {
      ...selectionMock('s3', {}),
      result: {
        data: { comparableSurveys: ended, survey: null, reportFilterChoices: null },
        errors: [
          new GraphQLError('Not allowed.', {
            extensions: { code: 'FORBIDDEN', reason: 'results_not_open' },
          }),
        ],
      },
    };
    renderLanding('/report?companyId=c1&surveyId=s3', 'SUPER_USER', [
      pageMock('SUPER_USER'),
      refused,
    ]);
    const notice = await screen.findByTestId('results-not-open', {}, SLOW);
    expect(notice).toHaveTextContent('Results of Pulse open when it ends on 18.12.2026.');
    // The chooser names the survey the notice names, not "Choose a survey".
    expect(screen.getByLabelText('Survey', { selector: 'input' })).toHaveValue('Pulse');
    expect(screen.queryByText('Not allowed.')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryAllByRole('link', { name: /Overall satisfaction|Index map/ })).toEqual([]);
    expect(screen.getAllByText('Opens when the survey ends').length).toBeGreaterThan(5);
  });

  it('links no tile while the chosen survey loads: which are disabled depends on it', async () => {
    // The survey (a trend survey) never arrives in this test.
    const pending = {
      ...selectionMock('s2', surveyData('s2', { baseSurveyId: 's1' })),
      delay: 60_000,
    };
    renderLanding('/report?companyId=c1&surveyId=s2', 'USER', [pageMock('USER'), pending]);
    expect(await screen.findByText('Most important topics', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Overall satisfaction')).toBeInTheDocument();
    expect(screen.queryAllByRole('link', { name: /Most important|Overall satisfaction/ })).toEqual(
      [],
    );
  });

  it('lets an Admin compare two surveys at most, the others disabled at the limit', async () => {
    const user = userEvent.setup();
    const { router } = renderLanding('/report?companyId=c1&surveyId=s3', 'ADMIN', [
      pageMock('ADMIN'),
      selectionMock('s3', surveyData('s3')),
      selectionMock('s2', surveyData('s2')),
      selectionMock('s1', surveyData('s1')),
    ]);
    expect(await screen.findByRole('link', { name: /AI assistant/ }, SLOW)).toHaveAttribute(
      'href',
      '/report/ask-kiddy?companyId=c1&surveyId=s3',
    );
    await user.click(screen.getByRole('radio', { name: 'Compare surveys' }));
    const box = (name: string) => screen.getByRole('checkbox', { name });
    // The open survey is offered because it is selected; the others are the ended ones.
    expect(box('Pulse')).toBeChecked();
    await user.click(box('Survey 2025'));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?companyId=c1&surveyId=s3&surveyId=s2'),
    );
    expect(box('Survey 2024')).toBeDisabled();
    await user.click(box('Pulse'));
    await waitFor(() => expect(router.state.location.search).toBe('?companyId=c1&surveyId=s2'));
    expect(box('Survey 2024')).toBeEnabled();
    await user.click(box('Survey 2024'));
    await user.click(screen.getByRole('radio', { name: 'Compare groups' }));
    // Switching keeps only the last compared survey.
    await waitFor(() => expect(router.state.location.search).toBe('?companyId=c1&surveyId=s1'));
  });

  it('offers the report language only to accounts with localized reports; it goes to lang', async () => {
    const user = userEvent.setup();
    const url = '/report?companyId=c1&surveyId=s1';
    const plain = renderLanding(url, 'SUPER_USER', [
      pageMock('SUPER_USER'),
      selectionMock('s1', surveyData('s1')),
    ]);
    await screen.findByRole('link', { name: /Overall satisfaction/ }, SLOW);
    expect(screen.queryByLabelText('Report language', { selector: 'input' })).toBeNull();
    plain.unmount();

    const { router } = renderLanding(url, 'SUPER_USER', [
      pageMock('SUPER_USER', true),
      selectionMock('s1', surveyData('s1')),
      selectionMock('s1', surveyData('s1'), 'sv'),
    ]);
    const select = await screen.findByLabelText('Report language', { selector: 'input' }, SLOW);
    expect(select).toHaveValue('English');
    await user.click(select);
    await user.click(screen.getByRole('option', { name: 'Svenska' }));
    await waitFor(() => expect(router.state.location.search).toContain('lang=sv'));
  });

  it('opens unit levels one by one or all at once; a search opens the matching levels', async () => {
    const user = userEvent.setup();
    const chosen: string[][] = [];
    const units = [
      { id: 'u1', name: 'Development', level: 1 },
      { id: 'u2', name: 'Sales', level: 1 },
      { id: 'u3', name: 'Mobile', level: 2 },
      { id: 'u4', name: 'Team Aurora', level: 3 },
    ];
    renderRoutes({
      routes: [
        {
          path: '/',
          element: (
            <UnitFilter units={units} selected={[]} onChange={(next) => chosen.push(next)} />
          ),
        },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Whole organisation' }));
    const level = (n: number) => screen.getByRole('button', { name: `Level ${n}` });
    // Levels start closed.
    expect(level(1)).toHaveAttribute('aria-expanded', 'false');
    await user.click(level(2));
    expect(level(2)).toHaveAttribute('aria-expanded', 'true');
    expect(level(1)).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('button', { name: 'Open all' }));
    for (const n of [1, 2, 3]) expect(level(n)).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Close all' }));
    for (const n of [1, 2, 3]) expect(level(n)).toHaveAttribute('aria-expanded', 'false');
    await user.type(screen.getByRole('textbox', { name: 'Search units' }), 'TEAM');
    expect(screen.queryByRole('button', { name: 'Level 1' })).toBeNull();
    expect(level(3)).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('checkbox', { name: 'Team Aurora' }));
    expect(chosen).toEqual([['u4']]);
  });
});
