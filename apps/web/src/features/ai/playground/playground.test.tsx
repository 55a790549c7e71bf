import type { MockedResponse } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GraphQLError } from 'graphql';
import {
  ChatPanel_AskDocument,
  PlaygroundRoute_FullSummaryDocument,
  PlaygroundRoute_SummarizeFactorDocument,
  PlaygroundRoute_SurveyDocument,
  SearchIndexControls_IndexDocument,
} from '../../../__generated__/graphql';
import type { RouteObject } from 'react-router';
import { routes as appRoutes } from '../../../app/router';
import { ADMIN_ONLY } from '../../../lib/roles';
import { renderRoutes, testAccount, testSession } from '../../../test/render';
import { ChatPanel } from './ChatPanel';
import { FactorSection } from './FactorSection';
import { PlaygroundRoute } from './PlaygroundRoute';
import {
  chatInputProblem,
  fullSummaryRefusal,
  idleFactors,
  OBSERVATION_FACTORS,
  singleSummaryDisabled,
} from './playgroundRules';

const SURVEY = 's1';
const provenance = {
  __typename: 'AiProvenance',
  engine: 'EMBEDDED',
  method: 'extractive-mmr',
  model: null,
};

// "All factors" asks 31 summaries one after another, each re-rendering its row: on a loaded CI
// machine (load 20 on 2 cores) the walk alone took 25-45 s.
const ALL_FACTORS_MS = 60_000;

describe('the playground rules', () => {
  it('has the observation factors 2..31 and 99', () => {
    expect(OBSERVATION_FACTORS).toHaveLength(31);
    expect(OBSERVATION_FACTORS[0]).toBe(2);
    expect(OBSERVATION_FACTORS.at(-2)).toBe(31);
    expect(OBSERVATION_FACTORS.at(-1)).toBe(99);
  });

  it('disables the single summary only for a done summary of no comments (and while loading)', () => {
    expect(singleSummaryDisabled({ status: 'idle' })).toBe(false);
    expect(singleSummaryDisabled({ status: 'loading' })).toBe(true);
    expect(singleSummaryDisabled({ status: 'done', summary: '', count: 0 })).toBe(true);
    expect(singleSummaryDisabled({ status: 'done', summary: 'x', count: 3 })).toBe(false);
    expect(singleSummaryDisabled({ status: 'error', message: 'x' })).toBe(false);
  });

  it('refuses a full summary while a factor loads, then without factor summaries', () => {
    const states = idleFactors();
    expect(fullSummaryRefusal(states)).toBe('noSummaries');
    expect(fullSummaryRefusal({ ...states, 2: { status: 'loading' } })).toBe('whileLoading');
    expect(fullSummaryRefusal({ ...states, 2: { status: 'done', summary: '', count: 0 } })).toBe(
      'noSummaries',
    );
    expect(fullSummaryRefusal({ ...states, 2: { status: 'done', summary: 'x', count: 1 } })).toBe(
      null,
    );
  });

  it('wants a question and an amount of 1..100', () => {
    expect(chatInputProblem('  ', 15)).toBe('emptyQuestion');
    expect(chatInputProblem('Miten palkka?', 0)).toBe('amountRange');
    expect(chatInputProblem('Miten palkka?', 101)).toBe('amountRange');
    expect(chatInputProblem('Miten palkka?', '')).toBe('amountRange');
    expect(chatInputProblem('Miten palkka?', 1)).toBe(null);
    expect(chatInputProblem('Miten palkka?', '100')).toBe(null);
  });
});

const surveyMock: MockedResponse = {
  request: { query: PlaygroundRoute_SurveyDocument, variables: { id: SURVEY } },
  result: { data: { survey: { __typename: 'Survey', id: SURVEY, name: 'HK25' } } },
};

