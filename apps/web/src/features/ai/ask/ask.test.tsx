// The Ask page against Apollo mocks of its two operations: access, the search box, the answer with
// its engine, the comment groups, follow-ups as a thread kept in the address, settings and errors.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GraphQLFormattedError } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  AskRouteDocument,
  AskRoute_AskDocument,
  type AskInput,
  type AskRouteQuery,
  type AskRoute_AskMutation,
  type Role,
} from '../../../__generated__/graphql';
import { renderRoutes, testAccount, testSession } from '../../../test/render';
import { AskRoute } from './routes/AskRoute';

type Answer = AskRoute_AskMutation['askSurvey'];

function surveyData(
  overrides: { settings?: Partial<{ showAskKiddyManager: boolean; showAskKiddyUser: boolean }> } & {
    restrict?: boolean;
    baseSurveyId?: string | null;
    agentic?: boolean;
  } = {},
): AskRouteQuery {
  return {
    survey: {
      __typename: 'Survey',
      id: 's1',
      name: 'Demo survey 2026',
      baseSurveyId: overrides.baseSurveyId ?? null,
      company: {
        __typename: 'Company',
        id: 'c1',
        settings: {
          __typename: 'CompanySettings',
          restrictOpenCommentsByUnit: overrides.restrict ?? false,
        },
      },
      settings: {
        __typename: 'SurveySettings',
        showAskKiddyManager: true,
        showAskKiddyUser: false,
        showAgenticAskKiddy: false,
        shouldUseVectorSearchAskKiddy: false,
        ...overrides.settings,
      },
      aiCapabilities: {
        __typename: 'AiCapabilities',
        ask: true,
        agentic: overrides.agentic ?? false,
        engine: 'EMBEDDED',
      },
    },
    reportFilterChoices: {
      __typename: 'ReportFilterChoices',
      units: [{ __typename: 'ReportUnitChoice', id: 'u1', name: 'Development', level: 1 }],
    },
    // The cache reads __typename, which the generated types leave out of these objects.
  } as unknown as AskRouteQuery;
}

const comment = (id: string, type: 'POSITIVE' | 'NEGATIVE' | 'NEUTRAL', rank: number) => ({
  __typename: 'AskComment' as const,
  id,
  surveyId: 's1',
  text: `Comment ${id} text`,
  type,
  criterionId: 5,
  criterion: 'Leadership',
  rank,
  score: 1 / rank,
  // The first hit stands for 12 comments with the same text (collapsed by the search).
  count: rank === 1 ? 12 : 1,
  cited: rank <= 2,
});

function answer(text: string, followUps: string[] = [], count = 8): Answer {
  const types = ['NEGATIVE', 'POSITIVE'] as const;
  return {
    __typename: 'AskAnswer',
    answer: text,
    entities: ['leadership'],
    followUpQuestions: followUps,
    searchType: 'HYBRID',
    vectorLeg: 'hashed-char-ngrams',
    agenticSteps: null,
    producedBy: {
      __typename: 'AiProvenance',
      engine: 'EMBEDDED',
      method: 'ranked-extractive-answer',
      model: null,
    },
    comments: Array.from({ length: count }, (_, i) =>
      comment(`k${i + 1}`, i < 6 ? types[0] : types[1], i + 1),
    ),
  } as Answer;
}

interface Asked {
  input: AskInput;
}

function askMock(
  respond: (
    input: AskInput,
  ) => { data: { askSurvey: Answer } } | { errors: GraphQLFormattedError[] },
  seen: AskInput[],
) {
  return {
    request: { query: AskRoute_AskDocument, variables: () => true },
    result: (variables: Asked) => {
      seen.push(variables.input);
      return respond(variables.input);
    },
    maxUsageCount: 20,
  };
}

