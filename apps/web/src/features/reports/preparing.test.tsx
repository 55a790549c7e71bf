import { GraphQLError } from 'graphql';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LMapRouteDocument } from '../../__generated__/graphql';
import { renderRoutes, testAccount, testSession } from '../../test/render';
import { LMapRoute } from './routes/LMapRoute';

const SURVEY = 's1';
const session = () => testSession({ account: testAccount({ role: 'ADMIN', language: 'en-US' }) });

const indexMap = {
  reportFilterChoices: {
    __typename: 'ReportFilterChoices',
    units: [{ __typename: 'ReportUnitChoice', id: 'u1', name: 'Sales', level: 1 }],
    background: [],
    groupings: [
      { __typename: 'ReportGroupingChoice', grouping: 'UNIT_LEVEL_1', name: 'Unit level 1' },
    ],
  },
  report: {
    __typename: 'Report',
    indexMap: {
      __typename: 'IndexMap',
      title: 'Index map',
      subtitle: 'Demo Oy – Survey',
      criteria: [{ __typename: 'Criterion', id: 2, name: 'Meaningful work' }],
      rows: [
        {
          __typename: 'IndexMapRow',
          grouping: 'UNIT_LEVEL_1',
          name: 'Sales',
          suppressed: false,
          suppressedBecause: null,
          participants: 12,
          values: [40],
          lIndex: 100,
        },
      ],
    },
  },
};

// The gateway's answer while the survey's anonymity gate is built (docs/graphql-errors.md).
const preparing = (retryAfter: number) => ({
  data: { reportFilterChoices: null, report: null },
  errors: [
    new GraphQLError("The survey's results are being prepared.", {
      extensions: { code: 'RESULTS_PREPARING', retryAfter },
    }),
  ],
});

describe('a report page while its survey’s results are being prepared', () => {
  it('says so instead of an error, reads again on its own after Retry-After and then shows the results', async () => {
    const request = { query: LMapRouteDocument, variables: () => true };
    renderRoutes({
      routes: [{ path: '/report/lmap', element: <LMapRoute /> }],
      initialEntries: [`/report/lmap?surveyId=${SURVEY}`],
      session: session(),
      // Refused twice (the second read again is refused too), then answered.
      mocks: [
        { request, result: preparing(1) },
        { request, result: preparing(1) },
        { request, result: { data: indexMap } },
      ],
    });
    const notice = await screen.findByTestId('results-preparing');
    expect(notice).toHaveTextContent('The results are being prepared…');
    expect(notice).toHaveTextContent('This page tries again on its own.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    // Nobody clicks anything: the page reads again after each refusal's second.
    const table = await screen.findByRole('table', { name: /Index map/ }, { timeout: 8_000 });
    expect(table).toHaveTextContent('Sales');
    await waitFor(() => expect(screen.queryByTestId('results-preparing')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  }, 20_000);
});
