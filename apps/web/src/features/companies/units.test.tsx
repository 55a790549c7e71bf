import type { MockedResponse } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CompanyUnitsRoute_CreateDocument,
  CompanyUnitsRoute_DeleteDocument,
  CompanyUnitsRoute_UpdateDocument,
  CompanyUnitsRouteDocument,
} from '../../__generated__/graphql';
import { renderRoutes, testAccount, testSession } from '../../test/render';
import { CompanyUnitsRoute } from './routes/CompanyUnitsRoute';
import { ancestorNames, parentChoices } from './units';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));
beforeEach(() => show.mockClear());

const unit = (id: string, index: number, name: string, parentId: string | null = null) => ({
  __typename: 'Unit' as const,
  id,
  index,
  name,
  parentId,
});
const SALES = unit('u1', 1, 'Sales');
const HR = unit('u2', 1, 'HR');
const NORTH = unit('u3', 2, 'North', 'u1');
const OULU = unit('u4', 3, 'Oulu', 'u3');
const ORPHAN = unit('u5', 2, 'Projects');

function unitsMock(levels: (typeof SALES)[][]): MockedResponse {
  return {
    request: { query: CompanyUnitsRouteDocument, variables: { id: 'c1' } },
    result: {
      data: {
        company: {
          __typename: 'Company',
          id: 'c1',
          name: 'Demo Oy',
          unitLevels: levels.map((units) => ({
            __typename: 'UnitLevel',
            index: units[0]?.index ?? 1,
            units,
          })),
        },
      },
    },
  };
}
const ok = { ok: true, fieldErrors: [] };

function renderUnits(mocks: MockedResponse[]) {
  return renderRoutes({
    routes: [{ path: '/companies/units/:id', element: <CompanyUnitsRoute /> }],
    initialEntries: ['/companies/units/c1'],
    session: testSession({ account: testAccount({ role: 'ADMIN' }) }),
    mocks,
  });
}

const SLOW = { timeout: 15_000 };

describe('unit rules', () => {
  it('offers as parents only the units one level up, none on level 1', () => {
    expect(parentChoices([SALES, HR, NORTH], 2).map((u) => u.name)).toEqual(['Sales', 'HR']);
    expect(parentChoices([SALES, HR, NORTH], 1)).toEqual([]);
    expect(parentChoices([SALES, HR, NORTH], 3).map((u) => u.name)).toEqual(['North']);
  });
});

describe('unit paths', () => {
  it('names every unit above a unit, from the top down, and nothing for a unit without a parent', () => {
    const all = [SALES, HR, NORTH, OULU, ORPHAN];
    expect(ancestorNames(all, OULU)).toEqual(['Sales', 'North']);
    expect(ancestorNames(all, NORTH)).toEqual(['Sales']);
    expect(ancestorNames(all, ORPHAN)).toEqual([]);
    expect(ancestorNames(all, SALES)).toEqual([]);
  });

  it('stops at a cycle instead of looping', () => {
    const a = unit('a', 2, 'A', 'b');
    const b = unit('b', 1, 'B', 'a');
    expect(ancestorNames([a, b], a)).toEqual(['B']);
  });
});

describe('the units screen', () => {
  it('shows the hierarchy: the whole path above a level-3 unit, "No parent" where none is set, no parent column on level 1', async () => {
    renderUnits([unitsMock([[SALES, HR], [NORTH, ORPHAN], [OULU]])]);
    const level3 = await screen.findByRole('table', { name: 'Units on level 3' }, SLOW);
    const oulu = within(level3).getByRole('row', { name: /Oulu/ });
    expect(oulu).toHaveTextContent('Sales › North');
    const level2 = screen.getByRole('table', { name: 'Units on level 2' });
    const orphan = within(level2).getByRole('row', { name: /Projects/ });
    expect(within(orphan).getByText('No parent')).toBeInTheDocument();
    expect(within(level2).queryByText('–')).toBeNull();
    const level1 = screen.getByRole('table', { name: 'Units on level 1' });
    expect(within(level1).queryByRole('columnheader', { name: 'Parent unit' })).toBeNull();
  });

  it('lists the units level by level with their parents', async () => {
    renderUnits([unitsMock([[SALES, HR], [NORTH]])]);
    const level2 = await screen.findByRole('table', { name: 'Units on level 2' }, SLOW);
    const row = within(level2).getByRole('row', { name: /North/ });
    expect(within(row).getByText('Sales')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Units on level 1' })).toBeInTheDocument();
  });

  it('adds a unit on level 2 under a parent of level 1', async () => {
    const user = userEvent.setup();
    const create: MockedResponse = {
      request: {
        query: CompanyUnitsRoute_CreateDocument,
        variables: { input: { companyId: 'c1', index: 2, name: 'South', parentId: 'u1' } },
      },
      result: {
        data: {
          createUnit: { __typename: 'UnitResult', ...ok, unit: { __typename: 'Unit', id: 'u9' } },
        },
      },
    };
    renderUnits([
      unitsMock([[SALES, HR]]),
      create,
      unitsMock([[SALES, HR], [unit('u9', 2, 'South', 'u1')]]),
    ]);
    await screen.findByRole('table', { name: 'Units on level 1' }, SLOW);
    await user.click(screen.getByRole('combobox', { name: 'Level' }));
    await user.click(screen.getByRole('option', { name: 'Level 2' }));
    await user.click(screen.getByRole('combobox', { name: 'Parent unit' }));
    await user.click(screen.getByRole('option', { name: 'Sales' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'South');
    await user.click(screen.getByRole('button', { name: 'Add unit' }));
    expect(
      await screen.findByRole('table', { name: 'Units on level 2' }, SLOW),
    ).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Unit South added.' }));
  });

  it('renames a unit, and says so when the name is taken on its level', async () => {
    const user = userEvent.setup();
    const taken: MockedResponse = {
      request: {
        query: CompanyUnitsRoute_UpdateDocument,
        variables: { id: 'u2', input: { name: 'Sales', parentId: null } },
      },
      result: {
        data: {
          updateUnit: {
            __typename: 'UnitResult',
            ok: false,
            fieldErrors: [
              { __typename: 'FieldError', field: 'name', message: 'companies.units.nameTaken' },
            ],
            unit: null,
          },
        },
      },
    };
    renderUnits([unitsMock([[SALES, HR]]), taken]);
    await user.click(await screen.findByRole('button', { name: 'Edit HR' }, SLOW));
    const name = screen.getAllByRole('textbox', { name: 'Name' }).at(-1);
    if (!name) throw new Error('no name field');
    await user.clear(name);
    await user.type(name, 'Sales');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The level already has a unit of that name.', {}, SLOW),
    ).toBeInTheDocument();
  });

  it('deletes a unit after confirmation; a unit in use is refused with the reason', async () => {
    const user = userEvent.setup();
    const refused: MockedResponse = {
      request: { query: CompanyUnitsRoute_DeleteDocument, variables: { id: 'u1' } },
      result: {
        data: {
          deleteUnit: {
            __typename: 'ActionResult',
            ok: false,
            fieldErrors: [
              { __typename: 'FieldError', field: 'id', message: 'companies.units.inUse' },
            ],
          },
        },
      },
    };
    renderUnits([unitsMock([[SALES, HR]]), refused]);
    await user.click(await screen.findByRole('button', { name: 'Delete Sales' }, SLOW));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete unit' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'The unit could not be deleted.',
          message: 'Participants or answers belong to this unit: it cannot be deleted.',
        }),
      ),
    );
  });
});
