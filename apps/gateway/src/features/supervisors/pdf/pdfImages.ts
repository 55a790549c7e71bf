// The charts handed to pdfkit as the compressed rows it writes into the PDF. As a PNG data URL, an
// image went through base64 both ways and pdfkit's PNG reader (png-js), which copies the image
// data into an array byte by byte, only for pdfkit to write those same compressed rows: a tenth of
// a drawing thread. An RGB PNG's rows are exactly what a PDF image with the PNG predictor holds,
// so the server's document takes them as they are, under a name its image nodes use.
import { pdfmakeDocumentPrototype } from './pdfmakeDocument.js';

/** The parts of a pdfkit object reference this writes. */
interface PdfReference {
  data: Record<string, unknown>;
  end(chunk?: Buffer): void;
}

/** The parts of a pdfmake (pdfkit) document this reads and fills. */
interface PdfmakeDocument {
  ref(data?: Record<string, unknown>): PdfReference;
  _imageRegistry: Record<string, unknown>;
  _imageCount: number;
}

interface PdfmakeDocumentMethods {
  provideImage(this: PdfmakeDocument, src: unknown): unknown;
}

/** An RGB image's rows, PNG-filtered and deflated (a PNG's IDAT data), at its pixel size. */
export interface DeflatedRows {
  rows: Buffer;
  width: number;
  height: number;
}

/** An image as pdfkit embeds one: its size, its label on the page and its object once written. */
class DeflatedRgbImage {
  obj: PdfReference | null = null;

  constructor(
    private readonly image: DeflatedRows,
    readonly label: string,
  ) {}

  get width(): number {
    return this.image.width;
  }

  get height(): number {
    return this.image.height;
  }

  /** Writes the image object as pdfkit writes an RGB PNG's (`PNGImage.embed`), once. */
  embed(document: PdfmakeDocument): void {
    if (this.obj) return;
    const { rows, width } = this.image;
    const params = document.ref({ Predictor: 15, Colors: 3, BitsPerComponent: 8, Columns: width });
    params.end();
    this.obj = document.ref({
      Type: 'XObject',
      Subtype: 'Image',
      BitsPerComponent: 8,
      Width: width,
      Height: this.height,
      Filter: 'FlateDecode',
      DecodeParms: params,
      ColorSpace: 'DeviceRGB',
    });
    this.obj.end(rows);
  }
}

const held = new Map<string, DeflatedRows>();
let named = 0;
let installed = false;

/** Holds `image` for the documents of this thread under a new name, which an image node takes. */
export function holdImage(image: DeflatedRows): string {
  const name = `chart-image:${++named}`;
  held.set(name, image);
  return name;
}

/** Lets go of images once their document is written. */
export function releaseImages(names: Iterable<string>): void {
  for (const name of names) held.delete(name);
}

/** An image held under `name`, if it still is. */
export const heldImage = (name: string): DeflatedRows | undefined => held.get(name);

/** How many images this thread holds (none between documents). */
export const heldImages = (): number => held.size;

/** Makes every later pdfmake document of this thread find the held images by their names. */
export function embedHeldImages(): void {
  if (installed) return;
  installed = true;
  const prototype = pdfmakeDocumentPrototype<PdfmakeDocumentMethods>();
  const provideImage = prototype.provideImage;
  prototype.provideImage = function (src) {
    const image = typeof src === 'string' ? held.get(src) : undefined;
    if (!image || typeof src !== 'string') return provideImage.call(this, src);
    // One object per document for each name, as pdfkit keeps an image it opened.
    this._imageRegistry[src] ??= new DeflatedRgbImage(image, `I${++this._imageCount}`);
    return this._imageRegistry[src];
  };
}
