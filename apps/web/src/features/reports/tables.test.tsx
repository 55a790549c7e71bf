import { GraphQLError } from 'graphql';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LMapRouteDocument, MostImportantRouteDocument } from '../../__generated__/graphql';
import { renderRoutes, testAccount, testSession } from '../../test/render';
import { CHART_COLORS } from './charts/theme';
import {
  filterByRange,
  groupByCriterion,
  mapTiles,
  sectionHeadingKey,
  tileOpacity,
  toggledRange,
  trendOf,
} from './comments/commentRules';
import { commentsContent } from './comments/commentsPdf';
import { RELATED_CRITERIA, relatedCriteria } from './relatedCriteria';
import { LMapRoute } from './routes/LMapRoute';
import { MostImportantRoute } from './routes/MostImportantRoute';
import { sliceImportance } from './tables/importance';
import { minimumValue, shadeColor, shadeFraction } from './tables/indexMapShading';
import { INDEX_MAP_GROUPS_PER_TABLE, indexMapContent } from './tables/tablesPdf';

const RANGES = [
  { from: 0, to: 69 },
  { from: 70, to: 84 },
  { from: 85, to: 100 },
];
const ranked = Array.from({ length: 30 }, (_, i) => ({ rank: i + 1 }));
const criterion = (id: number, name = `Topic ${id}`) => ({ __typename: 'Criterion', id, name });
const comment = (text: string, id: number, lIndex: number | null, name?: string) => ({
  __typename: 'ReportComment',
  id: `${id}-${text}`,
  text,
  criterion: criterion(id, name),
  lIndex,
});

describe('the importance ranking in tens', () => {
  it('shows all 30, or the places 1-10, 11-20 or 21-30', () => {
    expect(sliceImportance(ranked, 'ALL')).toHaveLength(30);
    expect(sliceImportance(ranked, 'TOP_10').map((r) => r.rank)).toEqual(
      Array.from({ length: 10 }, (_, i) => i + 1),
    );
    expect(sliceImportance(ranked, 'TOP_11_20').map((r) => r.rank)).toEqual(
      Array.from({ length: 10 }, (_, i) => i + 11),
    );
    expect(sliceImportance(ranked, 'TOP_21_30').map((r) => r.rank)).toEqual(
      Array.from({ length: 10 }, (_, i) => i + 21),
    );
    expect(sliceImportance(ranked.slice(0, 12), 'TOP_21_30')).toEqual([]);
  });
});

describe('index map shading', () => {
  it('runs from white at the smallest value to orange at 100 and leaves empty cells unshaded', () => {
    expect(shadeColor(40, 40)).toBe('#ffffff');
    expect(shadeColor(100, 40)).toBe(CHART_COLORS.orange);
    expect(shadeFraction(70, 40)).toBeCloseTo(0.5);
    expect(shadeColor(70, 40)).toBe('#f4b986');
    expect(shadeColor(null, 40)).toBeUndefined();
    expect(shadeColor(70, null)).toBeUndefined();
  });

  it('takes the minimum over the values shown: no null cells, no suppressed rows', () => {
    expect(
      minimumValue([
        { values: [71, null, 55.5], lIndex: 66 },
        { values: null, lIndex: null },
        { values: [80, 90], lIndex: 58 },
      ]),
    ).toBe(55.5);
    expect(minimumValue([{ values: null, lIndex: null }])).toBeNull();
  });
});

