// Highcharts in Node: a jsdom window that Highcharts draws its SVG in. jsdom lays nothing out, so
// the window measures text itself, in the report font the image prints it in (fontkit, the font
// reader pdfmake uses): label widths, wrapping and the room axes give their names come out as in a
// browser that has the font. Highcharts reads its window once, when it loads.
import { createRequire } from 'node:module';
import { openSync, type Font } from 'fontkit';
import type Highcharts from 'highcharts';
import { JSDOM } from 'jsdom';
import { glyphRun } from './glyphRuns.js';

type HighchartsStatic = typeof Highcharts;

/** The regular and bold faces text is measured in (the chart being drawn sets them). */
export interface MeasureFonts {
  normal: Font;
  bold: Font;
}

export interface ChartWindow {
  Highcharts: HighchartsStatic;
  document: Document;
  /** Measure text in these faces until the next call (charts are drawn one at a time). */
  measureIn(fonts: MeasureFonts): void;
}

/** The root font size Highcharts' `rem` sizes are relative to, as in a browser. */
export const ROOT_FONT_SIZE = 16;
const fonts = new Map<string, Font>();

/** A TTF file read once. */
export function openFont(file: string): Font {
  let font = fonts.get(file);
  if (!font) {
    const opened = openSync(file);
    if (!('layout' in opened)) throw new Error(`${file} is a font collection`);
    font = opened;
    fonts.set(file, font);
  }
  return font;
}

const declarations = new Map<string, RegExp>();

/** One property of an element's inline style, e.g. `font-size`; '' when it has none. */
export function inlineStyle(element: Element, property: string): string {
  // Read from the attribute jsdom keeps in step with the element's style: a read through its CSS
  // object model parses the declaration again on every call, and text is measured thousands of
  // times a package.
  const attribute = element.getAttribute('style');
  if (!attribute || !attribute.includes(property)) return '';
  let declaration = declarations.get(property);
  if (!declaration) {
    declaration = new RegExp(`(?:^|;)\\s*${property}\\s*:\\s*([^;]*?)\\s*(?:;|$)`);
    declarations.set(property, declaration);
  }
  return declaration.exec(attribute)?.[1] ?? '';
}

/** A property of an element's and its ancestors' inline styles, outermost first. */
function styleChain(element: Element, property: string): string[] {
  const chain: string[] = [];
  for (let node: Element | null = element; node; node = node.parentElement)
    chain.unshift(inlineStyle(node, property));
  return chain;
}

/** An element's font size in px, from its own and its ancestors' inline styles. */
export function fontSize(element: Element): number {
  let size = ROOT_FONT_SIZE;
  for (const value of styleChain(element, 'font-size')) {
    if (!value) continue;
    const number = Number.parseFloat(value);
    if (Number.isNaN(number)) continue;
    if (value.endsWith('rem')) size = number * ROOT_FONT_SIZE;
    else if (value.endsWith('em')) size = number * size;
    else if (value.endsWith('%')) size = (number / 100) * size;
    else size = number;
  }
  return size;
}

export function isBold(element: Element): boolean {
  const weight = styleChain(element, 'font-weight').filter(Boolean).at(-1);
  return weight === 'bold' || weight === 'bolder' || Number(weight) >= 600;
}

/** A text element's lines: a tspan with a `dy` starts a new one; outline copies are left out. */
function textLines(element: Element): string[] {
  const lines: string[] = [];
  const walk = (node: Node, line: number): number => {
    let current = line;
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === child.TEXT_NODE) {
        lines[current] = (lines[current] ?? '') + (child.textContent ?? '');
      } else if (child.nodeType === child.ELEMENT_NODE) {
        const element = child as Element;
        if (element.getAttribute('class')?.includes('highcharts-text-outline')) continue;
        if (element.getAttribute('dy') && lines.length > 0) current = lines.length;
        current = walk(element, current);
      }
    }
    return current;
  };
  walk(element, 0);
  return lines;
}

