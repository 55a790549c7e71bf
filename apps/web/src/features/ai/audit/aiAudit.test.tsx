// The AI audit page against an Apollo mock of its query: who, when, which survey, how many
// comments and tokens, failed calls marked, and the empty state that says nothing left.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AiAuditRouteDocument, type AiAuditRouteQuery } from '../../../__generated__/graphql';
import { renderRoutes, testAccount, testSession } from '../../../test/render';
import { AiAuditRoute, AUDIT_TAKE } from './AiAuditRoute';

type Entry = AiAuditRouteQuery['aiAudit'][number];

const entry = (overrides: Partial<Entry>): Entry => ({
  id: '1',
  at: '2026-11-27T10:15:00.000Z',
  userName: 'Anna Admin',
  userEmail: 'anna@example.com',
  surveyName: 'Henkilöstökysely 2025',
  operation: 'ask',
  commentIds: ['c1', 'c2', 'c3'],
  model: 'qwen2.5:3b',
  inputTokens: 1200,
  outputTokens: 150,
  ...overrides,
});

function renderAudit(entries: Entry[]) {
  return renderRoutes({
    routes: [{ path: '/ai-audit', element: <AiAuditRoute /> }],
    initialEntries: ['/ai-audit'],
    session: testSession({ account: testAccount({ language: 'en-US' }) }),
    mocks: [
      {
        request: { query: AiAuditRouteDocument, variables: { take: AUDIT_TAKE } },
        // The cache reads __typename, which the generated types leave out.
        result: { data: { aiAudit: entries.map((e) => ({ __typename: 'AiAuditEntry', ...e })) } },
      },
    ],
  });
}

describe('the AI audit page', () => {
  it('lists who sent what to the provider, when, for which survey, with comments and tokens', async () => {
    renderAudit([
      entry({}),
      entry({
        id: '2',
        userName: null,
        userEmail: null,
        operation: 'index-embedding:failed',
        commentIds: [],
        inputTokens: 0,
        outputTokens: 0,
      }),
    ]);
    const table = await screen.findByRole('table', { name: 'AI provider calls' });
    const [header, first, second] = within(table).getAllByRole('row');
    expect(header).toHaveTextContent('WhenWhoSurveyCallComments sentTokens (in / out)');
    expect(first).toHaveTextContent('Anna Admin');
    expect(first).toHaveTextContent('anna@example.com');
    expect(first).toHaveTextContent('Henkilöstökysely 2025');
    expect(first).toHaveTextContent('qwen2.5:3b');
    expect(within(first as HTMLElement).getAllByRole('cell')[4]).toHaveTextContent('3');
    expect(first).toHaveTextContent('1200 / 150');
    expect(second).toHaveTextContent('System (index build)');
    expect(second).toHaveTextContent('index-embeddingFailed');
  });

  it('says that nothing left when the audit is empty', async () => {
    renderAudit([]);
    expect(
      await screen.findByText(/With the built-in engine nothing leaves the system/),
    ).toBeInTheDocument();
  });
});
