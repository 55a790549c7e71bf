import { GraphQLError } from 'graphql';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SupervisorsRoute_OverviewDocument } from '../../__generated__/graphql';
import { renderRoutes, testAccount, testSession } from '../../test/render';
import { SupervisorOverviewPanel } from './components/SupervisorOverviewPanel';

const SURVEY = 's1';
const session = () => testSession({ account: testAccount({ role: 'ADMIN', language: 'en-US' }) });

const unit = (name: string, fields: Record<string, unknown>) => ({
  __typename: 'SupervisorUnit',
  unitId: name,
  name,
  level: 1,
  supervisors: [
    {
      __typename: 'Supervisor',
      id: `boss-${name}`,
      displayName: `Boss ${name}`,
      email: 'b@x.test',
    },
  ],
  participants: 10,
  finished: 6,
  responseRate: 60,
  lIndex: null,
  suppressedBecause: null,
  lastSentAt: null,
  lastSentPackageId: null,
  lastStatus: null,
  ...fields,
});

const overview = {
  supervisorOverview: {
    __typename: 'SupervisorOverview',
    surveyId: SURVEY,
    surveyName: 'Survey',
    hasEnded: true,
    trend: false,
    companyIndex: { __typename: 'GatedIndex', lIndex: 70, suppressedBecause: null },
    run: {
      __typename: 'SupervisorRun',
      id: 'r1',
      total: 2,
      done: 2,
      sent: 1,
      createdAt: '2026-11-27T10:00:00.000Z',
      finishedAt: '2026-11-27T10:01:00.000Z',
    },
    units: [
      unit('Big', {
        lIndex: 72,
        lastSentAt: '2026-11-27T10:01:00.000Z',
        lastSentPackageId: 'p1',
        lastStatus: 'SENT',
      }),
      unit('Small', {
        finished: 2,
        responseRate: 20,
        suppressedBecause: 'BELOW_THRESHOLD',
        lastStatus: 'BELOW_THRESHOLD',
      }),
    ],
  },
};

// The gateway's answer while the survey's anonymity gate is built (docs/graphql-errors.md).
const preparing = {
  data: { supervisorOverview: null },
  errors: [
    new GraphQLError("The survey's results are being prepared.", {
      extensions: { code: 'RESULTS_PREPARING', retryAfter: 1 },
    }),
  ],
};

describe('the Supervisors page', () => {
  it('says the results are being prepared, reads again on its own, then says why a unit below T got no package', async () => {
    const request = { query: SupervisorsRoute_OverviewDocument, variables: () => true };
    renderRoutes({
      routes: [
        {
          path: '/supervisors',
          element: (
            <SupervisorOverviewPanel
              surveyId={SURVEY}
              role="ADMIN"
              meId="me"
              level={null}
              withoutSupervisor={false}
            />
          ),
        },
      ],
      initialEntries: ['/supervisors'],
      session: session(),
      mocks: [
        { request, result: preparing },
        { request, result: { data: overview } },
      ],
    });
    const notice = await screen.findByTestId('results-preparing');
    expect(notice).toHaveTextContent('The results are being prepared…');
    expect(screen.queryByRole('alert')).toBeNull();
    const table = await screen.findByRole(
      'table',
      { name: 'Units and their supervisors' },
      { timeout: 8_000 },
    );
    expect(screen.queryByTestId('results-preparing')).toBeNull();
    const small = within(table).getByRole('row', { name: /Small/ });
    expect(small).toHaveTextContent('Hidden: fewer than the minimum answered');
    expect(small).toHaveTextContent('No package: fewer than the minimum answered');
    expect(within(small).queryByRole('link')).toBeNull();
    const big = within(table).getByRole('row', { name: /Big/ });
    expect(big).not.toHaveTextContent('No package');
    expect(within(big).getByRole('link')).toBeTruthy();
  }, 20_000);
});
