// Signing in through the real login page, as a person does.
import type { Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '@survey/api';
import { reportText, text } from './texts.js';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'DemoPass2026';

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(text('login.email'), { exact: true }).fill(email);
  await page.getByLabel(text('login.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
}

/** The language an account's console speaks after sign-in: its stored language (en-US for new ones). */
export function accountLanguage(email: string): string {
  return DEMO_ACCOUNTS.find((account) => account.email === email)?.language ?? 'en-US';
}

/** Waits for the start page: '/' leads to the dashboard, whose heading is in `language`. */
export async function waitForStartPage(page: Page, language = 'en-US'): Promise<void> {
  await page.waitForURL('**/dashboard**');
  await page
    .getByRole('heading', { name: reportText('console.dashboard.title', language), level: 1 })
    .waitFor();
}

/** Opens the profile menu, which names who is signed in, waits for `shown` in it and closes it. */
export async function profileShows(page: Page, shown: string, language = 'en-US'): Promise<void> {
  await page.getByRole('button', { name: text('header.profile', language) }).click();
  await page.getByRole('dialog').getByText(shown, { exact: true }).waitFor();
  await page.keyboard.press('Escape');
}

/** Signs in and waits for the start page, in the account's language, which it returns. */
export async function signIn(
  page: Page,
  webUrl: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  await page.goto(`${webUrl}/login`);
  await fillLogin(page, email, password);
  const language = accountLanguage(email);
  await waitForStartPage(page, language);
  return language;
}

/** Opens an emailed link on the test's web server (emails carry the configured WEB_URL). */
export function onWeb(webUrl: string, link: string): string {
  const url = new URL(link);
  return `${webUrl}${url.pathname}${url.search}`;
}
