// A text's glyphs as fontkit lays them out, kept per face: the chart window measures labels with
// them and the chart images draw them (textOutlines.ts), so what is drawn is exactly what was
// measured. Highcharts measures the same labels again and again (each wrapping try, each package
// of a send), and a layout shapes the whole text each time.
import type { Font } from 'fontkit';

/** A laid-out text in font units: each glyph's id and pen position, and the whole advance. */
export interface GlyphRun {
  ids: number[];
  xs: number[];
  ys: number[];
  advance: number;
}

const runs = new WeakMap<Font, Map<string, GlyphRun>>();

function layOut(font: Font, text: string): GlyphRun {
  const { glyphs, positions } = font.layout(text);
  const run: GlyphRun = { ids: [], xs: [], ys: [], advance: 0 };
  glyphs.forEach((glyph, index) => {
    const position = positions[index];
    if (!position) return;
    run.ids.push(glyph.id);
    run.xs.push(run.advance + position.xOffset);
    run.ys.push(position.yOffset);
    run.advance += position.xAdvance;
  });
  return run;
}

/** `text` laid out in `font` (kerning and the script's shaping included), in font units. */
export function glyphRun(font: Font, text: string): GlyphRun {
  let known = runs.get(font);
  if (!known) runs.set(font, (known = new Map()));
  let run = known.get(text);
  if (!run) {
    run = layOut(font, text);
    // A bound on what a thread keeps: labels repeat, so few texts are new after the first decks.
    if (known.size > 50_000) known.clear();
    known.set(text, run);
  }
  return run;
}

const outlines = new WeakMap<Font, Map<string, string>>();

/**
 * A glyph's outline as SVG path data at `scale` px per font unit, y down (SVG's), from the glyph's
 * origin on the baseline; kept per face, glyph and size.
 */
export function glyphOutline(font: Font, id: number, scale: number): string {
  let known = outlines.get(font);
  if (!known) outlines.set(font, (known = new Map()));
  const key = `${id}@${scale}`;
  let outline = known.get(key);
  if (outline === undefined) {
    outline = font.getGlyph(id).path.scale(scale, -scale).toSVG();
    if (known.size > 50_000) known.clear();
    known.set(key, outline);
  }
  return outline;
}
