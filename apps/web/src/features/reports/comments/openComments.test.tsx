// The open comments page a page at a time, against a small stand-in for the gateway's answers: the
// counts per type and criterion (of a range) and cursor pages of 50 (of a range), from one list.
import type { MockedResponse } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  CommentAiPanels_CapabilitiesDocument,
  CommentAiPanels_SummarizeDocument,
  CommentPagesDocument,
  OpenCommentsRouteDocument,
  type CommentPagesQueryVariables,
  type CommentType,
  type OpenCommentsRouteQueryVariables,
} from '../../../__generated__/graphql';
import { renderRoutes, testAccount, testSession } from '../../../test/render';
import { OpenCommentsRoute } from '../routes/OpenCommentsRoute';
import { COMMENT_PAGE_SIZE } from './useCommentPages';

const RANGES = [
  { from: 0, to: 69 },
  { from: 70, to: 84 },
  { from: 85, to: 100 },
];
const NAMES: Record<number, string> = {
  3: 'Pay',
  5: 'Team spirit',
  14: 'Workload',
  25: 'Cooperation',
  99: 'Something else',
};

interface Stored {
  text: string;
  type: CommentType;
  criterion: number;
  lIndex: number;
}

const stored = (text: string, type: CommentType, criterion: number, lIndex = 80): Stored => ({
  text,
  type,
  criterion,
  lIndex,
});

type Range = { from: number; to: number } | null | undefined;
// The gateway's rule: up to the next range's start (tested in the API against the whole list).
const within_ = (c: Stored, range: Range) =>
  !range || (c.lIndex >= range.from && c.lIndex < (range.to === 100 ? 101 : range.to + 1));

const criterion = (id: number) => ({
  __typename: 'Criterion',
  id,
  name: NAMES[id] ?? `Topic ${id}`,
});

/** The stand-in: counts and pages of `all`; `calls` records every page asked. */
function gateway(all: Stored[], options: { rangeFilter?: boolean; trend?: boolean } = {}) {
  const calls: CommentPagesQueryVariables[] = [];
  const counts: MockedResponse = {
    request: { query: OpenCommentsRouteDocument, variables: () => true },
    maxUsageCount: Infinity,
    result: (variables: OpenCommentsRouteQueryVariables) => {
      const tally = new Map<string, { type: CommentType; id: number; count: number }>();
      for (const c of all.filter((c) => within_(c, variables.indexRange))) {
        const key = `${c.type}:${c.criterion}`;
        const now = tally.get(key) ?? { type: c.type, id: c.criterion, count: 0 };
        tally.set(key, { ...now, count: now.count + 1 });
      }
      return {
        data: {
          report: {
            __typename: 'Report',
            commentCounts: {
              __typename: 'OpenCommentCounts',
              title: 'Open comments',
              subtitle: 'Demo Oy – Survey',
              name: 'Survey',
              trend: options.trend ?? false,
              suppressed: false,
              suppressedBecause: null,
              rangeFilter: options.rangeFilter ?? false,
              counts: [...tally.values()].map((c) => ({
                __typename: 'OpenCommentCount',
                type: c.type,
                criterion: criterion(c.id),
                count: c.count,
              })),
            },
          },
          reportSettings: {
            __typename: 'ReportSettings',
            commentIndexRanges: RANGES.map((r) => ({ __typename: 'IndexRange', ...r })),
            minCommentsPerRange: 5,
          },
        },
      };
    },
  };
  const pages: MockedResponse = {
    request: { query: CommentPagesDocument, variables: () => true },
    maxUsageCount: Infinity,
    result: (variables: CommentPagesQueryVariables) => {
      calls.push(variables);
      const list = all.filter(
        (c) =>
          c.type === variables.type &&
          c.criterion === variables.criterion &&
          within_(c, variables.indexRange),
      );
      const start = variables.after ? Number(variables.after) : 0;
      const end = start + (variables.first ?? 50);
      return {
        data: {
          report: {
            __typename: 'Report',
            commentPage: {
              __typename: 'OpenCommentPage',
              suppressed: false,
              comments: list.slice(start, end).map((c) => ({
                __typename: 'ReportComment',
                id: c.text,
                text: c.text,
                criterion: criterion(c.criterion),
                lIndex: c.lIndex,
              })),
              next: end < list.length ? String(end) : null,
            },
          },
        },
      };
    },
  };
  return { mocks: [counts, pages], calls };
}

