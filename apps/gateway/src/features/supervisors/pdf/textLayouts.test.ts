// The shared word layouts and parsed fonts must lay out a deck exactly as pdfkit's own
// per-document faces do, after other decks filled the cache: every word in the same place and read
// as the same text (pdftotext's word boxes, through each document's own glyph subset).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pdfmake from 'pdfmake';
import { fontFamilyOf, packageDocument } from '@survey/report-slides';
import { packageFixture } from '@survey/report-slides/testing';
import { renderPackagePdf } from './render.js';
import { packageTexts } from './texts.js';
import { sharedFontFiles } from './textLayouts.js';

const dir = mkdtempSync(join(tmpdir(), 'text-layouts-'));

/** Every word of the PDF with its box, page by page (the pages only: the head holds the creation time). */
function wordBoxes(pdf: Buffer, name: string): string {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const html = execFileSync('pdftotext', ['-bbox', file, '-']).toString();
  return html.slice(html.indexOf('<doc>'));
}

async function deck(language: string, shared: boolean, unitName: string): Promise<Buffer> {
  const data = packageFixture({ unitName });
  const document = packageDocument(
    data,
    new Map(),
    await packageTexts(language, 5),
    fontFamilyOf(language),
  );
  const pdf = pdfmake.createPdf(document, shared ? {} : { fontLayoutCache: false });
  return Buffer.from(await pdf.getBuffer());
}

describe('word layouts shared across PDFs', () => {
  beforeAll(async () => {
    // Registers the fonts and shares the layouts; the decks below then find a filled cache.
    await renderPackagePdf(packageFixture(), 'en-US', 5);
  }, 60_000);

  it.each(['fi-FI', 'ta', 'ja'])(
    'lays out a %s deck word for word as an unshared layout does',
    async (language) => {
      await deck(language, true, 'Another unit');
      const shared = await deck(language, true, 'Development');
      const own = await deck(language, false, 'Development');
      // The shared deck's faces came from font files parsed once for the thread.
      expect(sharedFontFiles()).toBeGreaterThan(0);
      const boxes = wordBoxes(shared, `${language}-shared`);
      expect(boxes).toContain('Development');
      expect(boxes.split('<word').length).toBeGreaterThan(300);
      expect(boxes).toBe(wordBoxes(own, `${language}-own`));
    },
    60_000,
  );
});
