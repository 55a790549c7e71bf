// JSON text that goes into a response as it is. A big list the database already wrote as JSON (the
// open comments: tens of thousands of objects, in pieces of about 50 KB) is neither parsed only to
// be written again nor joined into one big string: each piece goes to the socket as it came, as
// text or, better, as the UTF-8 bytes the database sent (no decoding and encoding on the way).
import { randomUUID } from 'node:crypto';

/** A piece of JSON text: a string, or its UTF-8 bytes. */
export type JsonPiece = string | Uint8Array;

export class RawJson {
  /** The JSON text, in pieces to be written one after the other. */
  readonly parts: readonly JsonPiece[];
  constructor(text: JsonPiece | readonly JsonPiece[]) {
    this.parts = typeof text === 'string' || text instanceof Uint8Array ? [text] : text;
  }
}

/** JSON.stringify as pieces of text, each RawJson's pieces in its place. */
export function jsonChunks(value: unknown): JsonPiece[] {
  const raws: RawJson[] = [];
  // A placeholder no other string can equal: a fresh uuid between NUL characters.
  const mark = `\u0000${randomUUID()}:`;
  const json = JSON.stringify(value, (_key, item: unknown) =>
    item instanceof RawJson ? `${mark}${raws.push(item) - 1}` : item,
  );
  if (raws.length === 0) return [json];
  const quotedMark = JSON.stringify(mark).slice(0, -1); // `"\u0000<uuid>:` as written in `json`
  const [first = '', ...rest] = json.split(quotedMark);
  const chunks: JsonPiece[] = [first];
  for (const part of rest) {
    const end = part.indexOf('"');
    chunks.push(...(raws[Number(part.slice(0, end))]?.parts ?? []), part.slice(end + 1));
  }
  return chunks;
}

/** jsonChunks as one string (to parse, or for a caller that needs the text). */
export const jsonText = (value: unknown): string =>
  Buffer.concat(
    jsonChunks(value).map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk)),
  ).toString();
