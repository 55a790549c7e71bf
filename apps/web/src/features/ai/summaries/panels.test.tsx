import type { MockedResponse } from '@apollo/client/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CommentAiPanels_CapabilitiesDocument,
  CommentAiPanels_SummarizeDocument,
  CommentAiPanels_TranslateDocument,
} from '../../../__generated__/graphql';
import { renderRoutes, testAccount, testSession } from '../../../test/render';
import { CommentAiPanels } from './CommentAiPanels';
import { CopyButton } from './CopyButton';

const SURVEY = 's1';
const comments = [{ id: 'c1' }, { id: 'c2' }];

const capabilities = (summarization: boolean, translation: boolean): MockedResponse => ({
  request: { query: CommentAiPanels_CapabilitiesDocument, variables: { surveyId: SURVEY } },
  result: {
    data: {
      survey: {
        __typename: 'Survey',
        id: SURVEY,
        aiCapabilities: {
          __typename: 'AiCapabilities',
          summarization,
          translation,
          engine: 'EMBEDDED',
        },
      },
    },
  },
});

const provenance = (engine: 'EMBEDDED' | 'PROVIDER') => ({
  __typename: 'AiProvenance' as const,
  engine,
  method: engine === 'EMBEDDED' ? 'extractive-mmr' : 'llm-json-schema',
  model: engine === 'EMBEDDED' ? null : 'gpt-test',
});

const summaryMock = (
  topic: string,
  answer: { text: string; count: number } | 'error',
  engine: 'EMBEDDED' | 'PROVIDER' = 'EMBEDDED',
  delay = 0,
): MockedResponse => ({
  request: {
    query: CommentAiPanels_SummarizeDocument,
    variables: { surveyId: SURVEY, commentIds: ['c1', 'c2'], language: 'fi-FI', topic },
  },
  delay,
  ...(answer === 'error'
    ? { error: new Error('provider down') }
    : {
        result: {
          data: {
            summarizeComments: {
              __typename: 'AiSummary',
              text: answer.text,
              commentCount: answer.count,
              keyPhrases: ['palkka'],
              producedBy: provenance(engine),
            },
          },
        },
      }),
});

const translationMock = (language: string, translated: boolean, delay = 0): MockedResponse => ({
  request: {
    query: CommentAiPanels_TranslateDocument,
    variables: { surveyId: SURVEY, commentIds: ['c1', 'c2'], language },
  },
  delay,
  result: {
    data: {
      translateComments: {
        __typename: 'AiTranslation',
        message: translated ? null : 'Translation needs a configured model',
        producedBy: {
          __typename: 'AiProvenance',
          engine: translated ? 'PROVIDER' : 'EMBEDDED',
          method: translated ? 'llm-json-schema' : 'detect-only',
          model: translated ? 'gpt-test' : null,
        },
        items: [
          {
            __typename: 'CommentTranslation',
            commentId: 'c1',
            translatedText: translated ? 'Pay is too low.' : null,
            originalText: 'Palkka on liian pieni.',
            originalLanguage: 'fi',
            originalLanguageConfidence: 0.934,
          },
          {
            __typename: 'CommentTranslation',
            commentId: 'c2',
            translatedText: translated ? 'Good team.' : null,
            originalText: 'Bra team.',
            originalLanguage: 'sv',
            originalLanguageConfidence: 0.5,
          },
        ],
      },
    },
  },
});

/** The panels with a button that moves them to another topic, as the distribution map does. */
function Harness({ language }: { language: string }) {
  const [topic, setTopic] = useState('Pay');
  return (
    <>
      <button type="button" onClick={() => setTopic('Team spirit')}>
        next topic
      </button>
      <CommentAiPanels surveyId={SURVEY} comments={comments} topic={topic} language={language} />
    </>
  );
}

function renderPanels(mocks: MockedResponse[], language = 'fi-FI') {
  return renderRoutes({
    routes: [{ path: '/', element: <Harness language={language} /> }],
    session: testSession({ account: testAccount({ role: 'SUPER_USER' }) }),
    mocks,
  });
}

