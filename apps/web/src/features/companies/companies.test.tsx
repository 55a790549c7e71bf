import type { MockedResponse } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CompaniesRoute_CompaniesDocument,
  CompaniesRoute_DeleteDocument,
  CompanyCreateRoute_CreateDocument,
  CompanyEditRoute_CompanyDocument,
  CompanyEditRoute_UpdateDocument,
  CompanyForm_OptionsDocument,
} from '../../__generated__/graphql';
import { routes as appRoutes } from '../../app/router';
import { ADMIN_ONLY } from '../../lib/roles';
import { renderRoutes, testAccount, testSession } from '../../test/render';
import { CREATE_DEFAULTS } from './components/settings';
import { CompaniesRoute } from './routes/CompaniesRoute';
import { CompanyCreateRoute } from './routes/CompanyCreateRoute';
import { CompanyEditRoute } from './routes/CompanyEditRoute';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

beforeEach(() => show.mockClear());

const routes: RouteObject[] = [
  { path: '/companies', element: <CompaniesRoute /> },
  { path: '/companies/create', element: <CompanyCreateRoute /> },
  { path: '/companies/edit/:id', element: <CompanyEditRoute /> },
];
const admin = testSession({ account: testAccount({ role: 'ADMIN' }) });

const option = (id: string, description: string) => ({
  __typename: 'ConfigurationOption' as const,
  id,
  description,
});
const row = (id: string, name: string) => ({
  __typename: 'Company' as const,
  id,
  name,
  industry: option('ict', 'Information and communication technology'),
  size: option('1-49', '1–49 employees'),
});

function listMock(
  variables: Record<string, unknown>,
  records: ReturnType<typeof row>[],
  totalRecords = records.length,
): MockedResponse {
  return {
    request: { query: CompaniesRoute_CompaniesDocument, variables },
    result: {
      data: { companies: { __typename: 'CompanyPage', totalRecords, records } },
    },
  };
}
const firstPage = { skip: 0, take: 10, order: { by: 'NAME', direction: 'ASC' } };

const optionsMock: MockedResponse = {
  request: { query: CompanyForm_OptionsDocument },
  result: {
    data: {
      configuration: {
        __typename: 'Configuration',
        companyIndustries: [
          option('ict', 'Information and communication technology'),
          option('retail', 'Retail and wholesale'),
        ],
        companySizes: [option('1-49', '1–49 employees'), option('1000+', '1000 or more employees')],
      },
    },
  },
};

const tableRows = () =>
  within(screen.getByRole('table', { name: 'Companies' }))
    .getAllByRole('row')
    .slice(1);

