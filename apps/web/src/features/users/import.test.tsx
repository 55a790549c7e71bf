import type { MockedResponse } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ImportUsersDialog_CompaniesDocument,
  UsersRoute_UsersDocument,
} from '../../__generated__/graphql';
import { renderRoutes, testAccount, testSession } from '../../test/render';
import { UsersRoute } from './routes/UsersRoute';
import { mayImportUsers, USER_IMPORT_DOMAINS } from './userImport';

const listMock: MockedResponse = {
  request: { query: UsersRoute_UsersDocument, variables: () => true },
  result: { data: { users: { __typename: 'UserPage', totalRecords: 0, records: [] } } },
  maxUsageCount: 5,
};
const companiesMock: MockedResponse = {
  request: { query: ImportUsersDialog_CompaniesDocument },
  result: {
    data: {
      companyChoices: [
        { __typename: 'Company', id: 'c1', name: 'Demo Oy' },
        { __typename: 'Company', id: 'c2', name: 'Other Ab' },
      ],
    },
  },
};

const render = (email: string) =>
  renderRoutes({
    routes: [{ path: '/users', element: <UsersRoute /> }],
    initialEntries: ['/users'],
    session: testSession({ account: testAccount({ role: 'ADMIN', email }) }),
    mocks: [listMock, companiesMock],
  });

afterEach(() => vi.unstubAllGlobals());

describe('user import', () => {
  it('is offered only to users of the allowed domains', () => {
    expect(USER_IMPORT_DOMAINS).toHaveLength(3);
    expect(mayImportUsers('Ada@Survey-Console.dev')).toBe(true);
    expect(mayImportUsers('ada@example.com')).toBe(false);
    expect(mayImportUsers('ada@survey-console.dev.example.com')).toBe(false);
    expect(mayImportUsers(undefined)).toBe(false);
    expect(mayImportUsers('x@a.test', ['a.test'])).toBe(true);
  });

  it('hides the button from others', async () => {
    render('someone@example.com');
    expect(await screen.findByRole('link', { name: 'Add user' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import users' })).not.toBeInTheDocument();
  });

  it('needs a company and a file, then posts both to the users import', async () => {
    const fetchMock = vi.fn(
      async (_path: string, _init: RequestInit) =>
        new Response(
          JSON.stringify({
            successfulImportsCount: 0,
            failedImportsCount: 1,
            failedImports: [{ row: 2, email: 'a@b.test', reason: 'email_in_use' }],
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render('ada@survey-console.dev');
    await user.click(await screen.findByRole('button', { name: 'Import users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import users' });
    // The rows' units also set the hierarchy: the dialog says so.
    expect(dialog).toHaveTextContent(
      "Each unit is placed under the row's unit one level up, unless it already has a parent",
    );
    const ok = within(dialog).getByRole('button', { name: 'Import' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['PK'], 'users.xlsx'));
    expect(ok).toBeDisabled();
    await user.click(within(dialog).getByLabelText(/^Company/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Other Ab' }));
    expect(ok).toBeEnabled();
    await user.click(ok);
    expect(await screen.findByTestId('import-summary')).toHaveTextContent(
      'Email already belongs to a user',
    );
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/files/import/users');
    expect((init?.body as FormData).get('companyId')).toBe('c2');
  });
});
