import type { MockedResponse } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  AdminDashboardRouteDocument,
  DashboardRouteDocument,
  DashboardWidgetsDocument,
  type AdminDashboardRouteQuery,
  type DashboardRouteQuery,
  type DashboardWidgetsQuery,
  type Role,
} from '../../__generated__/graphql';
import { AuthenticatedRoute } from '../../components/guards/AuthenticatedRoute';
import { ADMIN_ONLY } from '../../lib/roles';
import { renderRoutes, testAccount, testSession } from '../../test/render';
import {
  hasNothingYet,
  preselect,
  resolveSelection,
  selectableCompanies,
  selectCompany,
  showsExtraSection,
  surveyStatus,
  type DashboardCompany,
  type DashboardSurvey,
} from './dashboard/dashboardRules';
import { AdminDashboardRoute } from './routes/AdminDashboardRoute';
import { DashboardRoute } from './routes/DashboardRoute';

function survey(id: string, overrides: Partial<DashboardSurvey> = {}): DashboardSurvey {
  return {
    id,
    name: `Survey ${id}`,
    created: '2025-01-10T08:00:00Z',
    invitesSent: '2025-01-15T08:00:00Z',
    finished: '2025-02-15T00:00:00Z',
    hasStarted: true,
    hasEnded: true,
    baseSurveyId: null,
    ...overrides,
  };
}

function company(id: string, surveys: DashboardSurvey[]): DashboardCompany {
  return { id, name: `Company ${id}`, surveys };
}

const ended = survey('ended', { created: '2025-01-10T08:00:00Z' });
const open = survey('open', { created: '2025-06-01T08:00:00Z', hasEnded: false, finished: null });
const notStarted = survey('draft', {
  created: '2025-09-01T08:00:00Z',
  invitesSent: null,
  hasStarted: false,
  hasEnded: false,
  finished: null,
});

/** Whether the API lets an account of the role read unended surveys, as its account answer says. */
const sees = (role: Role) => testAccount({ role }).seesUnendedSurveys;

describe('dashboard preselection', () => {
  it('with a single company preselects it and its latest started survey', () => {
    const companies = [company('a', [notStarted, open, ended])];
    expect(preselect(companies, sees('ADMIN'))).toEqual({ companyId: 'a', surveyId: 'open' });
    expect(preselect(companies, sees('PARTNER_ADMIN'))).toEqual({
      companyId: 'a',
      surveyId: 'open',
    });
  });

  it('counts only ended surveys for a SuperUser or a User', () => {
    const companies = [company('a', [notStarted, open, ended])];
    for (const role of ['SUPER_USER', 'USER'] as Role[]) {
      expect(preselect(companies, sees(role))).toEqual({ companyId: 'a', surveyId: 'ended' });
    }
  });

  it('with several companies picks the newest started survey of any of them', () => {
    const older = survey('older', { created: '2024-10-01T08:00:00Z' });
    const companies = [company('a', [older]), company('b', [ended, notStarted])];
    expect(preselect(companies, sees('ADMIN'))).toEqual({ companyId: 'b', surveyId: 'ended' });
  });

  it('offers only companies with at least one started survey', () => {
    const companies = [company('a', [notStarted]), company('b', [open]), company('c', [])];
    expect(selectableCompanies(companies, sees('ADMIN')).map((entry) => entry.id)).toEqual(['b']);
    expect(selectableCompanies(companies, sees('USER'))).toEqual([]);
  });

  it('choosing a company selects its first (newest) survey', () => {
    const newer = survey('newer', { created: '2025-03-01T08:00:00Z' });
    const companies = [company('a', [open]), company('b', [ended, newer])];
    expect(selectCompany(companies, sees('USER'), 'b')).toEqual({
      companyId: 'b',
      surveyId: 'newer',
    });
    expect(selectCompany(companies, sees('USER'), 'a')).toBeNull();
  });

  it('keeps a survey the address names, and replaces one the role may not read', () => {
    const companies = [company('a', [open, ended])];
    expect(
      resolveSelection(companies, sees('ADMIN'), { companyId: 'a', surveyId: 'ended' }),
    ).toEqual({
      companyId: 'a',
      surveyId: 'ended',
    });
    expect(resolveSelection(companies, sees('USER'), { companyId: 'a', surveyId: 'open' })).toEqual(
      {
        companyId: 'a',
        surveyId: 'ended',
      },
    );
    expect(resolveSelection(companies, sees('ADMIN'), { companyId: null, surveyId: null })).toEqual(
      {
        companyId: 'a',
        surveyId: 'open',
      },
    );
  });

  it('has nothing to show when no company has surveys', () => {
    expect(hasNothingYet([company('a', []), company('b', [])], sees('ADMIN'))).toBe(true);
    expect(hasNothingYet([company('a', [ended])], sees('USER'))).toBe(false);
  });
});

