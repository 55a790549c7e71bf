import type { MockedResponse } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  CurrentSatisfactionRouteDocument,
  EnpsRouteDocument,
  type CurrentSatisfactionRouteQuery,
  type EnpsRouteQuery,
} from '../../__generated__/graphql';
import { renderRoutes, testAccount, testSession } from '../../test/render';
import {
  chartNames,
  enpsDelta,
  groupedChartHeight,
  realizationChartData,
  realizationChartSize,
  spreadStacks,
} from './indexes/chartRules';
import { CurrentSatisfactionRoute } from './routes/CurrentSatisfactionRoute';
import { EnpsRoute } from './routes/EnpsRoute';

const band = (label: string, share: number) => ({ label, share });

describe('chart page rules', () => {
  it('sizes the top-10 realization chart 1085x300 below 10 criteria, else 1100x500', () => {
    expect(realizationChartSize(9)).toEqual({ width: 1085, height: 300 });
    expect(realizationChartSize(10)).toEqual({ width: 1100, height: 500 });
  });

  it('gives the grouped index chart 50 px per group, with room for the axes', () => {
    expect(groupedChartHeight(8)).toBe(400);
    expect(groupedChartHeight(20)).toBe(1000);
    expect(groupedChartHeight(1)).toBe(200);
  });

  it('cuts names over 50 characters to 50 plus an ellipsis', () => {
    const long = 'A'.repeat(51);
    expect(chartNames([long, 'Short'])).toEqual([`${'A'.repeat(50)}…`, 'Short']);
    expect(chartNames(['B'.repeat(50)])).toEqual(['B'.repeat(50)]);
  });

  it('reads the eNPS delta from the rounded scores', () => {
    expect(enpsDelta(12.4, 9.6)).toEqual({ direction: 'up', value: 2 });
    expect(enpsDelta(-3, 4)).toEqual({ direction: 'down', value: -7 });
    expect(enpsDelta(5.2, 4.8)).toEqual({ direction: 'same', value: 0 });
    expect(enpsDelta(5, null)).toBeNull();
  });

  it('leaves a suppressed dataset out of the realization chart instead of drawing zeros', () => {
    const data = realizationChartData(
      [
        { name: 'HK25', suppressed: false },
        { name: 'Tiny team', suppressed: true },
      ],
      [
        {
          criterion: { name: 'Meaningful work' },
          realizations: [
            { value: 71.6, spread: [band('90-100', 40)] },
            { value: null, spread: null },
          ],
        },
      ],
    );
    expect(data.series).toEqual([{ name: 'HK25', values: [71.6] }]);
    expect(data.stacks.map((stack) => stack.name)).toEqual(['HK25']);
  });

  it('gives a missing spread null shares, never zeros', () => {
    const stacks = spreadStacks([
      { name: 'L-index', spreads: [[band('90-100', 10), band('<60', 90)], null] },
    ]);
    expect(stacks[0]?.bands).toEqual([
      { label: '90-100', shares: [10, null] },
      { label: '<60', shares: [90, null] },
    ]);
  });
});

const bins = [0, 30, 40, 50, 60, 70, 80, 90].map((from, index, edges) => ({
  from,
  to: edges[index + 1] ?? 100,
  share: 12.5,
}));

/** Fragments match on __typename, which the generated result types leave out. */
const typename = (name: string) => ({ __typename: name });

function satisfactionMock(withChoices: boolean): MockedResponse<CurrentSatisfactionRouteQuery> {
  return {
    request: {
      query: CurrentSatisfactionRouteDocument,
      variables: (variables) => variables.withChoices === withChoices,
    },
    result: {
      data: {
        report: {
          satisfaction: {
            ...typename('IndexDistribution'),
            title: 'S-index',
            subtitle: 'Demo Oy – HK24',
            groups: [
              {
                ...typename('IndexDistributionGroup'),
                name: 'HK24',
                suppressed: false,
                suppressedBecause: null,
                participants: 460,
                average: 69.4,
                bins,
              },
              {
                ...typename('IndexDistributionGroup'),
                name: 'Tiny team',
                suppressed: true,
                suppressedBecause: 'BELOW_THRESHOLD' as const,
                participants: null,
                average: null,
                bins: null,
              },
            ],
          },
        },
        ...(withChoices
          ? {
              reportFilterChoices: {
                ...typename('ReportFilterChoices'),
                units: [{ id: 'u1', name: 'Development', level: 1 }],
                background: [],
                groupings: [{ grouping: 'UNIT_LEVEL_1' as const, name: 'Unit level 1' }],
              },
              comparableSurveys: [
                { id: 's1', name: 'HK24' },
                { id: 's2', name: 'HK25' },
              ],
            }
          : {}),
      },
    },
  };
}

function renderPage(
  element: React.ReactNode,
  path: string,
  entry: string,
  mocks: MockedResponse[],
) {
  return renderRoutes({
    routes: [{ path, element }],
    initialEntries: [entry],
    session: testSession({ account: testAccount({ role: 'ADMIN' }) }),
    mocks,
  });
}

// Highcharts draws in jsdom: slower than a plain page on a busy machine.
const PAGE_TEST = { timeout: 60_000 };