/** Positive summaries: factor 5 has comments, 7 fails, every other has none. */
function factorMocks(calls: number[]): MockedResponse[] {
  return OBSERVATION_FACTORS.map((id) => ({
    request: {
      query: PlaygroundRoute_SummarizeFactorDocument,
      variables: { surveyId: SURVEY, observationFactorId: id, type: 'POSITIVE', language: 'en-US' },
    },
    delay: 5,
    ...(id === 7
      ? { error: new Error('model timed out') }
      : {
          result: () => {
            calls.push(id);
            return {
              data: {
                summarizeObservationFactor: {
                  __typename: 'AiSummary',
                  text: id === 5 ? 'Team spirit is praised.' : '',
                  commentCount: id === 5 ? 4 : 0,
                  producedBy: provenance,
                },
              },
            };
          },
        }),
  }));
}

function renderPlayground(mocks: MockedResponse[]) {
  return renderRoutes({
    routes: [{ path: '/surveys/gen-ai/:id', element: <PlaygroundRoute /> }],
    initialEntries: [`/surveys/gen-ai/${SURVEY}`],
    session: testSession({ account: testAccount() }),
    mocks,
  });
}

describe('the playground', () => {
  it('shows what can be done and three sections of 31 factors, each one line with its button until summarised', async () => {
    renderPlayground([surveyMock]);
    expect(await screen.findByRole('heading', { name: 'AI survey summarizations' })).toBeVisible();
    expect(screen.getByRole('link', { name: /Back to the survey/ })).toHaveAttribute(
      'href',
      `/surveys/details/${SURVEY}`,
    );
    for (const name of ['Positive comments', 'Negative comments', 'Neutral comments']) {
      const section = screen.getByRole('region', { name });
      expect(within(section).getAllByRole('listitem')).toHaveLength(31);
    }
    expect(
      screen.getByText(/summarise the open comments of one observation factor/i),
    ).toBeVisible();
    const positive = screen.getByRole('region', { name: 'Positive comments' });
    // No wall of empty states: only the section's full summary says it is not created yet.
    expect(within(positive).getAllByText('Summary has not been created yet.')).toHaveLength(1);
    expect(within(positive).getAllByRole('button', { name: /^Summarise (?!all)/ })).toHaveLength(
      31,
    );
  });

  it(
    'runs all factors one after another and shows summaries, empty factors and errors',
    { timeout: 2 * ALL_FACTORS_MS },
    async () => {
      const user = userEvent.setup();
      const calls: number[] = [];
      renderPlayground([surveyMock, ...factorMocks(calls)]);
      const positive = await screen.findByRole('region', { name: 'Positive comments' });
      await user.click(within(positive).getByRole('button', { name: /Summarise all factors/ }));
      // Every factor shows loading at once.
      expect(
        within(positive).getAllByRole('button', { name: /^Summarise (?!all)/ })[30],
      ).toBeDisabled();
      const team = within(positive).getByRole('listitem', { name: 'Team spirit' });
      expect(
        await within(team).findByText('Team spirit is praised.', {}, { timeout: ALL_FACTORS_MS }),
      ).toBeVisible();
      expect(team).toHaveTextContent('Comments: 4');
      const other = within(positive).getByRole('listitem', { name: 'Something else' });
      expect(
        await within(other).findByText(
          'No open comments found from this observation factor.',
          {},
          { timeout: ALL_FACTORS_MS },
        ),
      ).toBeVisible();
      expect(within(other).getByRole('button', { name: /Summarise/ })).toBeDisabled();
      expect(within(team).getByRole('button', { name: /Summarise/ })).toBeEnabled();
      const failed = within(positive).getAllByRole('listitem')[5] as HTMLElement;
      expect(failed).toHaveTextContent('Error: model timed out');
      expect(within(failed).getByRole('button', { name: /Summarise/ })).toBeEnabled();
      // In order, each after the one before.
      expect(calls).toEqual(OBSERVATION_FACTORS.filter((id) => id !== 7));
    },
  );

  it(
    'refuses the full summary before any factor has comments, then makes it',
    { timeout: 2 * ALL_FACTORS_MS },
    async () => {
      const user = userEvent.setup();
      const calls: number[] = [];
      renderPlayground([
        surveyMock,
        ...factorMocks(calls),
        {
          request: {
            query: PlaygroundRoute_FullSummaryDocument,
            variables: { surveyId: SURVEY, type: 'POSITIVE', language: 'en-US' },
          },
          result: {
            data: {
              summarizeCommentType: {
                __typename: 'AiCombinedSummary',
                text: '',
                observationFactorsUsed: [5],
                commentCount: 4,
                producedBy: provenance,
              },
            },
          },
        },
      ]);
      const positive = await screen.findByRole('region', { name: 'Positive comments' });
      const full = within(positive).getByRole('button', { name: 'Create full summary' });
      await user.click(full);
      expect(within(positive).getByRole('alert')).toHaveTextContent(
        'No summaries to generate a full summary from. Please generate summaries per observation factor first from above.',
      );
      await user.click(within(positive).getByRole('button', { name: /Summarise all factors/ }));
      await user.click(full);
      // The full summary's alert comes after the factor rows', which factor 7's failure may have
      // joined by now (it did on Node 24): the last alert is the full summary's.
      expect(within(positive).getAllByRole('alert').at(-1)).toHaveTextContent(
        "Can't generate full summary while loading observation factor summaries.",
      );
      // The last factor done: the section is idle again.
      const other = within(positive).getByRole('listitem', { name: 'Something else' });
      await within(other).findByText(
        'No open comments found from this observation factor.',
        {},
        { timeout: ALL_FACTORS_MS },
      );
      await user.click(full);
      expect(await within(positive).findByText('No full summary created.')).toBeVisible();
    },
  );

  it('checks the chat question and amount before asking', async () => {
    const user = userEvent.setup();
    renderPlayground([surveyMock]);
    await user.click(await screen.findByRole('switch', { name: 'Enable Chat with Survey' }));
    const chat = screen.getByRole('region', { name: 'Chat with the survey' });
    expect(within(chat).getByRole('textbox', { name: 'Maximum number of comments' })).toHaveValue(
      '15',
    );
    await user.click(within(chat).getByRole('button', { name: 'Search' }));
    expect(within(chat).getByRole('alert')).toHaveTextContent(
      'The question field cannot be empty.',
    );
    await user.type(within(chat).getByRole('textbox', { name: 'Question' }), 'Miten palkka?');
    const amount = within(chat).getByRole('textbox', { name: 'Maximum number of comments' });
    await user.clear(amount);
    await user.type(amount, '101');
    await user.click(within(chat).getByRole('button', { name: 'Search' }));
    expect(within(chat).getByRole('alert')).toHaveTextContent(
      'The number of comments to fetch must be between 1 and 100.',
    );
  });
});

