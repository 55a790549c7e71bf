// Every script in its bundled Noto font: the questionnaire at phone size, a report page and the
// report package PDF. A page's letters must be drawn by the family of their script, loaded from the
// app (never a system font), and the PDF must embed its language's family. With E2E_SCREENSHOTS
// set, the pages and the PDF's first slides are saved there to be looked at.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { settled } from '../src/navigate.js';
import { questionnaireLink } from '../src/questionnaire-link.js';
import { signIn } from '../src/session.js';
import { consoleSuite } from '../src/suite.js';
import { questionnaireText, reportText } from '../src/texts.js';

const suite = consoleSuite();
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const REPORT =
  'companyId=de300000-0000-4000-8000-000000000001&surveyId=de300000-0000-4000-8000-000000000301';

/** The bundled family that draws each language's letters, and a letter range of its script. */
const SCRIPTS: Record<string, { family: string; letters: RegExp }> = {
  th: { family: 'Noto Sans Thai Variable', letters: /[\u0E00-\u0E7F]/ },
  hi: { family: 'Noto Sans Variable', letters: /[\u0900-\u097F]/ },
  mr: { family: 'Noto Sans Variable', letters: /[\u0900-\u097F]/ },
  bn: { family: 'Noto Sans Bengali Variable', letters: /[\u0980-\u09FF]/ },
  ta: { family: 'Noto Sans Tamil Variable', letters: /[\u0B80-\u0BFF]/ },
  te: { family: 'Noto Sans Telugu Variable', letters: /[\u0C00-\u0C7F]/ },
  kn: { family: 'Noto Sans Kannada Variable', letters: /[\u0C80-\u0CFF]/ },
  ja: { family: 'Noto Sans JP Variable', letters: /[\u3040-\u30FF\u4E00-\u9FFF]/ },
  ko: { family: 'Noto Sans KR Variable', letters: /[\uAC00-\uD7AF]/ },
  zh: { family: 'Noto Sans SC Variable', letters: /[\u4E00-\u9FFF]/ },
  ru: { family: 'Noto Sans Variable', letters: /[\u0400-\u04FF]/ },
  et: { family: 'Noto Sans Variable', letters: /[õäöüšž]/ },
  pl: { family: 'Noto Sans Variable', letters: /[ąćęłńóśźż]/ },
};
const SHOWN = ['th', 'hi', 'ja', 'ru', 'et'];

async function shot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** The page shows letters of the language's script, and its bundled family has loaded for them. */
async function drawnInItsFont(page: Page, language: string): Promise<void> {
  const { family, letters } = SCRIPTS[language] ?? { family: '', letters: /$^/ };
  const text = await page.locator('body').innerText();
  assert.match(text, letters, `the page shows ${language} letters`);
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family);
  });
  assert.ok(
    loaded.some((name) => name.replace(/"/g, '') === family),
    `${family} loaded for ${language} (loaded: ${[...new Set(loaded)].join(', ')})`,
  );
}

describe('fonts for every script', () => {
  test('the questionnaire on a phone in every script', async () => {
    for (const language of Object.keys(SCRIPTS)) {
      const link = await questionnaireLink(suite.stack, `fonts.${language}@demo.test`, language);
      const page = await suite.freshPage();
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(link);
      const start = page.getByRole('button', { name: questionnaireText('intro.start', language) });
      await start.waitFor().catch(async (error: unknown) => {
        await shot(page, `questionnaire-${language}-failed`);
        throw error;
      });
      await start.click();
      // The background step names its questions and answers in the language (report.json).
      await page.getByRole('heading', { level: 1 }).waitFor();
      await settled(page);
      await drawnInItsFont(page, language);
      if (SHOWN.includes(language)) await shot(page, `questionnaire-${language}-phone`);
      await page.context().close();
    }
  });

  test('a report page in Polish and Chinese', async () => {
    for (const language of ['pl', 'zh']) {
      const page = await suite.freshPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      await signIn(page, suite.stack.webUrl, 'super@demo.test');
      await page.evaluate((lng) => localStorage.setItem('survey-console.language', lng), language);
      await page.goto(`${suite.stack.webUrl}/report/mostImportant?${REPORT}&lang=${language}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await settled(page);
      await page.waitForFunction(() => !document.querySelector('.mantine-Loader-root'));
      await drawnInItsFont(page, language);
      await shot(page, `report-${language}`);
      await page.context().close();
    }
  });

  test('the report package PDF in Japanese and Tamil embeds their fonts', async () => {
    for (const [language, font] of [
      ['ja', 'NotoSansJP'],
      ['ta', 'NotoSansTamil'],
    ] as const) {
      const page = await suite.freshPage();
      const uiLanguage = await signIn(page, suite.stack.webUrl, 'super@demo.test');
      await page.goto(`${suite.stack.webUrl}/report/package?${REPORT}&lang=${language}`);
      const button = page.getByRole('button', {
        name: reportText('console.package.create', uiLanguage),
      });
      await button.waitFor({ timeout: 90_000 });
      const download = page.waitForEvent('download', { timeout: 180_000 });
      await button.click();
      const file = await (await download).path();
      assert.equal(readFileSync(file).subarray(0, 5).toString(), '%PDF-');
      assert.match(execFileSync('pdffonts', [file]).toString(), new RegExp(font));
      const words = execFileSync('pdftotext', [file, '-']).toString();
      assert.match(words, SCRIPTS[language]?.letters ?? /$^/, `the slides read in ${language}`);
      if (SCREENSHOTS) {
        mkdirSync(SCREENSHOTS, { recursive: true });
        const prefix = join(SCREENSHOTS, `package-${language}`);
        execFileSync('pdftoppm', ['-png', '-r', '60', file, prefix]);
      }
      await page.context().close();
    }
  });
});