describe('CurrentSatisfactionRoute', PAGE_TEST, () => {
  it('shows the means and a suppressed group as a note, and switches to comparing groups', async () => {
    const { router } = renderPage(
      <CurrentSatisfactionRoute />,
      '/report/currentsatisfaction',
      '/report/currentsatisfaction?companyId=c1&surveyId=s1',
      [satisfactionMock(true), satisfactionMock(true)],
    );
    expect(await screen.findByText('HK24: S-index 69, 460 respondents')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Tiny team: hidden, fewer than 5 answered');
    expect(screen.getByRole('figure', { name: /S-index distribution/ })).toBeInTheDocument();

    await userEvent.click(screen.getByText('Background variable or unit'));
    expect(router.state.location.search).toContain('groupBy=UNIT_LEVEL_1');
    expect(await screen.findByDisplayValue('Unit level 1')).toBeInTheDocument();
  });

  it("names the compared survey from its company's list when the address has no company", async () => {
    const byName: MockedResponse<CurrentSatisfactionRouteQuery> = {
      ...satisfactionMock(true),
      request: {
        query: CurrentSatisfactionRouteDocument,
        // The company's ended surveys asked for by the survey.
        variables: (variables) =>
          variables.withSurveys === true &&
          variables.companyId === null &&
          variables.surveyId === 's1',
      },
    };
    renderPage(
      <CurrentSatisfactionRoute />,
      '/report/currentsatisfaction',
      '/report/currentsatisfaction?surveyId=s1',
      [byName],
    );
    expect(await screen.findByText('HK24: S-index 69, 460 respondents')).toBeInTheDocument();
    expect(screen.getByText('HK24', { selector: '.mantine-Pill-label' })).toBeInTheDocument();
    expect(screen.queryByText('s1')).not.toBeInTheDocument();
  });

  it('hides the comparison toggle when the report covers all data', async () => {
    renderPage(
      <CurrentSatisfactionRoute />,
      '/report/currentsatisfaction',
      '/report/currentsatisfaction?wholeData=1',
      [satisfactionMock(false)],
    );
    expect(await screen.findByText('HK24: S-index 69, 460 respondents')).toBeInTheDocument();
    expect(screen.queryByText('Compare')).not.toBeInTheDocument();
    expect(screen.queryByText('Surveys to compare')).not.toBeInTheDocument();
  });
});

function enpsGroup(name: string, score: number | null) {
  return score === null
    ? {
        ...typename('EnpsGroup'),
        name,
        suppressed: true,
        suppressedBecause: 'BELOW_THRESHOLD' as const,
        participants: null,
        score: null,
        detractors: null,
        passives: null,
        promoters: null,
        answers: null,
      }
    : {
        ...typename('EnpsGroup'),
        name,
        suppressed: false,
        suppressedBecause: null,
        participants: 11,
        score,
        detractors: 20,
        passives: 40,
        promoters: 40,
        answers: Array.from({ length: 11 }, (_, answer) => ({ score: answer, count: 1 })),
      };
}

function enpsMock(groups: ReturnType<typeof enpsGroup>[]): MockedResponse<EnpsRouteQuery> {
  return {
    request: { query: EnpsRouteDocument, variables: () => true },
    result: { data: { report: { enps: { title: 'eNPS', subtitle: 'Demo Oy', groups } } } },
  };
}

describe('EnpsRoute', PAGE_TEST, () => {
  const entry = '/report/enps?companyId=c1&surveyId=s2&surveyId=s1';

  it('shows each set with its score and a green arrow up when the first set rose', async () => {
    renderPage(<EnpsRoute />, '/report/enps', entry, [
      enpsMock([enpsGroup('HK25', 12.4), enpsGroup('HK24', 9.6)]),
    ]);
    expect(await screen.findByText('eNPS +12')).toBeInTheDocument();
    expect(screen.getByText('eNPS +10')).toBeInTheDocument();
    const delta = screen.getByText('2 points higher than HK24');
    expect(delta.closest('[data-direction]')).toHaveAttribute('data-direction', 'up');
    expect(screen.getAllByRole('figure')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Back to reports' })).toHaveAttribute(
      'href',
      `/report?${entry.split('?')[1]}`,
    );
  });

  it('shows a red arrow down when the first set fell, and a suppressed set as a note', async () => {
    const first = renderPage(<EnpsRoute />, '/report/enps', entry, [
      enpsMock([enpsGroup('HK25', -1), enpsGroup('HK24', 0)]),
    ]);
    const delta = await screen.findByText('1 point lower than HK24');
    expect(delta.closest('[data-direction]')).toHaveAttribute('data-direction', 'down');
    first.unmount();

    renderPage(<EnpsRoute />, '/report/enps', entry, [
      enpsMock([enpsGroup('HK25', 5), enpsGroup('Tiny team', null)]),
    ]);
    const note = await screen.findByRole('note');
    expect(within(note).getByText(/Tiny team: hidden, fewer than 5 answered/)).toBeInTheDocument();
    expect(screen.queryByText(/points? (higher|lower)/)).not.toBeInTheDocument();
  });
});
