// Answering the questionnaire's steps the quick way a person can, by keyboard: shared by the
// questionnaire's own tests and the pseudo-locale walk.
import type { Page } from 'playwright-core';

/**
 * Rates every criterion of the realization step by keyboard (End: 100), a group of criteria at a
 * time, moving on with "Next items" until the last group.
 */
export async function rateAllGroups(page: Page, qt: (path: string) => string): Promise<void> {
  for (let group = 0; group < 10; group += 1) {
    const sliders = page.getByRole('slider');
    for (let i = 0; i < (await sliders.count()); i += 1) {
      await sliders.nth(i).focus();
      await page.keyboard.press('End');
    }
    const nextGroup = page.getByRole('button', { name: qt('realization.nextGroup') });
    if ((await nextGroup.count()) === 0) return;
    await nextGroup.click();
  }
}

/** The overall step: satisfaction 100, recommendation 7, would change job. */
export async function answerOverall(page: Page, qt: (path: string) => string): Promise<void> {
  await page.getByRole('slider', { name: qt('overall.satisfaction') }).focus();
  await page.keyboard.press('End');
  await page.getByRole('radio', { name: '7', exact: true }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('radio', { name: qt('overall.yes'), exact: true }).check();
}
