import type { MockedResponse } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  CreateUserRoute_CreateDocument,
  CreateUserRoute_OptionsDocument,
  CreateUserRoute_SetUnitsDocument,
  CreateUserRoute_UnitsDocument,
  EditUserRoute_DeleteDocument,
  EditUserRoute_UserDocument,
  UsersRoute_UsersDocument,
} from '../../__generated__/graphql';
import { renderRoutes, testAccount, testSession } from '../../test/render';
import { CreateUserRoute } from './routes/CreateUserRoute';
import { EditUserRoute } from './routes/EditUserRoute';
import { UsersRoute } from './routes/UsersRoute';
import { EMPTY_USER_FORM, validateUserForm } from './userForm';

const COMPANY = { __typename: 'Company', id: 'c1', name: 'Demo Oy' } as const;
const usersPage = '/users';

const routes = [
  { path: '/users', element: <UsersRoute /> },
  { path: '/users/create', element: <CreateUserRoute /> },
  { path: '/users/edit/:id', element: <EditUserRoute /> },
];

const superUser = testSession({
  account: testAccount({ id: 'me', role: 'SUPER_USER', companies: [COMPANY] }),
});

describe('user form rules', () => {
  it('requires name, email, company, role and language on create', () => {
    expect(validateUserForm(EMPTY_USER_FORM, 'create')).toEqual({
      displayName: 'validation.required',
      email: 'validation.required',
      companyId: 'validation.required',
      role: 'users.form.roleRequired',
      language: 'users.form.languageRequired',
    });
  });

  it('does not ask for a company on edit', () => {
    expect(validateUserForm({ ...EMPTY_USER_FORM, displayName: ' ' }, 'edit')).toEqual({
      displayName: 'validation.required',
      email: 'validation.required',
      role: 'users.form.roleRequired',
      language: 'users.form.languageRequired',
    });
    const filled = {
      ...EMPTY_USER_FORM,
      displayName: 'Ada',
      email: 'ada@example.test',
      role: 'USER' as const,
      language: 'sv',
    };
    expect(validateUserForm(filled, 'edit')).toEqual({});
  });
});

const optionsMock: MockedResponse = {
  request: { query: CreateUserRoute_OptionsDocument },
  result: { data: { assignableRoles: ['SUPER_USER', 'USER'], companyChoices: [COMPANY] } },
};

