// A chart's texts as glyph outlines, for the rasteriser. resvg lays out each text element itself
// and shapes it with a fresh plan over the whole Noto face: about a millisecond a label, a third of
// a package's rasterising. The chart window has already laid out every label in the same faces
// (fontkit, glyphRuns.ts) to measure it; here each text becomes those glyphs' outlines, so what is
// drawn is what Highcharts measured. Covers the SVG text Highcharts writes: a text's x and y, tspans
// that start a line (x, dy) or carry a label's outline (stroke), text-anchor, inherited paint.
import type { Font } from 'fontkit';
import { fontSize, inlineStyle, isBold, type MeasureFonts } from './chartWindow.js';
import { glyphOutline, glyphRun, type GlyphRun } from './glyphRuns.js';

/** Attributes that place a text's glyphs; the rest (transform, class, paint) go on its group. */
const PLACEMENT = new Set(['x', 'y', 'dx', 'dy', 'text-anchor', 'text-align', 'rotate']);
/** Paint a tspan may set for its own glyphs. */
const PAINT = [
  'fill',
  'stroke',
  'stroke-width',
  'stroke-linejoin',
  'fill-opacity',
  'stroke-opacity',
];

interface Piece {
  run: GlyphRun;
  font: Font;
  /** px per font unit */
  scale: number;
  x: number;
  y: number;
  paint: string;
}

interface Chunk {
  pieces: Piece[];
  width: number;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A length attribute in px (`em` relative to the element's font size); 0 when absent. */
function length(element: Element, name: string): number {
  const value = element.getAttribute(name);
  if (!value) return 0;
  const number = Number.parseFloat(value);
  if (Number.isNaN(number)) return 0;
  return value.endsWith('em') ? number * fontSize(element) : number;
}

/** The paint attributes a tspan (and the tspans between it and its text) set, as SVG attributes. */
function paintOf(element: Element, text: Element): string {
  const set = new Map<string, string>();
  for (let node: Element | null = element; node && node !== text; node = node.parentElement) {
    for (const property of PAINT) {
      if (set.has(property)) continue;
      const value = inlineStyle(node, property) || node.getAttribute(property);
      if (value) set.set(property, value);
    }
  }
  return [...set].map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('');
}

/** SVG's default white space: no line breaks, tabs as spaces, runs of spaces as one. */
const collapse = (content: string) =>
  content
    .replace(/[\r\n\u200b]/g, '')
    .replace(/\t/g, ' ')
    .replace(/ {2,}/g, ' ');

/** The text's glyph runs, in chunks that each start at an absolute x (text-anchor moves chunks). */
function chunksOf(text: Element, faces: MeasureFonts): Chunk[] {
  let chunk: Chunk = { pieces: [], width: 0 };
  const chunks = [chunk];
  let x = length(text, 'x') + length(text, 'dx');
  let y = length(text, 'y') + length(text, 'dy');
  let afterSpace = true; // leading spaces of a text are dropped
  const place = (content: string, element: Element) => {
    let visible = collapse(content);
    if (afterSpace) visible = visible.replace(/^ /, '');
    if (visible === '') return;
    afterSpace = visible.endsWith(' ');
    const font = isBold(element) ? faces.bold : faces.normal;
    const scale = fontSize(element) / font.unitsPerEm;
    const run = glyphRun(font, visible);
    chunk.pieces.push({ run, font, scale, x, y, paint: paintOf(element, text) });
    x += run.advance * scale;
    chunk.width += run.advance * scale;
  };
  const visit = (element: Element) => {
    for (const child of Array.from(element.childNodes)) {
      if (child.nodeType === child.TEXT_NODE) place(child.textContent ?? '', element);
      if (child.nodeType !== child.ELEMENT_NODE) continue;
      const tspan = child as Element;
      if (tspan.localName !== 'tspan') continue; // a title or desc is not drawn
      if (tspan.hasAttribute('x')) {
        chunk = { pieces: [], width: 0 };
        chunks.push(chunk);
        x = length(tspan, 'x');
      }
      if (tspan.hasAttribute('y')) y = length(tspan, 'y');
      x += length(tspan, 'dx');
      y += length(tspan, 'dy');
      visit(tspan);
    }
  };
  visit(text);
  return chunks;
}

/** The text's anchor, its own or inherited from its groups. */
function anchorOf(text: Element): string {
  for (let node: Element | null = text; node; node = node.parentElement) {
    const anchor = inlineStyle(node, 'text-anchor') || node.getAttribute('text-anchor');
    if (anchor) return anchor;
  }
  return 'start';
}

const round = (value: number) => Math.round(value * 100) / 100;

/** A text element as a group of its glyphs' outlines, with the text's own attributes. */
export function outlineMarkup(text: Element, faces: MeasureFonts): string {
  const shift = { start: 0, middle: 0.5, end: 1 }[anchorOf(text)] ?? 0;
  let glyphs = '';
  for (const chunk of chunksOf(text, faces)) {
    const offset = -chunk.width * shift;
    for (const { run, font, scale, x, y, paint } of chunk.pieces) {
      glyphs += `<g${paint}>`;
      run.ids.forEach((id, index) => {
        const d = glyphOutline(font, id, scale);
        if (d === '') return;
        const gx = round(x + offset + (run.xs[index] ?? 0) * scale);
        const gy = round(y - (run.ys[index] ?? 0) * scale);
        glyphs += `<path transform="translate(${gx} ${gy})" d="${d}"></path>`;
      });
      glyphs += '</g>';
    }
  }
  const attributes = Array.from(text.attributes)
    .filter(({ name }) => !PLACEMENT.has(name))
    .map(({ name, value }) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  return `<g${attributes}>${glyphs}</g>`;
}

const TEXT_ELEMENT = /<text\b(?:[^>"]|"[^"]*")*>[\s\S]*?<\/text>/g;

/** The chart's SVG markup with every text drawn as outlines (the DOM itself is left as it is). */
export function outlinedSvg(svg: Element, faces: MeasureFonts): string {
  const outlines = Array.from(svg.getElementsByTagName('text'), (text) =>
    outlineMarkup(text, faces),
  );
  let next = 0;
  const markup = svg.outerHTML.replace(TEXT_ELEMENT, () => outlines[next++] ?? '');
  if (next !== outlines.length)
    throw new Error(`the chart's SVG has ${next} texts where its document has ${outlines.length}`);
  return markup;
}
