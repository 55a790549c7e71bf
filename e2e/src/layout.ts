// What a page in a longer language shows wrong, measured from the layout (not by eye): a page that
// scrolls sideways, a control outside the viewport, a control whose text is clipped; and texts in
// plain English, which did not go through i18next (the pseudo-locale accents every letter).
import type { Page } from 'playwright-core';

const CONTROLS =
  'button, a[href], input:not([type=hidden]), select, textarea, label, [role=tab], [role=button], [role=menuitem], [role=option], [role=checkbox], [role=radio], .mantine-Badge-root';

/**
 * The test runner (tsx) wraps named functions in `__name(...)`, which the page does not have:
 * give the page a do-nothing one before running such a function in it.
 */
async function allowNamedFunctions(page: Page): Promise<void> {
  await page.evaluate('globalThis.__name ??= (fn) => fn');
}

/** Each problem as '<what>: <element>': empty when the page lays out in full. */
export async function layoutProblems(page: Page): Promise<string[]> {
  await allowNamedFunctions(page);
  return page.evaluate((selector) => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1)
      problems.push(`page scrolls sideways: ${root.scrollWidth}px > ${root.clientWidth}px`);
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 40)}"`;
    /** Inside a box that scrolls sideways on purpose (a wide table): outside the viewport is fine. */
    const inScroller = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const overflow = getComputedStyle(p).overflowX;
        if ((overflow === 'auto' || overflow === 'scroll') && p.scrollWidth > p.clientWidth)
          return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll(selector)) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue; // not shown
      if (getComputedStyle(el).visibility === 'hidden') continue;
      // Moved off to the left on purpose (a skip link until focused) is hidden, not overflowing.
      if (box.right <= 0) continue;
      if ((box.right > innerWidth + 1 || box.left < -1) && !inScroller(el))
        problems.push(
          `outside the viewport (${Math.round(box.left)}..${Math.round(box.right)}): ${name(el)}`,
        );
      for (const part of [el, ...el.querySelectorAll('*')]) {
        const style = getComputedStyle(part);
        // Visually hidden text (1px, clipped) is for screen readers: not a clipped label.
        if (part.clientWidth <= 1 || style.clip.startsWith('rect')) continue;
        const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
        if (
          clips &&
          part.scrollWidth > part.clientWidth + 1 &&
          part.clientWidth > 0 &&
          (part.textContent ?? '').trim()
        )
          problems.push(
            `text clipped (${part.scrollWidth}px in ${part.clientWidth}px): ${name(el)}`,
          );
      }
    }
    return [...new Set(problems)];
  }, CONTROLS);
}

/**
 * Texts on the page (text nodes and the placeholder, aria-label, title and alt attributes) with an
 * English word of en-US's own texts (`vocabulary`, lower case), except those in `allowed` (data:
 * names of people, companies and surveys).
 */
export async function englishTexts(
  page: Page,
  vocabulary: ReadonlySet<string>,
  allowed: readonly string[],
): Promise<string[]> {
  await allowNamedFunctions(page);
  const texts = await page.evaluate(() => {
    // Highcharts' own screen-reader descriptions ("Bar chart with 8 bars.") are not our texts and
    // stay English until Highcharts' lang.accessibility is given per language (a known gap, noted in
    // docs/languages.md); the charts' titles, axes, labels and legends are still checked.
    const HIGHCHARTS_OWN = [
      '[id^="highcharts-screen-reader-region"]',
      '[class*="highcharts-a11y"]',
      '[class*="screen-reader"]',
      '[class*="highcharts-announcer"]',
      '[class*="highcharts-linked-description"]',
      '.highcharts-credits',
      '.highcharts-container svg desc',
      '.highcharts-root',
      '.highcharts-container',
    ].join(', ');
    const ownOfHighcharts = (el: Element) =>
      el.closest(HIGHCHARTS_OWN) !== null &&
      el.closest(
        '.highcharts-title, .highcharts-axis, .highcharts-axis-labels, .highcharts-legend, .highcharts-data-labels',
      ) === null;
    // Text a respondent wrote (open comments, quoted anywhere) is data in its own language, marked
    // data-respondent-content by the console (apps/web/src/lib/respondent.ts); only that is skipped.
    const respondents = (el: Element) => el.closest('[data-respondent-content]') !== null;
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      if (ownOfHighcharts(parent) || respondents(parent)) continue;
      const text = node.textContent?.trim();
      if (text) out.push(text);
    }
    for (const el of document.querySelectorAll('[placeholder], [aria-label], [title], [alt]'))
      if (!ownOfHighcharts(el) && !respondents(el))
        for (const attr of ['placeholder', 'aria-label', 'title', 'alt']) {
          const value = el.getAttribute(attr)?.trim();
          // The chart region's own label ("Chart. Highcharts interactive chart.") is Highcharts'.
          if (value && !value.includes('Highcharts')) out.push(value);
        }
    out.push(document.title);
    return out;
  });
  return [
    ...new Set(
      texts.filter((text) => {
        // A text holding data, or a long part of it (a comment quoted in pieces).
        if (
          allowed.some((data) => text.includes(data) || (text.length > 20 && data.includes(text)))
        )
          return false;
        const bare = text.replace(/\S+@\S+|https?:\/\/\S+/g, ' ');
        return (bare.match(/[A-Za-z]{3,}/g) ?? []).some(
          (word) => vocabulary.has(word.toLowerCase()) && /^[A-Za-z]+$/.test(word),
        );
      }),
    ),
  ];
}
