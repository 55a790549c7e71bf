import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { signIn } from '../src/session.js';
import { consoleSuite } from '../src/suite.js';
import { text } from '../src/texts.js';

const suite = consoleSuite();

const table = (page: Page) => page.getByRole('table', { name: text('companies.list.tableLabel') });
const filter = (page: Page) => page.getByRole('searchbox', { name: text('companies.list.filter') });

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('companies', () => {
  test('an Admin creates, edits, finds by filter and deletes a company', async () => {
    const page = await suite.freshPage();
    await signIn(page, suite.stack.webUrl, 'admin@demo.test');
    await page.goto(`${suite.stack.webUrl}/companies`);
    await table(page).getByRole('link', { name: 'Demo Oy', exact: true }).waitFor();

    // Create
    await page.getByRole('link', { name: text('companies.list.create') }).click();
    await page.waitForURL('**/companies/create');
    const submit = page.getByRole('button', { name: text('companies.form.create') });
    assert.equal(await submit.isDisabled(), true, 'nothing is sent before all required fields');
    assert.equal(
      await page
        .getByRole('switch', { name: text('companies.settings.reportPackage') })
        .isChecked(),
      true,
    );
    await page.getByRole('textbox', { name: text('companies.form.name') }).fill('E2E Testi Oy');
    await choose(page, text('companies.form.industry'), text('companies.industries.retail'));
    await choose(page, text('companies.form.size'), text('companies.sizes.1000+'));
    await submit.click();
    await page.waitForURL('**/companies');
    await page
      .getByText(text('companies.form.created', 'en-US', { name: 'E2E Testi Oy' }))
      .waitFor();

    // Find by filter and edit
    await filter(page).fill('e2e testi');
    await table(page).getByRole('link', { name: 'E2E Testi Oy', exact: true }).waitFor();
    await page.waitForFunction(
      (label) => document.querySelectorAll(`table[aria-label="${label}"] tbody tr`).length === 1,
      text('companies.list.tableLabel'),
    );
    await table(page)
      .getByRole('link', {
        name: text('companies.list.editLabel', 'en-US', { name: 'E2E Testi Oy' }),
      })
      .click();
    await page.waitForURL('**/companies/edit/*');
    const name = page.getByRole('textbox', { name: text('companies.form.name') });
    assert.equal(await name.inputValue(), 'E2E Testi Oy');
    await name.fill('E2E Muokattu Oy');
    await page.getByRole('switch', { name: text('companies.settings.showPassQuestions') }).click();
    await page.getByRole('button', { name: text('companies.form.save') }).click();
    await page.waitForURL('**/companies');
    await filter(page).fill('e2e muokattu');
    await table(page).getByRole('link', { name: 'E2E Muokattu Oy', exact: true }).waitFor();

    // Delete, after the confirmation
    await table(page)
      .getByRole('button', {
        name: text('companies.list.deleteLabel', 'en-US', { name: 'E2E Muokattu Oy' }),
      })
      .click();
    const dialog = page.getByRole('dialog', { name: text('companies.list.deleteTitle') });
    await dialog.getByRole('button', { name: text('companies.list.deleteConfirm') }).click();
    await page
      .getByText(text('companies.list.deleted', 'en-US', { name: 'E2E Muokattu Oy' }))
      .waitFor();
    await table(page).getByText(text('companies.list.empty')).waitFor();
    await page.context().close();
  });

  test('an Admin adds a unit under a parent on the units screen, renames it and deletes it', async () => {
    const page = await suite.freshPage();
    await signIn(page, suite.stack.webUrl, 'admin@demo.test');
    await page.goto(`${suite.stack.webUrl}/companies`);
    await table(page)
      .getByRole('link', {
        name: text('companies.units.manageLabel', 'en-US', { name: 'Demo Oy' }),
      })
      .click();
    await page.waitForURL('**/companies/units/**');
    const level = (n: number) =>
      page.getByRole('table', {
        name: text('companies.units.tableLabel', 'en-US', { n: String(n) }),
      });
    await level(1).waitFor();
    const parent =
      (await level(3).getByRole('row').nth(1).getByRole('cell').first().textContent()) ?? '';

    await choose(
      page,
      text('companies.units.level'),
      text('companies.units.levelN', 'en-US', { n: '4' }),
    );
    await choose(page, text('companies.units.parent'), parent);
    await page.getByRole('textbox', { name: text('companies.units.name') }).fill('E2E night shift');
    await page.getByRole('button', { name: text('companies.units.add') }).click();
    const row = level(4).getByRole('row', { name: /E2E night shift/ });
    await row.waitFor();
    // The parent with the whole path above it (issue 28): "Development › Platform › Team Aurora".
    const path = (await row.getByRole('cell').nth(1).textContent()) ?? '';
    assert.ok(path.endsWith(parent), `listed under its parent: ${path}`);
    assert.match(path, / › /);

    await row
      .getByRole('button', {
        name: text('companies.units.editLabel', 'en-US', { name: 'E2E night shift' }),
      })
      .click();
    const name = level(4).getByRole('textbox', { name: text('companies.units.name') });
    await name.fill('E2E late shift');
    await level(4)
      .getByRole('button', { name: text('companies.units.save') })
      .click();
    await level(4)
      .getByRole('row', { name: /E2E late shift/ })
      .waitFor();

    // After a reload the unit is still there (saved by the API), then it is deleted.
    await page.reload();
    await level(4)
      .getByRole('button', {
        name: text('companies.units.deleteLabel', 'en-US', { name: 'E2E late shift' }),
      })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text('companies.units.deleteConfirm') })
      .click();
    await page
      .getByText(text('companies.units.deleted', 'en-US', { name: 'E2E late shift' }))
      .waitFor();
    await page.context().close();
  });

  test('a SuperUser cannot open /companies', async () => {
    const page = await suite.freshPage();
    await signIn(page, suite.stack.webUrl, 'super@demo.test');
    await page.goto(`${suite.stack.webUrl}/companies`);
    await page.waitForURL('**/unauthorized');
    assert.equal(await table(page).count(), 0);
    await page.context().close();
  });
});
