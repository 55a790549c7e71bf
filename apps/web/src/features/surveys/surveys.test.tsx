import type { MockedResponse } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  CreateSurveyRoute_CompaniesDocument,
  CreateSurveyRoute_CompanyDataDocument,
  EditSurveyRoute_SurveyDocument,
  ParticipantsSection_ParticipantsDocument,
  SurveyDetailsRoute_SetShowOpenCommentsDocument,
  SurveyDetailsRoute_SurveyDocument,
  SurveysRoute_SurveysDocument,
  type SurveyOrderBy,
} from '../../__generated__/graphql';
import { nextSort } from '../../components/DataTable';
import { renderRoutes, testAccount, testSession } from '../../test/render';
import { CreateSurveyRoute } from './routes/CreateSurveyRoute';
import { EditSurveyRoute } from './routes/EditSurveyRoute';
import { SurveyDetailsRoute } from './routes/SurveyDetailsRoute';
import { SurveysRoute } from './routes/SurveysRoute';
import {
  AI_SETTINGS,
  BACKGROUND_SETTINGS,
  calendarLocale,
  canCreate,
  formatDay,
  ORDER_BY,
  SEARCH_DEBOUNCE_MS,
  settingLocks,
  SHOW_COMMENTS_DEBOUNCE_MS,
  trackingAllowed,
} from './surveyRules';

describe('survey rules', () => {
  it('locks every setting of an old survey, background ones once invited, AI ones only when old', () => {
    expect(settingLocks({ settings: null, hasStarted: false })).toEqual({
      background: true,
      ai: true,
    });
    expect(settingLocks({ settings: {}, hasStarted: true })).toEqual({
      background: true,
      ai: false,
    });
    expect(settingLocks({ settings: {}, hasStarted: false })).toEqual({
      background: false,
      ai: false,
    });
  });

  it('starts at created descending; the same column toggles, a new one starts ascending', () => {
    const start = { by: 'created', direction: 'DESC' as const };
    expect(nextSort(start, 'created')).toEqual({ by: 'created', direction: 'ASC' });
    expect(nextSort(start, 'name')).toEqual({ by: 'name', direction: 'ASC' });
    expect(nextSort({ by: 'name', direction: 'ASC' }, 'name')).toEqual({
      by: 'name',
      direction: 'DESC',
    });
    expect(ORDER_BY).toEqual({
      name: 'NAME',
      created: 'CREATED',
      invitesSent: 'INVITES_SENT',
      finished: 'FINISHED',
    });
  });

  it('allows tracking only with an ended survey and creating only with every field', () => {
    expect(trackingAllowed({ latestEndedSurvey: { id: 's1' } })).toBe(true);
    expect(trackingAllowed({ latestEndedSurvey: null })).toBe(false);
    expect(trackingAllowed(undefined)).toBe(false);
    expect(canCreate({ name: 'A', shortName: 'B', companyId: 'c' })).toBe(true);
    expect(canCreate({ name: ' ', shortName: 'B', companyId: 'c' })).toBe(false);
    expect(canCreate({ name: 'A', shortName: 'B', companyId: null })).toBe(false);
  });

  it('shows days as d.M.yyyy and picks the calendar language', () => {
    expect(formatDay(new Date(2026, 2, 5, 12).toISOString())).toBe('5.3.2026');
    expect(formatDay(null)).toBe('');
    expect(calendarLocale('fi-FI')).toBe('fi');
    expect(calendarLocale('sv')).toBe('sv');
    expect(calendarLocale('de')).toBe('en');
  });
});

const row = (
  n: number,
  name = `Survey ${n}`,
  state: { hasStarted: boolean; hasEnded: boolean; finished?: string | null } = {
    hasStarted: false,
    hasEnded: false,
  },
) => ({
  __typename: 'Survey',
  id: `s${n}`,
  name,
  created: new Date(2026, 0, n, 12).toISOString(),
  invitesSent: null,
  finished: state.finished ?? null,
  hasStarted: state.hasStarted,
  hasEnded: state.hasEnded,
  company: { __typename: 'Company', id: 'c1', name: 'Demo Oy' },
});

