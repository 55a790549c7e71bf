// SVG export of a report chart (spec: scaled 3x): the chart's own SVG with its width and height
// tripled and the original viewBox kept, so it stays sharp in slides and documents.
import { downloadBlob } from '../../../lib/download';
import type { ChartHandle } from './Chart';

export const SVG_EXPORT_SCALE = 3;

/** The chart's SVG text, scaled. */
export async function chartSvg(handle: ChartHandle): Promise<string> {
  const chart = handle.chart;
  const svg = await chart.exporting.getSVG();
  return scaleSvg(svg, chart.chartWidth, chart.chartHeight, SVG_EXPORT_SCALE);
}

export function scaleSvg(svg: string, width: number, height: number, scale: number): string {
  const document = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const root = document.documentElement;
  if (!root.getAttribute('viewBox')) root.setAttribute('viewBox', `0 0 ${width} ${height}`);
  root.setAttribute('width', String(width * scale));
  root.setAttribute('height', String(height * scale));
  return new XMLSerializer().serializeToString(document);
}

/** Downloads the chart as `<fileName>.svg`. */
export async function exportChartSvg(handle: ChartHandle | null, fileName: string): Promise<void> {
  if (!handle) return;
  const blob = new Blob([await chartSvg(handle)], { type: 'image/svg+xml' });
  downloadBlob(blob, `${fileName}.svg`);
}
