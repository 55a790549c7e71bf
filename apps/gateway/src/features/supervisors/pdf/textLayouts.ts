// Word layouts kept across PDFs. pdfkit shapes every word of a document with fontkit (its GSUB and
// GPOS lookups) and keeps the result for that document only: a fifth of a package's drawing thread
// went to shaping the same slide texts, criteria and unit names again for every deck of a send. A
// layout depends only on the font file and the word (glyph ids, advances and offsets; each
// document still numbers its own font subset when it writes the glyphs), so the documents of a
// thread share one cache per face. pdfmake gives no option for it: the faces it opens for a
// document are handed the shared cache as they are opened (`provideFont`).
//
// The parsed font files are shared too: pdfkit read and parsed each face's file (fontkit) for every
// document, 12 % of a drawing thread. A document still gets its own embedded face (its id, glyph
// subset and widths) over the shared parsed font, which pdfkit only reads (fontkit's reads are
// synchronous and seek before each read, so documents of one thread cannot interleave them).
import { pdfmakeDocumentPrototype } from './pdfmakeDocument.js';

/** The part of pdfkit's embedded font this reads: its face's name and its per-document cache. */
interface EmbeddedFace {
  name: string;
  /** The parsed font file (fontkit), which pdfkit only reads. */
  font: object;
  layoutCache?: Record<string, unknown>;
}

/** pdfkit's embedded font class, as a face opened by pdfkit itself is made. */
type EmbeddedFaceClass = new (document: PdfmakeDocument, font: object, id: string) => EmbeddedFace;

/** The parts of a pdfmake (pdfkit) document this reads and fills. */
interface PdfmakeDocument {
  options: { fontLayoutCache?: boolean };
  fonts: Record<string, Record<string, string | string[]>>;
  fontCache: Record<string, Record<string, EmbeddedFace> | undefined>;
  getFontType(bold: boolean, italics: boolean): string;
  /** pdfkit's faces of the document by file (or name), and how many it has numbered. */
  _fontFamilies: Record<string, EmbeddedFace>;
  _fontCount: number;
}

interface PdfmakeDocumentMethods {
  provideFont(this: PdfmakeDocument, family: string, bold: boolean, italics: boolean): EmbeddedFace;
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

/** The parsed font of each file a document of this thread opened, and pdfkit's face class. */
const parsed = new Map<string, object>();
let faceClass: EmbeddedFaceClass | undefined;

/** The file pdfmake opens for a family's style, when it is one file named by its path. */
function fontFile(document: PdfmakeDocument, family: string, bold: boolean, italics: boolean) {
  const file = document.fonts[family]?.[document.getFontType(bold, italics)];
  return typeof file === 'string' ? file : undefined;
}

/**
 * Gives the document its own face of an already parsed file before pdfmake opens it: pdfkit then
 * finds the face under the file's name and does not read the file again (as its `font()` does for
 * a face it opened before).
 */
function openParsed(document: PdfmakeDocument, file: string): void {
  const font = parsed.get(file);
  if (!font || !faceClass || document._fontFamilies[file]) return;
  const face = new faceClass(document, font, `F${++document._fontCount}`);
  document._fontFamilies[file] = face;
  document._fontFamilies[face.name] ??= face;
}

/** How many font files this thread's documents share parsed (none before the first document). */
export const sharedFontFiles = (): number => parsed.size;

/** Makes every later pdfmake document of this thread share its faces' parsed fonts and layouts. */
export function shareTextLayouts(): void {
  if (installed) return;
  installed = true;
  const prototype = pdfmakeDocumentPrototype<PdfmakeDocumentMethods>();
  const provideFont = prototype.provideFont;
  const opened = new WeakSet<EmbeddedFace>();
  prototype.provideFont = function (family, bold, italics) {
    // Asked for every run of text: a face the document has is handed out as it is.
    const known = this.fontCache[family]?.[this.getFontType(bold, italics)];
    if (known) return known;
    // A document that turned pdfkit's cache off (fontLayoutCache: false) opens its own faces.
    const own = this.options.fontLayoutCache === false;
    const file = own ? undefined : fontFile(this, family, bold, italics);
    if (file) openParsed(this, file);
    const face = provideFont.call(this, family, bold, italics);
    if (file && !parsed.has(file)) {
      parsed.set(file, face.font);
      faceClass = face.constructor as EmbeddedFaceClass;
    }
    // A document that turned pdfkit's cache off (fontLayoutCache: false) keeps it off.
    if (face.layoutCache && !opened.has(face)) {
      opened.add(face);
      face.layoutCache = sharedLayouts(`${family}|${bold}|${italics}|${face.name}`);
    }
    return face;
  };
}
