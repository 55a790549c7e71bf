// Invitation and reminder runs in the browser: the send answers at once and the mail queue sends
// behind it, so the dialog's summary polls the run; tests read it once no mail waits.
import assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { text } from './texts.js';

/** The send dialog's summary text once no mail of the run waits. */
export async function finishedRun(summary: Locator): Promise<string> {
  const waiting = text('participants.send.pending').split('{{')[0] ?? '';
  for (let attempt = 0; ; attempt += 1) {
    const current = await summary.innerText();
    if (!current.includes(waiting)) return current;
    assert.ok(attempt < 300, `the run finishes: ${current}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The summary's "Sent: n of N" as numbers. */
export function sentOf(summaryText: string): { sent: number; total: number } {
  const pattern = text('participants.send.progress', 'en-US', { sent: '(\\d+)', total: '(\\d+)' });
  const match = new RegExp(pattern).exec(summaryText);
  assert.ok(match, `"${pattern}" in ${summaryText}`);
  return { sent: Number(match[1]), total: Number(match[2]) };
}