function renderComments(mocks: MockedResponse[], query = '') {
  return renderRoutes({
    routes: [{ path: '/report/opencomments', element: <OpenCommentsRoute /> }],
    initialEntries: [`/report/opencomments?surveyId=s1${query}`],
    session: testSession({ account: testAccount({ role: 'ADMIN', language: 'en-US' }) }),
    mocks,
  });
}

const many = (prefix: string, type: CommentType, id: number, n: number, lIndex = 80) =>
  Array.from({ length: n }, (_, i) => stored(`${prefix} ${i}`, type, id, lIndex));

// Several clicks each: jsdom on a shared machine needs more than the default 5 s.
describe('the open comments page, a page at a time', () => {
  it('counts from the counts alone; an opened section reads each criterion a page at a time', async () => {
    const user = userEvent.setup();
    const { mocks, calls } = gateway([
      ...many('team', 'POSITIVE', 5, COMMENT_PAGE_SIZE + 12),
      stored('Fair pay', 'POSITIVE', 3),
      stored('Too busy', 'NEGATIVE', 14),
    ]);
    renderComments(mocks);
    const positive = await screen.findByRole('button', { name: /Positive/ });
    expect(positive).toHaveTextContent('Comments: 63');
    expect(screen.getByRole('button', { name: /Negative/ })).toHaveTextContent('Comments: 1');
    for (const name of [/Positive/, /Negative/, /Neutral/])
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-expanded', 'false');
    // Nothing read yet: the sections are closed.
    expect(calls).toHaveLength(0);

    await user.click(positive);
    const groups = await screen.findAllByRole('button', { name: /^(Pay|Team spirit)/ });
    expect(groups.map((g) => g.textContent)).toEqual(['Pay1', 'Team spirit62']);
    // Each criterion reads its own first page: they arrive in either order.
    expect(await screen.findByText('team 0')).toBeVisible();
    expect(await screen.findByText('Fair pay')).toBeVisible();
    expect(screen.queryByText(`team ${COMMENT_PAGE_SIZE}`)).not.toBeInTheDocument();
    expect(screen.getByText(`${COMMENT_PAGE_SIZE} of 62 shown`)).toBeInTheDocument();
    // Only the positive section's two criteria, first pages; the negative one is not read.
    expect(calls.map((c) => [c.type, c.criterion, c.after ?? null])).toEqual(
      expect.arrayContaining([
        ['POSITIVE', 5, null],
        ['POSITIVE', 3, null],
      ]),
    );
    expect(calls).toHaveLength(2);
    // The respondent's text is not the console's: no browser translation of it.
    const item = screen.getByText('team 0').closest('li');
    expect(item).toHaveAttribute('translate', 'no');

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('team 61')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ type: 'POSITIVE', criterion: 5, after: '50' });
    // A criterion group collapses on its own.
    await user.click(groups[1] as HTMLElement);
    expect(groups[1]).toHaveAttribute('aria-expanded', 'false');
  }, 20_000);

  it('filters by the flame buttons: counts and pages of the range, started over; the active one clears', async () => {
    const user = userEvent.setup();
    const { mocks, calls } = gateway(
      [
        ...many('p low', 'POSITIVE', 5, 5, 20),
        ...many('p mid', 'POSITIVE', 5, 5, 75),
        ...many('p high', 'POSITIVE', 5, 5, 90),
      ],
      { rangeFilter: true },
    );
    renderComments(mocks);
    await user.click(await screen.findByRole('button', { name: /Positive/ }));
    expect(await screen.findByText('p low 0')).toBeVisible();
    const flames = within(screen.getByRole('group', { name: /L-index/ })).getAllByRole('button');
    expect(flames).toHaveLength(3);
    expect(screen.getByRole('button', { name: /Positive/ })).toHaveTextContent('Comments: 15');

    await user.click(flames[2] as HTMLElement);
    expect(flames[2]).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('p high 0')).toBeVisible();
    // The counts are a query of their own: they may come after the page.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Positive/ })).toHaveTextContent('Comments: 5'),
    );
    expect(screen.queryByText('p low 0')).not.toBeInTheDocument();
    // The section stayed open; its pages started over with the range.
    expect(calls.at(-1)).toMatchObject({ criterion: 5, after: null, indexRange: RANGES[2] });

    await user.click(flames[2] as HTMLElement);
    expect(flames[2]).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByText('p low 0')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Positive/ })).toHaveTextContent('Comments: 15'),
    );
  }, 20_000);

  it('offers no flame filter when the counts say the ranges are too thin', async () => {
    const { mocks } = gateway(many('x', 'POSITIVE', 5, 20), { rangeFilter: false });
    renderComments(mocks);
    await screen.findByRole('button', { name: /Positive/ });
    expect(screen.queryByRole('group', { name: /L-index/ })).not.toBeInTheDocument();
  });

  it('reads better, worse and important for a trend survey or with the trend parameter', async () => {
    renderComments(gateway([]).mocks, '&trend=1');
    expect(await screen.findByRole('button', { name: /Better/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Worse/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Important/ })).toBeInTheDocument();
  });

  it('draws the map from the counts; a tile pages its comments and offers five related ones', async () => {
    const user = userEvent.setup();
    const { mocks, calls } = gateway([
      ...many('team', 'POSITIVE', 5, 8),
      stored('other', 'POSITIVE', 99),
      stored('coop', 'POSITIVE', 25),
    ]);
    renderComments(mocks);
    await user.click(await screen.findByRole('radio', { name: 'Distribution map' }));
    await user.click(await screen.findByRole('button', { name: /Positive/ }));
    const tiles = await screen.findAllByRole('button', { name: /: \d+ comments?$/ });
    expect(tiles.map((tile) => tile.getAttribute('aria-label'))).toEqual([
      'Cooperation: 1 comment',
      'Team spirit: 8 comments',
      'Something else: 1 comment',
    ]);
    expect(tiles.map((tile) => tile.dataset.opacity)).toEqual(['0.4', '1', '0.4']);
    // The map needs the counts only.
    expect(calls).toHaveLength(0);

    await user.click(tiles[1] as HTMLElement);
    expect(screen.getByRole('heading', { name: 'Team spirit' })).toBeInTheDocument();
    expect(await screen.findByText('team 7')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Also look at these' })).toBeInTheDocument();
    const related = screen.getByRole('button', { name: 'Cooperation: 1 comment' });
    expect(related.parentElement?.children).toHaveLength(5);

    await user.click(related);
    expect(screen.getByRole('heading', { name: 'Cooperation' })).toBeInTheDocument();
    expect(await screen.findByText('coop')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Back to the map' }));
    expect(screen.getAllByRole('button', { name: /: \d+ comments?$/ })).toHaveLength(3);
  }, 20_000);

  it("summarises the topic's comments of the range, not only the page on screen", async () => {
    const user = userEvent.setup();
    const { mocks, calls } = gateway(many('team', 'POSITIVE', 5, COMMENT_PAGE_SIZE + 12));
    const asked: string[][] = [];
    const ai: MockedResponse[] = [
      {
        request: { query: CommentAiPanels_CapabilitiesDocument, variables: () => true },
        maxUsageCount: Infinity,
        result: {
          data: {
            survey: {
              __typename: 'Survey',
              id: 's1',
              aiCapabilities: {
                __typename: 'AiCapabilities',
                summarization: true,
                translation: false,
                engine: 'EMBEDDED',
              },
            },
          },
        },
      },
      {
        request: { query: CommentAiPanels_SummarizeDocument, variables: () => true },
        result: (variables: { commentIds: string[] }) => {
          asked.push(variables.commentIds);
          return {
            data: {
              summarizeComments: {
                __typename: 'AiSummary',
                text: 'A summary',
                commentCount: variables.commentIds.length,
                keyPhrases: [],
                producedBy: {
                  __typename: 'AiProvenance',
                  engine: 'EMBEDDED',
                  method: 'extractive-mmr',
                  model: null,
                },
              },
            },
          };
        },
      },
    ];
    renderComments([...mocks, ...ai]);
    await user.click(await screen.findByRole('button', { name: /Positive/ }));
    expect(await screen.findByText('team 0')).toBeVisible();
    await user.click(await screen.findByRole('button', { name: /Summari[sz]e/ }));
    await screen.findByText('A summary');
    // All 62, read for the summary in pages of up to 200, though 50 are on screen.
    expect(asked).toEqual([Array.from({ length: COMMENT_PAGE_SIZE + 12 }, (_, i) => `team ${i}`)]);
    expect(calls.at(-1)).toMatchObject({ after: null, first: 200 });
    expect(screen.queryByText(`team ${COMMENT_PAGE_SIZE}`)).not.toBeInTheDocument();
  }, 20_000);
});