describe('survey status text', () => {
  const now = new Date(2026, 2, 10, 14, 0);
  it('says the survey ends today when the end date is today', () => {
    const today = new Date(2026, 2, 10, 23, 0).toISOString();
    expect(surveyStatus({ finished: today, invitesSent: '2026-02-01T08:00:00Z' }, now)).toEqual({
      kind: 'endsToday',
      end: '10.3.2026',
    });
  });

  it('says it is open with the days left and the end date when the end is later', () => {
    const later = new Date(2026, 2, 13, 0, 0).toISOString();
    expect(surveyStatus({ finished: later, invitesSent: '2026-02-01T08:00:00Z' }, now)).toEqual({
      kind: 'open',
      daysLeft: 3,
      end: '13.3.2026',
    });
  });

  it('says it has ended with the start and end dates otherwise', () => {
    const start = new Date(2026, 0, 5, 9, 0).toISOString();
    const end = new Date(2026, 1, 28, 0, 0).toISOString();
    expect(surveyStatus({ finished: end, invitesSent: start }, now)).toEqual({
      kind: 'ended',
      start: '5.1.2026',
      end: '28.2.2026',
    });
  });

  it('says nothing without an end date or an invitation date', () => {
    expect(surveyStatus({ finished: null, invitesSent: '2026-02-01T08:00:00Z' }, now)).toBeNull();
    expect(surveyStatus({ finished: '2026-04-01T00:00:00Z', invitesSent: null }, now)).toBeNull();
  });
});

describe('the extra dashboard section', () => {
  const recent = { baseSurveyId: null, created: '2024-09-02T08:00:00Z' };
  it('shows for a new survey that is not a trend survey to Admin, PartnerAdmin and SuperUser', () => {
    for (const role of ['ADMIN', 'PARTNER_ADMIN', 'SUPER_USER'] as Role[]) {
      expect(showsExtraSection(recent, role)).toBe(true);
    }
  });

  it('is left out for a User, a trend survey and a survey created up to 2024-08-01', () => {
    expect(showsExtraSection(recent, 'USER')).toBe(false);
    expect(showsExtraSection({ ...recent, baseSurveyId: 'base' }, 'ADMIN')).toBe(false);
    expect(showsExtraSection({ ...recent, created: '2024-07-31T08:00:00Z' }, 'ADMIN')).toBe(false);
  });
});

const demo = company('c1', [
  survey('s-open', {
    created: '2025-06-01T08:00:00Z',
    hasEnded: false,
    finished: '2099-06-30T00:00:00Z',
  }),
  survey('s-ended', { created: '2024-09-02T08:00:00Z' }),
]);

function choicesMock(companies: DashboardCompany[]): MockedResponse<DashboardRouteQuery> {
  return {
    request: { query: DashboardRouteDocument },
    result: { data: { companyChoices: companies } },
  };
}

const activity: DashboardWidgetsQuery['responseActivity'] = {
  count: 10,
  invited: 10,
  finishedCount: 4,
  byUnits: [
    {
      unitId: '999',
      wholeCompany: true,
      index: 0,
      name: 'Company c1',
      count: 10,
      invited: 10,
      finished: 4,
      responsePercentage: 40,
    },
  ],
};