describe('the create user page', () => {
  it("says 'Role is required' and 'Language is required' and sends nothing", async () => {
    renderRoutes({
      routes,
      initialEntries: ['/users/create'],
      session: superUser,
      mocks: [optionsMock],
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('Role is required')).toBeInTheDocument();
    expect(screen.getByText('Language is required')).toBeInTheDocument();
    expect(screen.getAllByText('Required')).toHaveLength(2);
  });

  it('creates the user with the only company chosen already and goes back to /users', async () => {
    const create: MockedResponse = {
      request: {
        query: CreateUserRoute_CreateDocument,
        variables: {
          input: {
            displayName: 'New Person',
            email: 'new@example.test',
            companyId: 'c1',
            role: 'USER',
            language: 'sv',
          },
        },
      },
      result: {
        data: {
          createUser: {
            __typename: 'UserResult',
            ok: true,
            fieldErrors: [],
            user: { __typename: 'User', id: 'u9', email: 'new@example.test' },
          },
        },
      },
    };
    const { router } = renderRoutes({
      routes: [...routes.slice(1), { path: '/users', element: <p>users page</p> }],
      initialEntries: ['/users/create'],
      session: superUser,
      mocks: [optionsMock, create],
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'New Person');
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'new@example.test');
    expect(screen.getByLabelText(/^Company/, { selector: 'input' })).toHaveValue('Demo Oy');
    await user.click(screen.getByLabelText(/^Role/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'User' }));
    await user.click(screen.getByLabelText(/^Language/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Svenska' }));
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    await screen.findByText('users page');
    expect(router.state.location.pathname).toBe(usersPage);
  });

  it('offers the units of the chosen company below the form and saves the choice with the user', async () => {
    const units: MockedResponse = {
      request: { query: CreateUserRoute_UnitsDocument, variables: { companyId: 'c1' } },
      result: {
        data: {
          company: {
            ...COMPANY,
            unitLevels: [
              {
                __typename: 'UnitLevel',
                index: 1,
                units: [
                  { __typename: 'Unit', id: 'un1', name: 'Sales' },
                  { __typename: 'Unit', id: 'un2', name: 'Development' },
                ],
              },
            ],
          },
        },
      },
    };
    const create: MockedResponse = {
      request: {
        query: CreateUserRoute_CreateDocument,
        variables: {
          input: {
            displayName: 'Unit Person',
            email: 'unit@example.test',
            companyId: 'c1',
            role: 'USER',
            language: 'sv',
          },
        },
      },
      result: {
        data: {
          createUser: {
            __typename: 'UserResult',
            ok: true,
            fieldErrors: [],
            user: { __typename: 'User', id: 'u10', email: 'unit@example.test' },
          },
        },
      },
    };
    let unitsSaved = false;
    const setUnits: MockedResponse = {
      request: {
        query: CreateUserRoute_SetUnitsDocument,
        variables: { email: 'unit@example.test', unitIds: ['un2'] },
      },
      result: () => {
        unitsSaved = true;
        return {
          data: { setUserUnits: { __typename: 'ActionResult', ok: true, fieldErrors: [] } },
        };
      },
    };
    renderRoutes({
      routes: [...routes.slice(1), { path: '/users', element: <p>users page</p> }],
      initialEntries: ['/users/create'],
      session: superUser,
      mocks: [optionsMock, units, create, setUnits],
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Unit Person');
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'unit@example.test');
    await user.click(screen.getByLabelText(/^Role/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'User' }));
    await user.click(screen.getByLabelText(/^Language/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Svenska' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Development' }));
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    await screen.findByText('users page');
    expect(unitsSaved).toBe(true);
  });

  it('shows the server telling the email is in use next to the field', async () => {
    const create: MockedResponse = {
      request: {
        query: CreateUserRoute_CreateDocument,
        variables: {
          input: {
            displayName: 'Twin',
            email: 'user@demo.test',
            companyId: 'c1',
            role: 'SUPER_USER',
            language: 'fi-FI',
          },
        },
      },
      result: {
        data: {
          createUser: {
            __typename: 'UserResult',
            ok: false,
            fieldErrors: [
              { __typename: 'FieldError', field: 'email', message: 'users.form.emailInUse' },
            ],
            user: null,
          },
        },
      },
    };
    renderRoutes({
      routes,
      initialEntries: ['/users/create'],
      session: superUser,
      mocks: [optionsMock, create],
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Twin');
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'user@demo.test');
    await user.click(screen.getByLabelText(/^Role/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Super user' }));
    await user.click(screen.getByLabelText(/^Language/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Suomi' }));
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('The email address is already in use.')).toBeInTheDocument();
  });
});

describe('the user list', () => {
  it('lists users sorted by email with an add link and edit links', async () => {
    const list: MockedResponse = {
      request: {
        query: UsersRoute_UsersDocument,
        variables: { skip: 0, take: 10, order: { by: 'EMAIL', direction: 'ASC' } },
      },
      result: {
        data: {
          users: {
            __typename: 'UserPage',
            totalRecords: 1,
            records: [
              {
                __typename: 'User',
                id: 'u1',
                email: 'user@demo.test',
                displayName: 'Ulla User',
                role: 'USER',
                emailConfirmed: false,
                company: COMPANY,
              },
            ],
          },
        },
      },
    };
    renderRoutes({ routes, initialEntries: ['/users'], session: superUser, mocks: [list] });
    const table = screen.getByRole('table', { name: 'Users' });
    expect(await within(table).findByText('user@demo.test')).toBeInTheDocument();
    expect(within(table).getByText('Not confirmed')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(screen.getByRole('link', { name: 'Add user' })).toHaveAttribute('href', '/users/create');
    expect(screen.getByRole('link', { name: 'Edit Ulla User' })).toHaveAttribute(
      'href',
      '/users/edit/u1',
    );
  });
});

describe('the edit user page', () => {
  const userMock: MockedResponse = {
    request: { query: EditUserRoute_UserDocument, variables: { id: 'u1' } },
    result: {
      data: {
        assignableRoles: ['SUPER_USER', 'USER'],
        user: {
          __typename: 'User',
          id: 'u1',
          email: 'user@demo.test',
          displayName: 'Ulla User',
          role: 'USER',
          language: 'sv',
          twoFactorEnabled: false,
          emailConfirmed: true,
          company: {
            ...COMPANY,
            unitLevels: [
              {
                __typename: 'UnitLevel',
                index: 1,
                units: [{ __typename: 'Unit', id: 'n1', index: 1, name: 'Sales' }],
              },
            ],
          },
          companies: [],
          units: [{ __typename: 'Unit', id: 'n1' }],
        },
      },
    },
  };

  it("shows the user's units of its company below the form", async () => {
    renderRoutes({
      routes,
      initialEntries: ['/users/edit/u1'],
      session: superUser,
      mocks: [userMock],
    });
    expect(await screen.findByRole('checkbox', { name: 'Sales' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Ulla User');
    expect(screen.queryByLabelText(/^Company/, { selector: 'input' })).not.toBeInTheDocument();
  });

  it("asks 'Are you sure?' before deleting, then goes back to /users", async () => {
    const remove: MockedResponse = {
      request: { query: EditUserRoute_DeleteDocument, variables: { email: 'user@demo.test' } },
      result: { data: { deleteUser: true } },
    };
    const { router } = renderRoutes({
      routes: [...routes.slice(2), { path: '/users', element: <p>users page</p> }],
      initialEntries: ['/users/edit/u1'],
      session: superUser,
      mocks: [userMock, remove],
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(dialog).toHaveTextContent('Are you sure?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    await screen.findByText('users page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
  });
});
