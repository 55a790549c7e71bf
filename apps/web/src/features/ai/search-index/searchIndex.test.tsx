import type { MockedResponse } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  SearchIndexControls_CreateDocument,
  SearchIndexControls_DeleteDocument,
  SearchIndexControls_IndexDocument,
} from '../../../__generated__/graphql';
import { renderRoutes, testAccount, testSession } from '../../../test/render';
import SurveyAiSection from './SurveyAiSection';

const SURVEY = 's1';
type Status = 'QUEUED' | 'BUILDING' | 'READY' | 'FAILED';

const index = (status: Status, done: number, total = 200) => ({
  __typename: 'SearchIndex' as const,
  surveyId: SURVEY,
  status,
  total,
  done,
  progress: total ? done / total : 0,
  vectorModel: 'hashed-char-ngrams',
  error: status === 'FAILED' ? 'disk full' : null,
  updatedAt: '2026-11-25T10:00:00.000Z',
});

const indexQuery = (value: ReturnType<typeof index> | null): MockedResponse => ({
  request: { query: SearchIndexControls_IndexDocument, variables: { surveyId: SURVEY } },
  result: { data: { survey: { __typename: 'Survey', id: SURVEY, searchIndex: value } } },
});

function renderSection(mocks: MockedResponse[]) {
  return renderRoutes({
    routes: [{ path: '/', element: <SurveyAiSection surveyId={SURVEY} /> }],
    session: testSession({ account: testAccount() }),
    mocks,
  });
}

describe('the AI search index on the survey details page', () => {
  it('links to the playground', async () => {
    renderSection([indexQuery(null)]);
    expect(await screen.findByRole('link', { name: /AI Labs \(beta\)/ })).toHaveAttribute(
      'href',
      `/surveys/gen-ai/${SURVEY}`,
    );
    expect(await screen.findByText('No search index yet.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete AI search index' })).toBeDisabled();
  });

  it('creates an index after confirmation and shows the build progress, then the result', async () => {
    const user = userEvent.setup();
    renderSection([
      indexQuery(null),
      {
        request: { query: SearchIndexControls_CreateDocument, variables: { surveyId: SURVEY } },
        result: { data: { createSearchIndex: index('QUEUED', 0) } },
      },
      indexQuery(index('BUILDING', 80)),
      indexQuery(index('READY', 200)),
      indexQuery(index('READY', 200)),
      indexQuery(index('READY', 200)),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Create AI search index' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create the AI search index' });
    expect(dialog).toHaveTextContent(/may take 5–10 minutes/);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('80 / 200 comments indexed')).toBeVisible();
    expect(within(dialog).getByText('Being built')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Creating index...' })).toBeDisabled();
    expect(
      await within(dialog).findByText(
        'The search index is ready: 200 comments indexed.',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    // The footer's Close (the x is the other).
    await user.click(
      within(dialog).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement,
    );
    expect(screen.getByText('Ready')).toBeVisible();
  });

  it('says the creation failed when the build fails', async () => {
    const user = userEvent.setup();
    renderSection([
      indexQuery(null),
      {
        request: { query: SearchIndexControls_CreateDocument, variables: { surveyId: SURVEY } },
        result: { data: { createSearchIndex: index('QUEUED', 0) } },
      },
      indexQuery(index('FAILED', 10)),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Create AI search index' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Creating the AI search index failed. Try again later.',
    );
  });

  it('deletes after confirmation, and says so when the deletion fails', async () => {
    const user = userEvent.setup();
    renderSection([
      indexQuery(index('READY', 200)),
      {
        request: { query: SearchIndexControls_DeleteDocument, variables: { surveyId: SURVEY } },
        error: new Error('upstream down'),
      },
    ]);
    await screen.findByText('Ready');
    await user.click(screen.getByRole('button', { name: 'Delete AI search index' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the AI search index' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Deleting the AI search index failed. Try again later.',
    );
  });
});
