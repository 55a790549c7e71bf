// pdfmake's document class (its pdfkit document), whose methods the server's package PDFs extend
// for the documents of a thread: shared fonts and word layouts (textLayouts.ts), held chart images
// (pdfImages.ts). pdfmake exports no hook for either; the class is its Node build's own module.
import { createRequire } from 'node:module';

/** The prototype of pdfmake's document class, typed as `Methods` (the parts a caller reads). */
export function pdfmakeDocumentPrototype<Methods>(): Methods {
  const require = createRequire(import.meta.url);
  const module = require('pdfmake/js/PDFDocument.js') as { default: { prototype: Methods } };
  return module.default.prototype;
}