/**
 * Highcharts parses a text's markup in a fresh inert HTML document (Node has no DOMParser), and a
 * jsdom document takes a millisecond or more to make: one is kept and emptied for each parse.
 * Highcharts copies what it parsed into plain objects and keeps no node of it.
 */
function reuseMarkupDocument(document: Document): void {
  const { implementation } = document;
  const create = implementation.createHTMLDocument.bind(implementation);
  let inert: Document | undefined;
  implementation.createHTMLDocument = () => {
    inert ??= create('');
    inert.body.replaceChildren();
    return inert;
  };
}

interface MarkupNode {
  tagName: string;
  textContent?: string;
}

/**
 * A text without markup (no `<`, no character reference, no carriage return or NUL, which an HTML
 * parser changes, and no ` style=`, which Highcharts renames before parsing) parses as one text node of itself, trimmed: that node without the parser. Most
 * of a chart's labels are such texts.
 */
function skipParserForPlainText(Highcharts: HighchartsStatic): void {
  const { AST } = Highcharts as unknown as {
    AST: { prototype: { parseMarkup(markup: string): MarkupNode[] } };
  };
  const parse = AST.prototype.parseMarkup;
  // Highcharts loads once per thread (require's cache), a second window included: wrapped once.
  if (parse.name === 'parsePlainTextDirectly') return;
  AST.prototype.parseMarkup = function parsePlainTextDirectly(markup: string): MarkupNode[] {
    if (/[<&\r\0]/.test(markup) || markup.includes(' style=')) return parse.call(this, markup);
    const text = markup.trim();
    return text === '' ? [] : [{ tagName: '#text', textContent: text }];
  };
}

/** Loads Highcharts (and highcharts-more, for bubbles) into a fresh measuring jsdom window. */
export function createChartWindow(): ChartWindow {
  const { window } = new JSDOM('<!doctype html><html><body></body></html>');
  let faces: MeasureFonts | undefined;
  const width = (element: Element, text: string): number => {
    if (!faces) throw new Error('no font to measure chart text in');
    const font = isBold(element) ? faces.bold : faces.normal;
    return (glyphRun(font, text).advance * fontSize(element)) / font.unitsPerEm;
  };
  const svg = window.SVGElement.prototype as SVGElement & SVGTextContentElement;
  svg.getBBox = function getBBox(this: SVGElement) {
    // An empty text (a chart without a title or caption) takes no room, as in a browser.
    const lines = textLines(this).filter((line) => line.length > 0);
    if (lines.length === 0) return new window.DOMRect(0, 0, 0, 0);
    const size = fontSize(this);
    const widest = Math.max(...lines.map((line) => width(this, line)));
    return new window.DOMRect(0, 0, widest, lines.length * size * 1.2);
  };
  svg.getSubStringLength = function getSubStringLength(this: SVGElement, start, count) {
    return width(this, (this.textContent ?? '').slice(start, start + count));
  };
  // Highcharts reads computed styles for line heights (the pixel font size) and a few inline
  // values; jsdom's own cascade matches every style sheet rule per call and would take seconds.
  window.getComputedStyle = (element: Element) => {
    const inline = (element as SVGElement).style as CSSStyleDeclaration | undefined;
    const getPropertyValue = (property: string) =>
      property === 'font-size'
        ? `${fontSize(element)}px`
        : (inline?.getPropertyValue(property) ?? '');
    return { getPropertyValue } as CSSStyleDeclaration;
  };
  reuseMarkupDocument(window.document);
  const require = createRequire(import.meta.url);
  const global = globalThis as { window?: unknown };
  global.window = window;
  try {
    const Highcharts = require('highcharts') as HighchartsStatic;
    require('highcharts/highcharts-more');
    skipParserForPlainText(Highcharts);
    return {
      Highcharts,
      document: window.document,
      measureIn: (next) => {
        faces = next;
      },
    };
  } finally {
    delete global.window;
  }
}