describe('the company list', () => {
  it('shows 10 companies a page sorted by name, with create, edit and delete', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => row(`c${i}`, `Company ${i}`));
    renderRoutes({
      routes,
      initialEntries: ['/companies'],
      session: admin,
      mocks: [listMock(firstPage, rows, 12)],
    });
    expect(await screen.findByRole('link', { name: 'Company 0' })).toHaveAttribute(
      'href',
      '/companies/edit/c0',
    );
    expect(tableRows()).toHaveLength(10);
    expect(tableRows()[0]).toHaveTextContent('Information and communication technology');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(screen.getByRole('link', { name: 'Create company' })).toHaveAttribute(
      'href',
      '/companies/create',
    );
    expect(screen.getByRole('link', { name: 'Edit Company 3' })).toHaveAttribute(
      'href',
      '/companies/edit/c3',
    );
    expect(screen.getByText('Page 1 of 2, 12 in all')).toBeInTheDocument();
  });

  it('sorts by a new column ascending, then toggles it, and filters', async () => {
    const user = userEvent.setup();
    renderRoutes({
      routes,
      initialEntries: ['/companies'],
      session: admin,
      mocks: [
        listMock(firstPage, [row('a', 'Alpha')]),
        listMock({ ...firstPage, order: { by: 'INDUSTRY', direction: 'ASC' } }, [row('b', 'Beta')]),
        listMock({ ...firstPage, order: { by: 'INDUSTRY', direction: 'DESC' } }, [
          row('g', 'Gamma'),
        ]),
        listMock({ ...firstPage, order: { by: 'INDUSTRY', direction: 'DESC' }, filter: 'del' }, [
          row('d', 'Delta'),
        ]),
      ],
    });
    await screen.findByRole('link', { name: 'Alpha' });
    const industry = screen.getByRole('columnheader', { name: /Industry/ });
    await user.click(within(industry).getByRole('button'));
    await screen.findByRole('link', { name: 'Beta' });
    await user.click(within(industry).getByRole('button'));
    await screen.findByRole('link', { name: 'Gamma' });
    expect(industry).toHaveAttribute('aria-sort', 'descending');
    await user.type(screen.getByRole('searchbox', { name: 'Filter companies' }), 'del');
    expect(await screen.findByRole('link', { name: 'Delta' })).toBeInTheDocument();
  });

  it("deletes a company after the 'Delete company' confirmation and says so", async () => {
    const user = userEvent.setup();
    renderRoutes({
      routes,
      initialEntries: ['/companies'],
      session: admin,
      mocks: [
        listMock(firstPage, [row('a', 'Alpha'), row('b', 'Beta')]),
        {
          request: { query: CompaniesRoute_DeleteDocument, variables: { id: 'a' } },
          result: {
            data: { deleteCompany: { __typename: 'ActionResult', ok: true, fieldErrors: [] } },
          },
        },
        listMock(firstPage, [row('b', 'Beta')]),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Alpha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete company' });
    expect(dialog).toHaveTextContent('Delete Alpha together with its surveys');
    await user.click(within(dialog).getByRole('button', { name: 'Delete company' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Company Alpha deleted.', color: 'green' }),
      ),
    );
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Alpha' })).not.toBeInTheDocument(),
    );
  });

  it('keeps the company when the confirmation is cancelled', async () => {
    const user = userEvent.setup();
    renderRoutes({
      routes,
      initialEntries: ['/companies'],
      session: admin,
      mocks: [listMock(firstPage, [row('a', 'Alpha')])],
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Alpha' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(show).not.toHaveBeenCalled();
  });
});

describe('the company form', () => {
  it('starts with the create defaults and sends nothing until name, industry and size are chosen', async () => {
    const user = userEvent.setup();
    const created = vi.fn(() => ({
      data: {
        createCompany: {
          __typename: 'CompanyResult',
          ok: true,
          fieldErrors: [],
          company: { __typename: 'Company', id: 'new', name: 'Uusi Oy' },
        },
      },
    }));
    const { router } = renderRoutes({
      routes,
      initialEntries: ['/companies/create'],
      session: admin,
      mocks: [
        optionsMock,
        {
          request: {
            query: CompanyCreateRoute_CreateDocument,
            variables: {
              input: {
                name: 'Uusi Oy',
                industryId: 'retail',
                sizeId: '1000+',
                settings: CREATE_DEFAULTS,
              },
            },
          },
          result: created,
        },
        listMock(firstPage, [row('new', 'Uusi Oy')]),
      ],
    });
    expect(await screen.findByRole('link', { name: 'Back to companies' })).toHaveAttribute(
      'href',
      '/companies',
    );
    expect(screen.getByRole('switch', { name: 'Report package' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Send an email after the survey' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Age' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Working hours' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Show passed questions' })).not.toBeChecked();
    expect(
      screen.getByRole('switch', { name: 'Restrict open comments by unit' }),
    ).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Level 1' })).not.toBeChecked();

    const submit = screen.getByRole('button', { name: 'Create company' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Uusi Oy');
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: /Industry/ }));
    await user.click(await screen.findByRole('option', { name: 'Retail and wholesale' }));
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: /Size/ }));
    await user.click(await screen.findByRole('option', { name: '1000 or more employees' }));
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies'));
    expect(created).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Company Uusi Oy created.' }),
    );
  });

  it('fills the edit form from the company, saves it and goes back to the list', async () => {
    const user = userEvent.setup();
    const settings = {
      ...CREATE_DEFAULTS,
      reportPackage: false,
      showPassQuestions: true,
      groupCommentsUnit2: true,
    };
    const company = {
      __typename: 'Company',
      id: 'c1',
      name: 'Vanha Oy',
      industryId: 'ict',
      sizeId: '1-49',
      settings: { __typename: 'CompanySettings', ...settings },
    };
    const { router } = renderRoutes({
      routes,
      initialEntries: ['/companies/edit/c1'],
      session: admin,
      mocks: [
        optionsMock,
        {
          request: { query: CompanyEditRoute_CompanyDocument, variables: { id: 'c1' } },
          result: { data: { company } },
        },
        {
          request: {
            query: CompanyEditRoute_UpdateDocument,
            variables: {
              id: 'c1',
              input: {
                name: 'Uudempi Oy',
                industryId: 'ict',
                sizeId: '1-49',
                settings: { ...settings, localizedReports: true },
              },
            },
          },
          result: {
            data: {
              updateCompany: {
                __typename: 'CompanyResult',
                ok: true,
                fieldErrors: [],
                company: { ...company, name: 'Uudempi Oy' },
              },
            },
          },
        },
        listMock(firstPage, [row('c1', 'Uudempi Oy')]),
      ],
    });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Vanha Oy');
    expect(screen.getByRole('switch', { name: 'Report package' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Show passed questions' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Level 2' })).toBeChecked();
    await user.clear(name);
    await user.type(name, 'Uudempi Oy');
    await user.click(screen.getByRole('switch', { name: 'Localized reports' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies'));
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Company Uudempi Oy saved.' }),
    );
  });

  it('shows the field errors the API returns on edit', async () => {
    const user = userEvent.setup();
    const company = {
      __typename: 'Company',
      id: 'c1',
      name: 'Vanha Oy',
      industryId: 'ict',
      sizeId: '1-49',
      settings: { __typename: 'CompanySettings', ...CREATE_DEFAULTS },
    };
    renderRoutes({
      routes,
      initialEntries: ['/companies/edit/c1'],
      session: admin,
      mocks: [
        optionsMock,
        {
          request: { query: CompanyEditRoute_CompanyDocument, variables: { id: 'c1' } },
          result: { data: { company } },
        },
        {
          request: {
            query: CompanyEditRoute_UpdateDocument,
            variables: {
              id: 'c1',
              input: { name: '', industryId: 'ict', sizeId: '1-49', settings: CREATE_DEFAULTS },
            },
          },
          result: {
            data: {
              updateCompany: {
                __typename: 'CompanyResult',
                ok: false,
                fieldErrors: [
                  { __typename: 'FieldError', field: 'name', message: 'validation.required' },
                ],
                company: null,
              },
            },
          },
        },
      ],
    });
    await user.clear(await screen.findByRole('textbox', { name: 'Name' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
  });
});

describe('the route table', () => {
  it('lets only Admins into the company pages', () => {
    const guards: RouteObject[] = [];
    const walk = (list: RouteObject[]) =>
      list.forEach((route) => {
        if (route.children?.some((child) => child.path?.startsWith('/companies')))
          guards.push(route);
        walk(route.children ?? []);
      });
    walk(appRoutes);
    expect(guards).toHaveLength(1);
    const guard = guards[0];
    expect(guard?.children?.map((child) => child.path)).toEqual([
      '/companies',
      '/companies/create',
      '/companies/edit/:id',
      '/companies/units/:id',
    ]);
    expect((guard?.element as { props: { roles: unknown } }).props.roles).toEqual(ADMIN_ONLY);
  });
});