function listMock(
  vars: { orderBy: SurveyOrderBy; direction: 'ASC' | 'DESC'; search?: string },
  records: ReturnType<typeof row>[],
): MockedResponse {
  return {
    request: {
      query: SurveysRoute_SurveysDocument,
      // A search carries the browser's time zone: a date typed in it is a day there.
      variables: {
        skip: 0,
        take: 10,
        ...vars,
        ...(vars.search ? { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone } : {}),
      },
    },
    result: {
      data: {
        surveys: { __typename: 'SurveyPage', totalRecords: records.length, records },
      },
    },
  };
}

const admin = () => testSession({ account: testAccount() });

// Rendering whole screens is slow on a busy machine; the rules themselves are checked above.
describe('the survey list', () => {
  it('sorts by created descending first, then toggles a column it is asked to sort by', async () => {
    const user = userEvent.setup();
    renderRoutes({
      routes: [{ path: '/surveys', element: <SurveysRoute /> }],
      initialEntries: ['/surveys'],
      session: admin(),
      mocks: [
        listMock({ orderBy: 'CREATED', direction: 'DESC' }, [row(2), row(1)]),
        listMock({ orderBy: 'NAME', direction: 'ASC' }, [row(3, 'Alpha')]),
        listMock({ orderBy: 'NAME', direction: 'DESC' }, [row(4, 'Omega')]),
      ],
    });
    expect(await screen.findByText('Survey 2')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Surveys' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('2.1.2026');
    expect(screen.getByRole('link', { name: 'Details of Survey 2' })).toHaveAttribute(
      'href',
      '/surveys/details/s2',
    );
    expect(screen.getByRole('link', { name: 'New survey' })).toHaveAttribute(
      'href',
      '/surveys/create',
    );
    await user.click(screen.getByRole('button', { name: /Survey name/ }));
    expect(await screen.findByText('Alpha')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Survey name/ }));
    expect(await screen.findByText('Omega')).toBeInTheDocument();
  });

  it('shows each survey\'s status (not started, open, ended) and its end date under "End date"', async () => {
    const planned = new Date(2026, 11, 18, 12).toISOString();
    renderRoutes({
      routes: [{ path: '/surveys', element: <SurveysRoute /> }],
      initialEntries: ['/surveys'],
      session: admin(),
      mocks: [
        listMock({ orderBy: 'CREATED', direction: 'DESC' }, [
          row(3, 'Planned'),
          row(2, 'Pulse', { hasStarted: true, hasEnded: false, finished: planned }),
          row(1, 'Old', { hasStarted: true, hasEnded: true, finished: planned }),
        ]),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Surveys' });
    await within(table).findByText('Pulse');
    expect(within(table).getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /^End date/ })).toBeInTheDocument();
    const status = (name: string) =>
      within(within(table).getByRole('row', { name: new RegExp(name) }));
    expect(status('Planned').getByText('Not started')).toBeInTheDocument();
    expect(status('Pulse').getByText('Open')).toBeInTheDocument();
    expect(status('Pulse').getByText('18.12.2026')).toBeInTheDocument();
    expect(status('Old').getByText('Ended')).toBeInTheDocument();
  });

  it('searches only once typing has paused for 500 ms', async () => {
    const user = userEvent.setup();
    renderRoutes({
      routes: [{ path: '/surveys', element: <SurveysRoute /> }],
      initialEntries: ['/surveys'],
      session: admin(),
      // No mock for "p" or "pu": a search per keystroke would fail the query.
      mocks: [
        listMock({ orderBy: 'CREATED', direction: 'DESC' }, [row(1)]),
        listMock({ orderBy: 'CREATED', direction: 'DESC', search: 'pul' }, [row(5, 'Pulse')]),
      ],
    });
    await screen.findByText('Survey 1');
    await user.type(screen.getByRole('searchbox', { name: 'Search surveys' }), 'pul');
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS - 200));
    expect(screen.queryByText('Pulse')).not.toBeInTheDocument();
    expect(await screen.findByText('Pulse', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

const allSettings = (value: boolean) => ({
  __typename: 'SurveySettings',
  ...Object.fromEntries([...BACKGROUND_SETTINGS, ...AI_SETTINGS].map((name) => [name, value])),
});

function renderEdit(survey: { settings: object | null; hasStarted: boolean }) {
  return renderRoutes({
    routes: [{ path: '/surveys/edit/:id', element: <EditSurveyRoute /> }],
    initialEntries: ['/surveys/edit/s1'],
    session: admin(),
    mocks: [
      {
        request: { query: EditSurveyRoute_SurveyDocument, variables: { id: 's1' } },
        result: {
          data: {
            survey: {
              __typename: 'Survey',
              id: 's1',
              name: 'Pulse',
              surveyEndMessage: 'Thanks',
              ...survey,
            },
          },
        },
      },
    ],
  });
}

describe('the edit survey screen', () => {
  it('locks the background switches of an invited survey, not the AI switches', async () => {
    renderEdit({ settings: allSettings(true), hasStarted: true });
    expect(await screen.findByRole('switch', { name: 'Ask age group' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Ask working hours' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'AI assistant for managers' })).toBeEnabled();
    expect(screen.getByLabelText('End-of-survey text')).toHaveValue('Thanks');
  });

  it('locks every switch of an old survey whose settings are null', async () => {
    renderEdit({ settings: null, hasStarted: false });
    await screen.findByText('This is an old survey: its settings cannot be changed.');
    for (const toggle of screen.getAllByRole('switch')) expect(toggle).toBeDisabled();
  });

  it('leaves every switch open before invitations', async () => {
    renderEdit({ settings: allSettings(false), hasStarted: false });
    await screen.findByRole('switch', { name: 'Ask age group' });
    for (const toggle of screen.getAllByRole('switch')) expect(toggle).toBeEnabled();
  });
});

describe('the create survey screen', () => {
  const companies: MockedResponse = {
    request: { query: CreateSurveyRoute_CompaniesDocument },
    result: {
      data: {
        companyChoices: [
          { __typename: 'Company', id: 'c1', name: 'Demo Oy' },
          { __typename: 'Company', id: 'c2', name: 'Exempel Ab' },
        ],
      },
    },
  };
  const companyData = (
    companyId: string,
    openSurvey: { id: string; name: string } | null,
    latestEndedSurvey: { id: string; name: string } | null,
  ): MockedResponse => ({
    request: { query: CreateSurveyRoute_CompanyDataDocument, variables: { companyId } },
    result: {
      data: {
        surveyCompanyData: {
          __typename: 'SurveyCompanyData',
          openSurvey: openSurvey && { __typename: 'Survey', ...openSurvey },
          latestEndedSurvey: latestEndedSurvey && { __typename: 'Survey', ...latestEndedSurvey },
        },
      },
    },
  });

  it('offers tracking only with an ended survey and blocks a parallel survey', async () => {
    const user = userEvent.setup();
    renderRoutes({
      routes: [{ path: '/surveys/create', element: <CreateSurveyRoute /> }],
      initialEntries: ['/surveys/create'],
      session: admin(),
      mocks: [
        companies,
        companyData('c2', null, { id: 'old', name: 'Kysely 2025' }),
        companyData('c1', { id: 'open', name: 'Pulse' }, null),
      ],
    });
    expect(screen.getByRole('checkbox', { name: 'Tracking survey' })).toBeDisabled();

    await user.click(screen.getByRole('combobox', { name: /Company/ }));
    await user.click(await screen.findByRole('option', { name: 'Exempel Ab' }));
    const tracking = await screen.findByRole('checkbox', {
      name: 'Tracking survey (builds on Kysely 2025)',
    });
    expect(tracking).toBeEnabled();

    await user.click(screen.getByRole('combobox', { name: /Company/ }));
    await user.click(await screen.findByRole('option', { name: 'Demo Oy' }));
    expect(
      await screen.findByText(
        'Parallel surveys cannot be made: the company has a survey that has not ended.',
      ),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'New');
    await user.type(screen.getByRole('textbox', { name: /Short name/ }), 'N');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Create survey' })).toBeDisabled(),
    );
  });
});

describe('the survey details screen', () => {
  const survey = (showOpenComments: string | null) => ({
    __typename: 'Survey',
    id: 's1',
    name: 'Pulse',
    shortName: 'P',
    companyId: 'c1',
    company: { __typename: 'Company', id: 'c1', name: 'Demo Oy' },
    baseSurveyId: null,
    tracking: false,
    created: new Date(2026, 0, 5, 12).toISOString(),
    invitesSent: null,
    finished: null,
    hasStarted: false,
    hasEnded: false,
    showOpenComments,
    participantCount: 4,
    finishedCount: 1,
  });

  it('offers an ended survey no invitations or reminders, says why, and shows its end date once', async () => {
    const ended = {
      ...survey(null),
      hasStarted: true,
      hasEnded: true,
      finished: new Date(2026, 9, 31, 12).toISOString(),
    };
    renderRoutes({
      routes: [{ path: '/surveys/details/:id', element: <SurveyDetailsRoute /> }],
      initialEntries: ['/surveys/details/s1'],
      session: admin(),
      mocks: [
        {
          request: { query: SurveyDetailsRoute_SurveyDocument, variables: { id: 's1' } },
          result: { data: { survey: ended } },
        },
        {
          request: { query: ParticipantsSection_ParticipantsDocument, variables: () => true },
          result: {
            data: {
              survey: {
                __typename: 'Survey',
                id: 's1',
                participants: { __typename: 'ParticipantPage', totalRecords: 0, records: [] },
              },
            },
          },
        },
      ],
    });
    expect(
      await screen.findByText(
        'The survey has ended: invitations and reminders can no longer be sent.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send invitations' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send reminders' })).toBeNull();
    expect(screen.getAllByText('End date')).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'Ask about this survey' })).toHaveAttribute(
      'href',
      '/report/ask-kiddy?surveyId=s1',
    );
  });

  it('saves the show-open-comments toggle once, 500 ms after the last change', async () => {
    const saved = vi.fn((variables: { from?: string | null }) => ({
      data: {
        setShowOpenComments: {
          __typename: 'SurveyResult',
          ok: true,
          fieldErrors: [],
          survey: survey(variables.from ?? null),
        },
      },
    }));
    renderRoutes({
      routes: [{ path: '/surveys/details/:id', element: <SurveyDetailsRoute /> }],
      initialEntries: ['/surveys/details/s1'],
      session: admin(),
      mocks: [
        {
          request: { query: SurveyDetailsRoute_SurveyDocument, variables: { id: 's1' } },
          result: { data: { survey: survey(null) } },
        },
        {
          // The participants section below the facts (features/participants).
          request: { query: ParticipantsSection_ParticipantsDocument, variables: () => true },
          result: {
            data: {
              survey: {
                __typename: 'Survey',
                id: 's1',
                participants: { __typename: 'ParticipantPage', totalRecords: 0, records: [] },
              },
            },
          },
        },
        {
          request: {
            query: SurveyDetailsRoute_SetShowOpenCommentsDocument,
            variables: (variables: Record<string, unknown>) => variables.id === 's1',
          },
          result: saved,
          maxUsageCount: 5,
        },
      ],
    });
    expect(await screen.findByText('4 participants, 1 finished (25 %)')).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Show open comments' });
    // Three quick changes in one go (userEvent's paced clicks can lie more than 500 ms apart on a
    // busy machine, which would rightly save each of them).
    fireEvent.click(toggle);
    fireEvent.click(toggle);
    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(saved).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, SHOW_COMMENTS_DEBOUNCE_MS + 500));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(saved.mock.calls[0]?.[0]).toMatchObject({ id: 's1', from: expect.any(String) });
  });
});