describe('the summary and translation panels', () => {
  it('shows nothing when neither summarisation nor translation is allowed', async () => {
    renderPanels([capabilities(false, false)]);
    await screen.findByRole('button', { name: 'next topic' });
    // Let the capabilities answer arrive, then look again.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('group', { name: /AI tools/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Summarise' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Translate' })).not.toBeInTheDocument();
  });

  it('offers only the summary when translation is not allowed, and labels an extractive summary', async () => {
    renderPanels([
      capabilities(true, false),
      summaryMock('Pay', { text: '"Palkka on pieni."', count: 2 }, 'EMBEDDED', 200),
    ]);
    const summarise = await screen.findByRole('button', { name: 'Summarise' });
    expect(screen.queryByRole('button', { name: 'Translate' })).not.toBeInTheDocument();
    // A click dispatched at once: the loading state renders within it, before the answer's 200 ms
    // (userEvent's click alone took longer than that under load, and the answer came first).
    fireEvent.click(summarise);
    expect(screen.getByText('Summarising the comments…')).toBeInTheDocument();
    const summary = await screen.findByRole('region', { name: 'AI summary' });
    expect(summary).toHaveTextContent('"Palkka on pieni."');
    expect(summary).toHaveTextContent('Comments summarised: 2');
    expect(within(summary).getByText('Extractive summary')).toBeInTheDocument();
    expect(summary).toHaveTextContent(/No language model is configured/);
    expect(summary).not.toHaveTextContent(/Generated by/);
  });

  it('names the model of a generated summary', async () => {
    const user = userEvent.setup();
    renderPanels([
      capabilities(true, true),
      summaryMock('Pay', { text: 'Pay worries many.', count: 2 }, 'PROVIDER'),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Summarise' }));
    const summary = await screen.findByRole('region', { name: 'AI summary' });
    expect(within(summary).getByText('Generated by gpt-test')).toBeInTheDocument();
    expect(summary).not.toHaveTextContent('Extractive summary');
  });

  it('shows the generic error when the summary fails', async () => {
    const user = userEvent.setup();
    renderPanels([capabilities(true, true), summaryMock('Pay', 'error')]);
    await user.click(await screen.findByRole('button', { name: 'Summarise' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The summary could not be made. Try again later.',
    );
  });

  it('disables both buttons while either runs', async () => {
    const user = userEvent.setup();
    // Long enough that the buttons are still disabled when checked on a busy machine.
    renderPanels([capabilities(true, true), translationMock('fi-FI', true, 1_500)]);
    await user.click(await screen.findByRole('button', { name: 'Translate' }));
    expect(screen.getByRole('button', { name: 'Summarise' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Translate' })).toBeDisabled();
    await screen.findByRole('region', { name: 'Translation' });
    expect(screen.getByRole('button', { name: 'Summarise' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Translate' })).toBeEnabled();
  });

  it('opens a translated comment to its original, language in upper case and rounded confidence', async () => {
    const user = userEvent.setup();
    renderPanels([capabilities(true, true), translationMock('fi-FI', true)]);
    await user.click(await screen.findByRole('button', { name: 'Translate' }));
    const panel = await screen.findByRole('region', { name: 'Translation' });
    expect(panel).toHaveTextContent('Pay is too low.');
    const [first] = within(panel).getAllByRole('button', { name: 'Show original' });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    await user.click(first as HTMLElement);
    expect(within(panel).getByRole('button', { name: 'Hide original' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(panel).toHaveTextContent('Palkka on liian pieni.');
    expect(panel).toHaveTextContent('FI, confidence 93 %');
  });

  it("shows the embedded engine's answer as not translated, with the detected languages", async () => {
    const user = userEvent.setup();
    renderPanels([capabilities(true, true), translationMock('fi-FI', false)]);
    await user.click(await screen.findByRole('button', { name: 'Translate' }));
    const panel = await screen.findByRole('region', { name: 'Translation' });
    expect(within(panel).getByText('Not translated')).toBeInTheDocument();
    expect(panel).toHaveTextContent(/needs a configured language model/);
    expect(panel).toHaveTextContent('Palkka on liian pieni.');
    expect(panel).toHaveTextContent('SV, confidence 50 %');
    expect(within(panel).queryByRole('button', { name: 'Show original' })).not.toBeInTheDocument();
  });

  it('refuses translation into Northern Sami, naming the language, without asking the server', async () => {
    const user = userEvent.setup();
    // No translation mock: a request would fail with the generic error instead.
    renderPanels([capabilities(true, true)], 'sme');
    await user.click(await screen.findByRole('button', { name: 'Translate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Translation into Northern Sami is not supported.',
    );
  });

  it('starts over when the topic changes', async () => {
    const user = userEvent.setup();
    renderPanels([
      capabilities(true, true),
      summaryMock('Pay', { text: 'About pay.', count: 2 }),
      translationMock('fi-FI', true),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Summarise' }));
    await screen.findByRole('region', { name: 'AI summary' });
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    await screen.findByRole('region', { name: 'Translation' });
    await user.click(screen.getByRole('button', { name: 'next topic' }));
    expect(screen.getByRole('group', { name: 'AI tools for Team spirit' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'AI summary' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Translation' })).not.toBeInTheDocument();
  });
});

describe('the copy button', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const clipboard = (writeText: (text: string) => Promise<void>) =>
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });

  it('shows success, then returns to normal after 2000 ms', async () => {
    const written: string[] = [];
    clipboard(async (text) => {
      written.push(text);
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderRoutes({ routes: [{ path: '/', element: <CopyButton text="Tiivistelmä" /> }] });
    fireEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toHaveAttribute(
      'data-state',
      'copied',
    );
    expect(written).toEqual(['Tiivistelmä']);
    act(() => vi.advanceTimersByTime(1900));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(150));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument());
  });

  it('shows the error icon when the browser refuses', async () => {
    clipboard(() => Promise.reject(new Error('denied')));
    renderRoutes({ routes: [{ path: '/', element: <CopyButton text="x" /> }] });
    fireEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copying failed' })).toHaveAttribute(
      'data-state',
      'failed',
    );
  });
});