describe('open comment rules', () => {
  it('steps the tile opacity at 25, 50 and 75 percent of the largest count', () => {
    expect(tileOpacity(24, 100)).toBe(0.4);
    expect(tileOpacity(25, 100)).toBe(0.6);
    expect(tileOpacity(49, 100)).toBe(0.6);
    expect(tileOpacity(50, 100)).toBe(0.8);
    expect(tileOpacity(74, 100)).toBe(0.8);
    expect(tileOpacity(75, 100)).toBe(1);
    expect(tileOpacity(100, 100)).toBe(1);
  });

  it('makes one tile per criterion with its count, "something else" (99) last', () => {
    const tiles = mapTiles(
      [
        { criterion: criterion(99, 'Aaa something else'), count: 1 },
        { criterion: criterion(5, 'Team spirit'), count: 4 },
        { criterion: criterion(3, 'Pay'), count: 1 },
        { criterion: criterion(7, 'None here'), count: 0 },
      ],
      'en-US',
    );
    expect(tiles.map((tile) => [tile.criterion.id, tile.count, tile.opacity])).toEqual([
      [3, 1, 0.6],
      [5, 4, 1],
      [99, 1, 0.6],
    ]);
  });

  it('groups comments by criterion, sorted by the name in the report language', () => {
    const comments = [
      comment('1', 2, 50, 'Ääni'),
      comment('2', 3, 50, 'Zeta'),
      comment('3', 4, 50, 'Aalto'),
      comment('4', 3, 50, 'Zeta'),
    ];
    expect(groupByCriterion(comments, 'fi-FI').map((g) => g.criterion.name)).toEqual([
      'Aalto',
      'Zeta',
      'Ääni',
    ]);
    expect(groupByCriterion(comments, 'en-US').map((g) => g.criterion.name)).toEqual([
      'Aalto',
      'Ääni',
      'Zeta',
    ]);
    expect(groupByCriterion(comments, 'en-US')[2]?.comments.map((c) => c.text)).toEqual(['2', '4']);
  });

  it('filters by range with both ends included and clears on the active button', () => {
    const comments = [comment('a', 2, 69.5), comment('b', 2, 70), comment('c', 2, 84.9)];
    expect(filterByRange(comments, RANGES, 0).map((c) => c.text)).toEqual(['a']);
    expect(filterByRange(comments, RANGES, 1).map((c) => c.text)).toEqual(['b', 'c']);
    expect(filterByRange(comments, RANGES, 2)).toEqual([]);
    expect(filterByRange(comments, RANGES, null)).toHaveLength(3);
    expect(toggledRange(null, 1)).toBe(1);
    expect(toggledRange(1, 2)).toBe(2);
    expect(toggledRange(2, 2)).toBeNull();
  });

  it('reads trend headings from the survey unless the trend parameter says otherwise', () => {
    expect(sectionHeadingKey('positive', false)).toBe('positive');
    expect(
      ['positive', 'negative', 'neutral'].map((s) => sectionHeadingKey(s as 'positive', true)),
    ).toEqual(['better', 'worse', 'important']);
    expect(trendOf(null, true)).toBe(true);
    expect(trendOf('1', false)).toBe(true);
    expect(trendOf('true', false)).toBe(true);
    expect(trendOf('0', true)).toBe(false);
  });

  it('relates every criterion (2..31 and 99) to five distinct other valid criteria', () => {
    const ids = [...Array.from({ length: 30 }, (_, i) => i + 2), 99];
    expect(
      Object.keys(RELATED_CRITERIA)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(ids);
    for (const id of ids) {
      const related = relatedCriteria(id);
      expect(related).toHaveLength(5);
      expect(new Set(related).size).toBe(5);
      expect(related).not.toContain(id);
      for (const other of related) expect(other >= 2 && other <= 31).toBe(true);
    }
    expect(relatedCriteria(1)).toEqual([]);
  });
});

describe('PDF content', () => {
  it('groups the comments PDF by description in the alternative layout', () => {
    const sections = {
      positive: [comment('good', 5, 80, 'Team spirit'), comment('fine', 3, 80, 'Pay')],
      negative: [],
      neutral: [comment('hmm', 5, 40, 'Team spirit')],
    };
    const headings = { positive: 'Better', negative: 'Worse', neutral: 'Important' };
    const base = { sections, headings, locale: 'en-US', emptyText: 'No comments.' };
    const grouped = JSON.stringify(commentsContent({ ...base, grouped: true }));
    expect(grouped).toContain('"Pay (1)"');
    expect(grouped).toContain('"Team spirit (1)"');
    expect(grouped).toContain('"Better (2)"');
    expect(grouped).toContain('No comments.');
    expect(grouped.indexOf('Pay (1)')).toBeLessThan(grouped.indexOf('Team spirit (1)'));
    const plain = JSON.stringify(commentsContent({ ...base, grouped: false }));
    expect(plain).not.toContain('Pay (1)');
    expect(plain).toContain(' (Pay)');
  });

  it('turns the index map for paper: criteria down, at most eight groups per table', () => {
    const rows = Array.from({ length: INDEX_MAP_GROUPS_PER_TABLE + 1 }, (_, i) => ({
      grouping: 'UNIT_LEVEL_1' as const,
      name: `Unit ${i}`,
      suppressed: i === 1,
      suppressedBecause: i === 1 ? ('DIFFERENCING' as const) : null,
      participants: i === 1 ? null : 10,
      values: i === 1 ? null : [50 + i, null],
      lIndex: i === 1 ? null : 60,
    }));
    const content = indexMapContent(
      { title: 'Index map', subtitle: 'Demo', criteria: [criterion(2), criterion(3)], rows },
      { UNIT_LEVEL_1: 'Unit level 1' },
      {
        group: 'Group',
        respondents: 'Respondents',
        lIndex: 'L-index',
        suppressed: 'Too few',
        legend: 'Shade',
      },
    );
    expect(content).toHaveLength(3);
    const text = JSON.stringify(content[1]);
    expect(text).toContain('Too few');
    expect(text).toContain('"fillColor":"#ffffff"');
    expect(JSON.stringify(content[2])).toContain(`Unit ${INDEX_MAP_GROUPS_PER_TABLE}`);
  });
});

// ---- the pages, with the GraphQL answers mocked ----

const SURVEY = 's1';
const session = (role: 'ADMIN' | 'USER' = 'ADMIN') =>
  testSession({ account: testAccount({ role, language: 'en-US' }) });
const anyVariables = () => true;

describe('the most important topics page', () => {
  it('shows all 30 places and slices them in tens with the dropdown', async () => {
    const user = userEvent.setup();
    renderRoutes({
      routes: [{ path: '/report/mostImportant', element: <MostImportantRoute /> }],
      initialEntries: [`/report/mostImportant?surveyId=${SURVEY}`],
      session: session(),
      mocks: [
        {
          request: { query: MostImportantRouteDocument, variables: anyVariables },
          result: {
            data: {
              report: {
                __typename: 'Report',
                mostImportant: {
                  __typename: 'ImportanceReport',
                  title: 'Most important',
                  subtitle: 'Demo Oy – Survey',
                  datasets: [
                    {
                      __typename: 'ReportDataset',
                      name: 'Survey',
                      suppressed: false,
                      suppressedBecause: null,
                      participants: 40,
                    },
                  ],
                  criteria: Array.from({ length: 30 }, (_, i) => ({
                    __typename: 'ImportantCriterion',
                    rank: i + 1,
                    criterion: criterion(i + 2),
                    share: 90 - i * 2.5,
                    compareShare: null,
                  })),
                },
              },
              comparableSurveys: [
                { __typename: 'Survey', id: SURVEY, name: 'Survey' },
                { __typename: 'Survey', id: 'older', name: 'Older survey' },
              ],
            },
          },
        },
      ],
    });
    const table = await screen.findByRole('table', { name: 'Most important topics' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByRole('row', { name: /^1 Topic 2/ })).toHaveTextContent('90 %');
    // No company in the filters: the survey filter offers the survey's company's surveys.
    expect(screen.getByRole('combobox', { name: 'Survey' })).toHaveValue('Survey');

    await user.click(screen.getByRole('combobox', { name: 'Show' }));
    await user.click(await screen.findByRole('option', { name: 'Top 11–20' }));
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.firstChild?.textContent)).toEqual(
      Array.from({ length: 10 }, (_, i) => String(i + 11)),
    );
  });
});

