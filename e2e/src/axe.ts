// Runs axe-core inside the page (injected from node_modules, no network) and returns the
// serious and critical violations, with the offending selectors, for a readable assertion.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // A popover still fading in has the contrast of its transition, not of the page a person reads.
  // Mantine starts a popover's transition a frame after mounting it (at opacity 0): wait two frames
  // so a transition about to start is running, then until none runs.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
  // Once per document: a test moving between routes inside the app keeps the axe it injected.
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    // Only violations are read: axe's documented performance option skips the selectors and
    // details of every passing node (axe-core API.md, "Performance").
    const result = await axe.run({ resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}