/** The survey's units, which the dashboard's unit filter offers (read with the widgets). */
const unitChoices = {
  __typename: 'ReportFilterChoices' as const,
  units: [{ __typename: 'ReportUnitChoice' as const, id: 'u1', name: 'Development' }],
};

function renderDashboard(role: Role, mocks: MockedResponse[], entry = '/dashboard') {
  return renderRoutes({
    routes: [{ path: '/dashboard', element: <DashboardRoute /> }],
    initialEntries: [entry],
    session: testSession({ account: testAccount({ role }) }),
    mocks,
  });
}

describe('DashboardRoute', () => {
  it('says "Nothing here yet" when no company has surveys', async () => {
    renderDashboard('ADMIN', [choicesMock([company('c1', []), company('c2', [])])]);
    expect(await screen.findByText('Nothing here yet')).toBeInTheDocument();
  });

  it('shows an open survey (Admin) with only the response activity and its status', async () => {
    const widgets: MockedResponse<DashboardWidgetsQuery> = {
      request: {
        query: DashboardWidgetsDocument,
        variables: (variables) => variables.surveyId === 's-open' && !variables.ended,
      },
      result: { data: { reportFilterChoices: unitChoices, responseActivity: activity } },
    };
    const { router } = renderDashboard('ADMIN', [choicesMock([demo]), widgets]);
    const responses = await screen.findByTestId('widget-responses');
    expect(await within(responses).findByText('4 of 10 answered')).toBeInTheDocument();
    expect(within(responses).getByTestId('survey-status')).toHaveTextContent(
      /The survey is open: \d+ days left, it ends on 30\.6\.2099\./,
    );
    expect(screen.queryByTestId('widget-enps')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?companyId=c1&surveyId=s-open');
    // The unit filter offers the units read with the widgets (no request of its own).
    await userEvent.click(screen.getByRole('combobox', { name: 'Units' }));
    expect(await screen.findByRole('option', { name: 'Development' })).toBeInTheDocument();
  });

  it('shows an ended survey: a dash for empty widgets and a failed read on its own widget', async () => {
    const widgets: MockedResponse<DashboardWidgetsQuery> = {
      request: {
        query: DashboardWidgetsDocument,
        variables: (variables) => variables.surveyId === 's-ended' && variables.ended,
      },
      result: {
        data: {
          reportFilterChoices: unitChoices,
          responseActivity: activity,
          lIndexTrend: [],
          report: {
            lIndex: { groups: [] },
            enps: null,
            realizations: { datasets: [], criteria: [] },
            changeJobWillingness: {
              suppressed: false,
              suppressedBecause: null,
              participants: 10,
              willing: 3,
              share: 30,
            },
          },
        },
        errors: [{ message: 'eNPS could not be read', path: ['report', 'enps'] }],
      },
    };
    renderDashboard(
      'SUPER_USER',
      [choicesMock([demo]), widgets],
      '/dashboard?companyId=c1&surveyId=s-ended',
    );
    const enps = await screen.findByTestId('widget-enps');
    // The server's own words never reach the page (issue 28): a translated text instead.
    expect(await within(enps).findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again.',
    );
    for (const id of ['widget-lindex', 'widget-trend', 'widget-realizations']) {
      expect(within(screen.getByTestId(id)).getByLabelText('No data')).toHaveTextContent('–');
    }
    expect(
      within(screen.getByTestId('widget-responses')).getByText('4 of 10 answered'),
    ).toBeInTheDocument();
    // Created after 2024-08-01, not a trend survey, a SuperUser: the extra section shows.
    expect(within(screen.getByTestId('widget-changejob')).getByText('30 %')).toBeInTheDocument();
  });

  it('never offers a SuperUser a survey that has not ended', async () => {
    const widgets: MockedResponse<DashboardWidgetsQuery> = {
      request: { query: DashboardWidgetsDocument, variables: () => true },
      result: {
        data: {
          reportFilterChoices: unitChoices,
          responseActivity: activity,
          lIndexTrend: [],
          report: null,
        },
      },
    };
    const { router } = renderDashboard(
      'USER',
      [choicesMock([demo]), widgets],
      '/dashboard?companyId=c1&surveyId=s-open',
    );
    await screen.findByTestId('dashboard-ended');
    expect(router.state.location.search).toBe('?companyId=c1&surveyId=s-ended');
    expect(screen.queryByTestId('widget-changejob')).not.toBeInTheDocument();
  });
});

function rollup(prefix: string, count: number, value: (index: number) => number) {
  return Array.from({ length: count }, (_, index) => ({
    __typename: 'RollupEntry' as const,
    surveyId: `${prefix}${index}`,
    surveyName: `${prefix} survey ${index}`,
    companyName: 'Demo Oy',
    value: value(index),
  }));
}

// The lists come through a fragment: the cache matches it by __typename.
function lists(currentYear: ReturnType<typeof rollup>, allTime: ReturnType<typeof rollup>) {
  return { __typename: 'RollupLists' as const, currentYear, allTime };
}

const adminData: AdminDashboardRouteQuery = {
  topRollups: {
    enps: lists(
      rollup('ey', 1, () => 12.4),
      rollup('ea', 2, (i) => 40 - i),
    ),
    sIndex: lists(
      [],
      rollup('sa', 1, () => 71.6),
    ),
    lIndex: lists(
      rollup('ly', 1, () => 66.2),
      rollup('la', 1, () => 66.2),
    ),
  },
  endingSurveys: Array.from({ length: 7 }, (_, index) => ({
    id: `end${index}`,
    name: `Ending ${index}`,
    invitesSent: '2026-01-05T08:00:00Z',
    finished: '2099-01-31T00:00:00Z',
    participantCount: 20,
    finishedCount: index,
    company: { id: 'c1', name: 'Demo Oy' },
  })),
};

describe('AdminDashboardRoute', () => {
  const mocks = [{ request: { query: AdminDashboardRouteDocument }, result: { data: adminData } }];
  const routes = [
    {
      element: <AuthenticatedRoute roles={ADMIN_ONLY} />,
      children: [{ path: '/Admindashboard', element: <AdminDashboardRoute /> }],
    },
    { path: '/unauthorized', element: <p>unauthorized</p> },
  ];

  it('lists the top 20 of the current year or of all time, with rounded values', async () => {
    renderRoutes({
      routes,
      initialEntries: ['/Admindashboard'],
      session: testSession({ account: testAccount({ role: 'ADMIN' }) }),
      mocks,
    });
    const enps = await screen.findByTestId('top-enps');
    expect(await within(enps).findByText('+12')).toBeInTheDocument();
    await userEvent.click(within(enps).getByText('All time'));
    expect(within(enps).getByText('+40')).toBeInTheDocument();
    expect(within(enps).getByText('+39')).toBeInTheDocument();
    // An empty list says why it is empty.
    expect(
      within(screen.getByTestId('top-sindex')).getByText(
        /No survey has ended this year with at least/,
      ),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('top-lindex')).getByText('66')).toBeInTheDocument();
  });

  it('shows the ending surveys 5 per page with an edit link to the survey details', async () => {
    renderRoutes({
      routes,
      initialEntries: ['/Admindashboard'],
      session: testSession({ account: testAccount({ role: 'ADMIN' }) }),
      mocks,
    });
    const table = await screen.findByRole('table', { name: 'Ending surveys' });
    expect(await within(table).findByText('Ending 0')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(within(table).getByText('0 / 20')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Edit Ending 0' })).toHaveAttribute(
      'href',
      '/surveys/details/end0',
    );
    expect(within(table).queryByText('Ending 5')).not.toBeInTheDocument();
  });

  it('is for Admins only', () => {
    const { router } = renderRoutes({
      routes,
      initialEntries: ['/Admindashboard'],
      session: testSession({ account: testAccount({ role: 'USER' }) }),
      mocks,
    });
    expect(router.state.location.pathname).toBe('/unauthorized');
  });
});
