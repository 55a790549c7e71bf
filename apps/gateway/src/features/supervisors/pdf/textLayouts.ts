// Word layouts kept across PDFs. pdfkit shapes every word of a document with fontkit (its GSUB and
// GPOS lookups) and keeps the result for that document only: a fifth of a package's drawing thread
// went to shaping the same slide texts, criteria and unit names again for every deck of a send. A
// layout depends only on the font file and the word (glyph ids, advances and offsets; each
// document still numbers its own font subset when it writes the glyphs), so the documents of a
// thread share one cache per face. pdfmake gives no option for it: the faces it opens for a
// document are handed the shared cache as they are opened (`provideFont`).
import { createRequire } from 'node:module';

/** The part of pdfkit's embedded font this reads: its face's name and its per-document cache. */
interface EmbeddedFace {
  name: string;
  layoutCache?: Record<string, unknown>;
}

interface PdfmakeDocumentClass {
  prototype: {
    provideFont(family: string, bold: boolean, italics: boolean): EmbeddedFace;
  };
}

/** Words kept per face before its cache starts again (a deck has a few thousand). */
const MAX_WORDS = 50_000;
const shared = new Map<string, Record<string, unknown>>();
let installed = false;

function sharedLayouts(key: string): Record<string, unknown> {
  let layouts = shared.get(key);
  // Counted when a document opens the face, not per word: pdfkit writes the entries itself.
  if (!layouts || Object.keys(layouts).length > MAX_WORDS) {
    layouts = Object.create(null) as Record<string, unknown>;
    shared.set(key, layouts);
  }
  return layouts;
}

/** Makes every later pdfmake document of this thread share its faces' word layouts. */
export function shareTextLayouts(): void {
  if (installed) return;
  installed = true;
  const require = createRequire(import.meta.url);
  const module = require('pdfmake/js/PDFDocument.js') as { default: PdfmakeDocumentClass };
  const { prototype } = module.default;
  const provideFont = prototype.provideFont;
  const opened = new WeakSet<EmbeddedFace>();
  prototype.provideFont = function (family, bold, italics) {
    const face = provideFont.call(this, family, bold, italics);
    // A document that turned pdfkit's cache off (fontLayoutCache: false) keeps it off.
    if (face.layoutCache && !opened.has(face)) {
      opened.add(face);
      face.layoutCache = sharedLayouts(`${family}|${bold}|${italics}|${face.name}`);
    }
    return face;
  };
}
