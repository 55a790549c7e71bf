import type { MockedResponse } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { LogsRoute_DeliveryLogDocument, type DeliveryLogFilter } from '../../__generated__/graphql';
import { renderRoutes, testAccount, testSession } from '../../test/render';
import {
  calendarLocale,
  EMPTY_FILTER,
  endDateMin,
  formatLogDate,
  startDateMax,
  toDeliveryLogFilter,
  validDay,
  withEndDate,
  withStartDate,
} from './logFilter';
import { LogsRoute } from './routes/LogsRoute';

describe('log filter rules', () => {
  it('bounds the pickers: end not before start, start not after end, 1900 to 2100', () => {
    expect(endDateMin(EMPTY_FILTER)).toBe('1900-01-01');
    expect(startDateMax(EMPTY_FILTER)).toBe('2100-12-31');
    const range = { ...EMPTY_FILTER, startDate: '2026-03-05', endDate: '2026-03-20' };
    expect(endDateMin(range)).toBe('2026-03-05');
    expect(startDateMax(range)).toBe('2026-03-20');
  });

  it('never lets start lie after end, whichever is set', () => {
    const range = { ...EMPTY_FILTER, startDate: '2026-03-05', endDate: '2026-03-20' };
    expect(withStartDate(range, '2026-03-25')).toMatchObject({
      startDate: '2026-03-25',
      endDate: '2026-03-25',
    });
    expect(withEndDate(range, '2026-03-01')).toMatchObject({
      startDate: '2026-03-01',
      endDate: '2026-03-01',
    });
    expect(withStartDate(range, null)).toMatchObject({ startDate: null, endDate: '2026-03-20' });
    expect(withEndDate(range, '2026-03-10')).toMatchObject({
      startDate: '2026-03-05',
      endDate: '2026-03-10',
    });
  });

  it('keeps only real days from 1900 to 2100', () => {
    expect(validDay('2026-03-05')).toBe('2026-03-05');
    expect(validDay('2026-02-30')).toBeNull();
    expect(validDay('1899-12-31')).toBeNull();
    expect(validDay('2101-01-01')).toBeNull();
    expect(validDay('26-3-5')).toBeNull();
    expect(validDay('')).toBeNull();
  });

  it('builds the query from the set values only, skipping empty ones', () => {
    expect(toDeliveryLogFilter(EMPTY_FILTER, 'Europe/Helsinki')).toEqual({});
    expect(toDeliveryLogFilter({ ...EMPTY_FILTER, query: '   ' }, 'Europe/Helsinki')).toEqual({});
    expect(
      toDeliveryLogFilter(
        {
          event: 'soft_bounce',
          startDate: '2026-03-01',
          endDate: null,
          onlyErrors: true,
          query: ' demo.test ',
        },
        'Europe/Helsinki',
      ),
    ).toEqual({
      event: 'SOFT_BOUNCE',
      startDate: '2026-03-01',
      timeZone: 'Europe/Helsinki',
      query: 'demo.test',
      hasReason: true,
    });
  });

  it('shows times as d.M.yyyy HH:mm:ss and picks the calendar language', () => {
    expect(formatLogDate(new Date(2026, 2, 5, 9, 4, 9).toISOString())).toBe('5.3.2026 09:04:09');
    expect(formatLogDate(new Date(2026, 10, 22, 23, 0, 0).toISOString())).toBe(
      '22.11.2026 23:00:00',
    );
    expect(calendarLocale('fi-FI')).toBe('fi');
    expect(calendarLocale('sv')).toBe('sv');
    expect(calendarLocale('en-US')).toBe('en');
    expect(calendarLocale('de')).toBe('en');
  });
});

const entry = (n: number, overrides: Record<string, unknown> = {}) => ({
  __typename: 'DeliveryLogEntry',
  id: String(n),
  date: new Date(2026, 2, 5, 9, 0, n).toISOString(),
  event: 'DELIVERED',
  email: `person${n}@demo.test`,
  subject: 'Confirm your Survey Console account',
  reason: null,
  ...overrides,
});