describe('all factors under the rate limit', () => {
  it(
    'asks a rate-limited factor again after a wait instead of showing an error',
    { timeout: 2 * ALL_FACTORS_MS },
    async () => {
      const user = userEvent.setup();
      const calls: number[] = [];
      // Factor 7 answers with no comments here (factorMocks makes it fail).
      const [first, ...rest] = factorMocks(calls).filter((_, i) => OBSERVATION_FACTORS[i] !== 7);
      const limited: MockedResponse = {
        request: first?.request ?? { query: PlaygroundRoute_SummarizeFactorDocument },
        result: {
          errors: [new GraphQLError('Too many requests', { extensions: { code: 'RATE_LIMITED' } })],
        },
      };
      const seven: MockedResponse = {
        request: {
          query: PlaygroundRoute_SummarizeFactorDocument,
          variables: {
            surveyId: SURVEY,
            observationFactorId: 7,
            type: 'POSITIVE',
            language: 'en-US',
          },
        },
        result: {
          data: {
            summarizeObservationFactor: {
              __typename: 'AiSummary',
              text: '',
              commentCount: 0,
              producedBy: provenance,
            },
          },
        },
      };
      renderRoutes({
        routes: [
          {
            path: '/',
            element: (
              <FactorSection
                surveyId={SURVEY}
                type="POSITIVE"
                language="en-US"
                rateLimitWaitMs={20}
              />
            ),
          },
        ],
        session: testSession({ account: testAccount() }),
        mocks: [limited, first as MockedResponse, ...rest, seven],
      });
      await user.click(await screen.findByRole('button', { name: /Summarise all factors/ }));
      const other = await screen.findByRole('listitem', { name: 'Something else' });
      await within(other).findByText(
        'No open comments found from this observation factor.',
        {},
        { timeout: ALL_FACTORS_MS },
      );
      const meaningful = screen.getByRole('listitem', { name: 'Meaningful work' });
      expect(meaningful).toHaveTextContent('No open comments found from this observation factor.');
      expect(meaningful).not.toHaveTextContent('Error:');
      expect(calls[0]).toBe(2);
    },
  );

  it('shows a single summary that is rate limited as an error', async () => {
    const user = userEvent.setup();
    renderRoutes({
      routes: [
        {
          path: '/',
          element: <FactorSection surveyId={SURVEY} type="POSITIVE" language="en-US" />,
        },
      ],
      session: testSession({ account: testAccount() }),
      mocks: [
        {
          request: {
            query: PlaygroundRoute_SummarizeFactorDocument,
            variables: {
              surveyId: SURVEY,
              observationFactorId: 2,
              type: 'POSITIVE',
              language: 'en-US',
            },
          },
          result: {
            errors: [
              new GraphQLError('Too many requests', { extensions: { code: 'RATE_LIMITED' } }),
            ],
          },
        },
      ],
    });
    const meaningful = await screen.findByRole('listitem', { name: 'Meaningful work' });
    await user.click(within(meaningful).getByRole('button', { name: /Summarise/ }));
    expect(await within(meaningful).findByText('Error: Too many requests')).toBeVisible();
  });
});

