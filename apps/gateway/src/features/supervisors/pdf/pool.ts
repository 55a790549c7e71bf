// The package PDFs drawn in worker threads, one per core (or PDF_RENDER_THREADS): drawing a deck's
// charts and laying out its slides is seconds of CPU, and a send of 200 units asks for 200 of them
// at once. Each thread keeps its own jsdom window and fonts, so the cost of loading them is paid
// once per thread; the main thread keeps answering GraphQL meanwhile. Where the compiled worker is
// not there (the tests run the TypeScript sources), the PDF is drawn in this thread, and only then
// does this thread load the drawing code.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PackageData } from '@survey/report-slides';
import { keepRasterPages } from '../../../env.js';
import type { RenderAnswer, RenderRequest } from './render-worker.js';

// Before any thread loads the drawing code (resvg reads its allocator's setting once, then).
keepRasterPages();

interface Waiting {
  resolve(pdf: Buffer): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  /** The render in hand. */
  job: number | undefined;
}

const WORKER = fileURLToPath(new URL('./render-worker.js', import.meta.url));

export class RenderPool {
  readonly #size: number;
  readonly #slots: Slot[] = [];
  readonly #queue: { request: RenderRequest; waiting: Waiting }[] = [];
  readonly #waiting = new Map<number, Waiting>();
  #next = 0;

  constructor(size: number) {
    this.#size = existsSync(WORKER) ? size : 0;
  }

  render(data: PackageData, language: string, threshold: number): Promise<Buffer> {
    if (this.#size === 0)
      return import('./render.js').then((drawing) =>
        drawing.renderPackagePdf(data, language, threshold),
      );
    return new Promise((resolve, reject) => {
      this.#queue.push({
        request: { id: this.#next++, data, language, threshold },
        waiting: { resolve, reject },
      });
      this.#dispatch();
    });
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      const slot = this.#slots.find((s) => s.job === undefined) ?? this.#spawn();
      if (!slot) return;
      const job = this.#queue.shift();
      if (!job) return;
      slot.job = job.request.id;
      this.#waiting.set(job.request.id, job.waiting);
      slot.worker.postMessage(job.request);
    }
  }

  #spawn(): Slot | undefined {
    if (this.#slots.length >= this.#size) return undefined;
    const worker = new Worker(WORKER);
    // Idle threads do not keep the process alive; one at work does until its answer.
    worker.unref();
    const slot: Slot = { worker, job: undefined };
    worker.on('message', (answer: RenderAnswer) => {
      const waiting = this.#waiting.get(answer.id);
      this.#waiting.delete(answer.id);
      slot.job = undefined;
      if ('pdf' in answer)
        waiting?.resolve(
          Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength),
        );
      else waiting?.reject(new Error(answer.error));
      this.#dispatch();
    });
    worker.on('error', (error) => this.#lost(slot, error));
    this.#slots.push(slot);
    return slot;
  }

  /** A thread that died takes the render in hand with it; the next one starts a fresh thread. */
  #lost(slot: Slot, error: Error): void {
    this.#slots.splice(this.#slots.indexOf(slot), 1);
    if (slot.job !== undefined) {
      this.#waiting.get(slot.job)?.reject(error);
      this.#waiting.delete(slot.job);
    }
    this.#dispatch();
  }

  async close(): Promise<void> {
    await Promise.all(this.#slots.splice(0).map((slot) => slot.worker.terminate()));
  }
}