// Several clicks each: jsdom on a shared machine needs more than the default 5 s.
describe('the index map page', () => {
  it('shades cells from the table minimum, leaves empty cells white and marks suppressed groups', async () => {
    renderRoutes({
      routes: [{ path: '/report/lmap', element: <LMapRoute /> }],
      initialEntries: [`/report/lmap?surveyId=${SURVEY}`],
      session: session(),
      mocks: [
        {
          request: {
            query: LMapRouteDocument,
            variables: (variables: { groupings?: unknown }) =>
              JSON.stringify(variables.groupings) === '["UNIT_LEVEL_1"]',
          },
          result: {
            data: {
              reportFilterChoices: {
                __typename: 'ReportFilterChoices',
                units: [{ __typename: 'ReportUnitChoice', id: 'u1', name: 'Sales', level: 1 }],
                background: [],
                groupings: [
                  {
                    __typename: 'ReportGroupingChoice',
                    grouping: 'UNIT_LEVEL_1',
                    name: 'Unit level 1',
                  },
                  {
                    __typename: 'ReportGroupingChoice',
                    grouping: 'UNIT_LEVEL_2',
                    name: 'Unit level 2',
                  },
                ],
              },
              report: {
                __typename: 'Report',
                indexMap: {
                  __typename: 'IndexMap',
                  title: 'Index map',
                  subtitle: 'Demo Oy – Survey',
                  criteria: [criterion(2, 'Meaningful work'), criterion(3, 'Pay')],
                  rows: [
                    {
                      __typename: 'IndexMapRow',
                      grouping: 'UNIT_LEVEL_1',
                      name: 'Sales',
                      suppressed: false,
                      suppressedBecause: null,
                      participants: 12,
                      values: [40, null],
                      lIndex: 100,
                    },
                    {
                      __typename: 'IndexMapRow',
                      grouping: 'UNIT_LEVEL_1',
                      name: 'Tiny team',
                      suppressed: true,
                      suppressedBecause: 'DIFFERENCING',
                      participants: null,
                      values: null,
                      lIndex: null,
                    },
                  ],
                },
              },
            },
          },
        },
      ],
    });
    const table = await screen.findByRole('table', { name: /Index map/ });
    const sales = within(table).getByRole('row', { name: /^Sales/ });
    const cells = within(sales).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['12', '40', '', '100']);
    expect(cells[1]).toHaveStyle({ backgroundColor: 'rgb(255, 255, 255)' });
    expect(cells[2]?.style.backgroundColor).toBe('');
    expect(cells[3]).toHaveStyle({ backgroundColor: 'rgb(232, 115, 12)' });
    const tiny = within(table).getByRole('row', { name: /^Tiny team/ });
    // Hidden by the differencing check, not by its size: the note says so, never "too few".
    expect(within(tiny).getByRole('note')).toHaveTextContent(
      'Hidden so that a smaller group cannot be worked out',
    );
    expect(within(tiny).getByRole('note')).not.toHaveTextContent(/too few/i);
    expect(within(table).getByRole('columnheader', { name: 'L-index' })).toBeInTheDocument();
  });

  it('shows no raw grouping id when the survey refuses its results', async () => {
    renderRoutes({
      routes: [{ path: '/report/lmap', element: <LMapRoute /> }],
      initialEntries: [`/report/lmap?surveyId=${SURVEY}`],
      session: session(),
      mocks: [
        {
          request: { query: LMapRouteDocument, variables: () => true },
          result: {
            data: { reportFilterChoices: null, report: null },
            errors: [
              new GraphQLError('Not allowed.', {
                extensions: { code: 'FORBIDDEN', reason: 'results_not_open' },
              }),
            ],
          },
        },
      ],
    });
    expect(
      await screen.findByText('The results of this survey open when the survey ends.'),
    ).toBeVisible();
    expect(screen.queryByText('UNIT_LEVEL_1')).toBeNull();
  });
});
