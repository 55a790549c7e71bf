// A drawing thread of the package PDF pool (pool.ts): its own jsdom window, Highcharts and pdfmake,
// rendering one package at a time as the main thread sends them.
import { parentPort } from 'node:worker_threads';
import type { PackageData } from '@survey/report-slides';
import { renderPackagePdf } from './render.js';

export interface RenderRequest {
  id: number;
  data: PackageData;
  language: string;
  threshold: number;
}

export type RenderAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

parentPort?.on('message', (request: RenderRequest) => {
  renderPackagePdf(request.data, request.language, request.threshold).then(
    (pdf) => {
      const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
      parentPort?.postMessage({ id: request.id, pdf: bytes } satisfies RenderAnswer);
    },
    (error: unknown) => {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      parentPort?.postMessage({ id: request.id, error: message } satisfies RenderAnswer);
    },
  );
});