describe('the playground chat', () => {
  const hit = (id: string, text: string, rank: number, count: number) => ({
    __typename: 'AskComment' as const,
    id,
    text,
    type: 'POSITIVE',
    criterion: 'Pay and benefits',
    rank,
    count,
  });

  it('shows how many comments a hit stands for, as the Ask page does', async () => {
    const user = userEvent.setup();
    renderRoutes({
      routes: [{ path: '/', element: <ChatPanel surveyId={SURVEY} language="en-US" /> }],
      session: testSession({ account: testAccount() }),
      mocks: [
        {
          request: { query: SearchIndexControls_IndexDocument, variables: { surveyId: SURVEY } },
          result: { data: { survey: { __typename: 'Survey', id: SURVEY, searchIndex: null } } },
          maxUsageCount: 5,
        },
        {
          request: { query: ChatPanel_AskDocument, variables: () => true },
          result: {
            data: {
              askSurvey: {
                __typename: 'AskAnswer',
                answer: '2 of the 2 comments concern Pay and benefits.',
                entities: [],
                followUpQuestions: [],
                comments: [
                  hit('c1', 'Pay rises were handled fairly this year.', 1, 7),
                  hit('c2', 'The lunch benefit is appreciated.', 2, 1),
                ],
                producedBy: provenance,
              },
            },
          },
        },
      ],
    });
    await user.type(await screen.findByRole('textbox', { name: /Question/ }), 'What about pay?');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const text = await screen.findByText(/Pay rises were handled fairly/);
    const first = text.closest('li');
    if (!first) throw new Error('the hit is not a list item');
    // The hit stands for 7 comments with the same or nearly the same text; a single one shows none.
    expect(within(first).getByTestId('chat-count')).toHaveTextContent(
      'Same or nearly the same text: 7',
    );
    expect(screen.getAllByTestId('chat-count')).toHaveLength(1);
    expect(screen.getByText('Comments used: 2')).toBeVisible();
  });
});

describe('the playground route', () => {
  it('sits behind the Admin guard', () => {
    const guards: RouteObject[] = [];
    const walk = (list: RouteObject[]) =>
      list.forEach((route) => {
        if (route.children?.some((child) => child.path === '/surveys/gen-ai/:id'))
          guards.push(route);
        walk(route.children ?? []);
      });
    walk(appRoutes);
    expect(guards).toHaveLength(1);
    expect((guards[0]?.element as { props: { roles: unknown } }).props.roles).toEqual(ADMIN_ONLY);
  });
});