function renderAsk(
  role: Role,
  options: { data?: AskRouteQuery; url?: string; ask?: ReturnType<typeof askMock> } = {},
) {
  const routeMock = {
    request: { query: AskRouteDocument, variables: () => true },
    result: { data: options.data ?? surveyData() },
    maxUsageCount: 5,
  };
  return renderRoutes({
    routes: [
      { path: '/report/ask-kiddy', element: <AskRoute /> },
      { path: '/report', element: <p>Reports landing</p> },
    ],
    initialEntries: [options.url ?? '/report/ask-kiddy?surveyId=s1'],
    session: testSession({ account: testAccount({ role, language: 'en-US' }) }),
    mocks: options.ask ? [routeMock, options.ask] : [routeMock],
  });
}

const ask = async (text: string) => {
  const box = await screen.findByLabelText('Your question');
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter' });
};

describe('the Ask page', () => {
  it('sends a user without a survey in the address back to /report', async () => {
    renderAsk('ADMIN', { url: '/report/ask-kiddy' });
    expect(await screen.findByText('Reports landing')).toBeInTheDocument();
  });

  it('sends a User to /report when the survey does not let users ask', async () => {
    renderAsk('USER', { data: surveyData({ settings: { showAskKiddyUser: false } }) });
    expect(await screen.findByText('Reports landing')).toBeInTheDocument();
  });

  it('lets a SuperUser in with showAskKiddyManager and shows the survey name', async () => {
    renderAsk('SUPER_USER');
    expect(await screen.findByRole('heading', { name: 'Ask the comments' })).toBeInTheDocument();
    expect(screen.getByText('Survey: Demo survey 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to reports' })).toHaveAttribute(
      'href',
      '/report?surveyId=s1',
    );
  });

  it('refuses a question under 4 characters and clears the message on typing', async () => {
    const seen: AskInput[] = [];
    renderAsk('ADMIN', { ask: askMock(() => ({ data: { askSurvey: answer('x') } }), seen) });
    await ask('pay');
    expect(await screen.findByText('Write at least 4 characters.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Your question'), { target: { value: 'pay!' } });
    expect(screen.queryByText('Write at least 4 characters.')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Your question'), {
      target: { value: 'a'.repeat(1001) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText('Write at most 1000 characters.')).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });

  it('answers with the engine named, the disclaimer, 4 comments a group and rank badges', async () => {
    const seen: AskInput[] = [];
    const { router } = renderAsk('ADMIN', {
      ask: askMock(
        () => ({ data: { askSurvey: answer('Found 8 comments.', ['What about pay?']) } }),
        seen,
      ),
    });
    await ask('How is leadership?');
    expect(await screen.findByText('Found 8 comments.')).toBeInTheDocument();
    expect(screen.getByTestId('ask-engine')).toHaveTextContent(
      'Built-in engine, no language model',
    );
    expect(screen.getByTestId('ask-disclaimer')).toHaveTextContent('No language model wrote this');
    expect(seen[0]).toMatchObject({
      surveyId: 's1',
      question: 'How is leadership?',
      amount: 50,
      similarityThreshold: 0.3,
      searchType: 'HYBRID',
    });
    // The built-in engine answers no agentic question: the page does not ask for one.
    expect(seen[0]).not.toHaveProperty('agentic');
    expect(seen[0]).not.toHaveProperty('previousQuestions');
    // Plain words, no engine jargon: no method name, no vector leg, no raw score.
    const page = document.body.textContent ?? '';
    for (const jargon of ['bm25', 'hashed-char-ngrams', 'ranked-extractive', 'Score', 'Method:'])
      expect(page).not.toContain(jargon);
    const negative = screen.getByRole('region', { name: 'Negative (6)' });
    expect(within(negative).getAllByTestId('ask-comment')).toHaveLength(4);
    // Each found comment's text is the respondent's, marked so (no browser translation); its badges
    // are the console's.
    for (const found of within(negative).getAllByTestId('ask-comment'))
      expect(found.querySelectorAll('[data-respondent-content][translate="no"]')).toHaveLength(1);
    expect(screen.getAllByTestId('ask-rank')[0]).not.toHaveAttribute('data-respondent-content');
    fireEvent.click(within(negative).getByRole('button', { name: 'Show 2 more' }));
    expect(within(negative).getAllByTestId('ask-comment')).toHaveLength(6);
    fireEvent.click(within(negative).getByRole('button', { name: 'Show less' }));
    expect(within(negative).getAllByTestId('ask-comment')).toHaveLength(4);
    expect(screen.getAllByTestId('ask-rank').map((badge) => badge.textContent)).toEqual([
      'Relevance #1',
      'Relevance #2',
      'Relevance #3',
    ]);
    // Identical texts are one hit with their count; a single comment shows none.
    expect(screen.getAllByTestId('ask-count').map((badge) => badge.textContent)).toEqual([
      'Same or nearly the same text: 12',
    ]);
    // The Admin sees the datasource of each comment.
    expect(screen.getAllByTestId('ask-source')[0]).toHaveTextContent('This survey');
    expect(router.state.location.search).toBe('?surveyId=s1&q=How+is+leadership%3F');
    fireEvent.click(screen.getByRole('button', { name: 'Hide comments' }));
    expect(screen.queryAllByTestId('ask-comment')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Show comments (8)' }));
    expect(screen.getAllByTestId('ask-comment')).toHaveLength(6);
  });

  it('opens the group of a cited comment beyond the first 4 and focuses it', async () => {
    const seen: AskInput[] = [];
    const cited = answer('See [k6].');
    renderAsk('ADMIN', { ask: askMock(() => ({ data: { askSurvey: cited } }), seen) });
    await ask('Where is the sixth?');
    const link = await screen.findByRole('link', { name: 'Go to comment 6' });
    expect(screen.queryByText('Comment k6 text')).not.toBeInTheDocument();
    fireEvent.click(link);
    const target = await screen.findByText('Comment k6 text');
    await waitFor(() => expect(target.closest('li')).toHaveFocus());
  });

  it('runs a follow-up as the next question of the thread and keeps both in the address', async () => {
    const seen: AskInput[] = [];
    const { router } = renderAsk('SUPER_USER', {
      ask: askMock(
        (input) => ({
          data: {
            askSurvey: answer(`Answer to ${input.question}`, ['What about pay?'], 3),
          },
        }),
        seen,
      ),
    });
    await ask('How is leadership?');
    fireEvent.click(await screen.findByRole('button', { name: 'What about pay?' }));
    expect(await screen.findByText('Answer to What about pay?')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Earlier in this thread' })).toBeInTheDocument();
    expect(screen.getByText('Answer to How is leadership?')).toBeInTheDocument();
    expect(router.state.location.search).toBe(
      '?surveyId=s1&q=How+is+leadership%3F&q=What+about+pay%3F',
    );
    // The follow-up carries the thread: the earlier question narrows it.
    expect(seen[1]?.previousQuestions).toEqual(['How is leadership?']);
    // Not the Admin: the survey's settings choose the search, no datasource labels.
    expect(seen[1]).not.toHaveProperty('searchType');
    expect(seen[1]).not.toHaveProperty('agentic');
    expect(screen.queryByTestId('ask-source')).not.toBeInTheDocument();
  });

  it('asks the questions of a shared link again', async () => {
    const seen: AskInput[] = [];
    renderAsk('ADMIN', {
      url: '/report/ask-kiddy?surveyId=s1&q=How+is+leadership%3F&q=What+about+pay%3F',
      ask: askMock(
        (input) => ({ data: { askSurvey: answer(`Answer to ${input.question}`) } }),
        seen,
      ),
    });
    expect(await screen.findByText('Answer to What about pay?')).toBeInTheDocument();
    expect(seen.map((input) => input.question)).toEqual(['How is leadership?', 'What about pay?']);
    expect(seen.map((input) => input.previousQuestions)).toEqual([
      undefined,
      ['How is leadership?'],
    ]);
  });

  it('warns when no comments were found', async () => {
    const seen: AskInput[] = [];
    renderAsk('ADMIN', {
      ask: askMock(() => ({ data: { askSurvey: answer('None.', [], 0) } }), seen),
    });
    await ask('Anything about parking?');
    expect(
      await screen.findByText('No relevant comments were found. Try other words.'),
    ).toBeInTheDocument();
  });

  it.each([
    ['ADMIN', 'NOT_FOUND', 'Create it on the survey’s page, in its AI section.'],
    ['SUPER_USER', 'NOT_FOUND', 'Contact support to have one created.'],
    ['ADMIN', 'FORBIDDEN', 'You cannot ask about this survey. Contact support if you need access.'],
  ] as const)('tells a %s the %s message', async (role, code, text) => {
    const seen: AskInput[] = [];
    renderAsk(role, {
      ask: askMock(() => ({ errors: [{ message: code, extensions: { code } }] }), seen),
    });
    await ask('How is leadership?');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('offers 3 retries of a failed search, then the no-retry message, and closes', async () => {
    const seen: AskInput[] = [];
    renderAsk('ADMIN', {
      ask: askMock(
        () => ({ errors: [{ message: 'boom', extensions: { code: 'INTERNAL' } }] }),
        seen,
      ),
    });
    await ask('How is leadership?');
    for (let retry = 0; retry < 3; retry += 1) {
      fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(seen).toHaveLength(retry + 2));
    }
    expect(await screen.findByRole('alert')).toHaveTextContent('The search failed again.');
    // The Admin is support: not told to contact support.
    expect(screen.getByRole('alert')).not.toHaveTextContent('contact support');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close message' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the Admin the search type and agentic settings, and sends what was chosen', async () => {
    const user = userEvent.setup();
    const seen: AskInput[] = [];
    renderAsk('ADMIN', {
      data: surveyData({ agentic: true }),
      ask: askMock(() => ({ data: { askSurvey: answer('ok') } }), seen),
    });
    await user.click(await screen.findByRole('button', { name: 'Show settings' }));
    await user.click(screen.getByRole('button', { name: '100' }));
    await user.click(screen.getByText('Vector'));
    await user.click(screen.getByRole('switch', { name: /Agentic mode/ }));
    await user.click(screen.getByRole('checkbox', { name: 'eNPS' }));
    const threshold = screen.getByRole('textbox', { name: /Similarity threshold/ });
    await user.clear(threshold);
    await ask('How is leadership?');
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toMatchObject({
      amount: 100,
      searchType: 'VECTOR',
      agentic: true,
      datasources: ['NPS'],
      similarityThreshold: 0.1,
    });
  });

  it('asks agentically for a SuperUser when the survey switches agentic mode on', async () => {
    const seen: AskInput[] = [];
    renderAsk('SUPER_USER', {
      data: surveyData({ agentic: true }),
      ask: askMock(() => ({ data: { askSurvey: answer('ok') } }), seen),
    });
    await ask('How is leadership?');
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toMatchObject({ agentic: true });
    expect(seen[0]).not.toHaveProperty('searchType');
  });

  it('offers the Admin no agentic mode when no model can answer agentically', async () => {
    const user = userEvent.setup();
    renderAsk('ADMIN');
    await user.click(await screen.findByRole('button', { name: 'Show settings' }));
    expect(screen.getByText('Search type')).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: /Agentic mode/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Figures the agent may use')).not.toBeInTheDocument();
  });

  it('hides the search type and agentic settings from the other roles', async () => {
    const user = userEvent.setup();
    renderAsk('PARTNER_ADMIN');
    await user.click(await screen.findByRole('button', { name: 'Show settings' }));
    expect(screen.getByRole('textbox', { name: /Comments to fetch/ })).toBeInTheDocument();
    expect(screen.queryByText('Search type')).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('names trend groups better, worse, important and shows units only when restricted', async () => {
    const seen: AskInput[] = [];
    renderAsk('ADMIN', {
      data: surveyData({ baseSurveyId: 's0', restrict: true }),
      ask: askMock(() => ({ data: { askSurvey: answer('ok') } }), seen),
    });
    expect(await screen.findByText('Units')).toBeInTheDocument();
    await ask('How is leadership?');
    expect(await screen.findByRole('region', { name: 'Got worse (6)' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Got better (2)' })).toBeInTheDocument();
  });

  it('shows no unit filter when the company does not restrict comments by unit', async () => {
    renderAsk('ADMIN');
    await screen.findByRole('heading', { name: 'Ask the comments' });
    expect(screen.queryByText('Units')).not.toBeInTheDocument();
  });
});
