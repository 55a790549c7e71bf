// Signing in through the real login page, as a person does.
import type { Page } from 'playwright-core';
import { text } from './texts.js';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'DemoPass2026';

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(text('login.email'), { exact: true }).fill(email);
  await page.getByLabel(text('login.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
}

export async function signIn(page: Page, webUrl: string, email: string, password = DEMO_PASSWORD) {
  await page.goto(`${webUrl}/login`);
  await fillLogin(page, email, password);
  await page.getByRole('heading', { name: text('start.accountTitle') }).waitFor();
}

/** Opens an emailed link on the test's web server (emails carry the configured WEB_URL). */
export function onWeb(webUrl: string, link: string): string {
  const url = new URL(link);
  return `${webUrl}${url.pathname}${url.search}`;
}