function logMock(
  filter: DeliveryLogFilter,
  records: ReturnType<typeof entry>[],
  options: { skip?: number; totalRecords?: number } = {},
): MockedResponse {
  return {
    request: {
      query: LogsRoute_DeliveryLogDocument,
      variables: { filter, skip: options.skip ?? 0, take: 50 },
    },
    result: {
      data: {
        deliveryLog: {
          __typename: 'DeliveryLogPage',
          totalRecords: options.totalRecords ?? records.length,
          records,
        },
      },
    },
  };
}

function renderLogs(mocks: MockedResponse[]) {
  return renderRoutes({
    routes: [{ path: '/logs', element: <LogsRoute /> }],
    initialEntries: ['/logs'],
    session: testSession({ account: testAccount() }),
    mocks,
  });
}

const table = () => screen.getByRole('table', { name: 'Email delivery events' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);

describe('the logs screen', () => {
  it('lists delivery events newest first with their time, event, recipient, subject and reason', async () => {
    renderLogs([
      logMock({}, [
        entry(2, { event: 'ERROR', reason: 'connect ECONNREFUSED 127.0.0.1:25' }),
        entry(1),
      ]),
    ]);
    expect(await screen.findByText('person2@demo.test')).toBeInTheDocument();
    const [first, second] = bodyRows();
    expect(first).toHaveTextContent('5.3.2026 09:00:02');
    expect(first).toHaveTextContent('Error');
    expect(first).toHaveTextContent('connect ECONNREFUSED 127.0.0.1:25');
    expect(second).toHaveTextContent('Delivered');
    expect(second).toHaveTextContent('Confirm your Survey Console account');
    expect(screen.getByRole('heading', { name: 'Email delivery log' })).toBeInTheDocument();
  });

  it('fetches again when a filter changes: only errors, event, and a submitted search', async () => {
    const user = userEvent.setup();
    renderLogs([
      logMock({}, [entry(1)]),
      logMock({ hasReason: true }, [entry(2, { event: 'ERROR', reason: 'refused' })]),
      logMock({ hasReason: true, event: 'ERROR' }, [
        entry(3, { event: 'ERROR', reason: 'refused' }),
      ]),
      logMock({ hasReason: true, event: 'ERROR', query: 'person4' }, [
        entry(4, { event: 'ERROR', reason: 'refused' }),
      ]),
    ]);
    await screen.findByText('person1@demo.test');

    await user.click(screen.getByRole('switch', { name: /Only errors/ }));
    expect(await screen.findByText('person2@demo.test')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Event' }));
    await user.click(await screen.findByRole('option', { name: 'Error' }));
    expect(await screen.findByText('person3@demo.test')).toBeInTheDocument();

    // Typing alone does not search; submitting does.
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), ' person4 ');
    expect(screen.getByText('person3@demo.test')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('person4@demo.test')).toBeInTheDocument();
  });

  it('pages 50 events at a time', async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 50 }, (_, i) => entry(60 - i));
    renderLogs([
      logMock({}, first, { totalRecords: 60 }),
      logMock({}, [entry(10)], { skip: 50, totalRecords: 60 }),
    ]);
    await screen.findByText('person60@demo.test');
    expect(bodyRows()).toHaveLength(50);
    expect(screen.getByText('Page 1 of 2, 60 in all')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('person10@demo.test')).toBeInTheDocument();
  });

  it('filters by a day picked in the calendar, shown as d.M.yyyy, and clears it', async () => {
    const user = userEvent.setup();
    const today = dayjs().format('YYYY-MM-DD');
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    renderLogs([
      logMock({}, [entry(1)]),
      logMock({ startDate: today, timeZone }, [entry(2)]),
      logMock({}, [entry(3)]),
    ]);
    await screen.findByText('person1@demo.test');
    await user.click(screen.getByRole('button', { name: 'From' }));
    await user.click(await screen.findByRole('button', { name: 'Today' }));
    expect(await screen.findByText('person2@demo.test')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'From' })).toHaveTextContent(
      dayjs().format('D.M.YYYY'),
    );
    await user.click(screen.getByRole('button', { name: 'Clear date' }));
    expect(await screen.findByText('person3@demo.test')).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    renderLogs([logMock({}, [])]);
    expect(await screen.findByText('No delivery events match the filters.')).toBeInTheDocument();
  });
});
