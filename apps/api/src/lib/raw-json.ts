// JSON text that goes into a response as it is. A big list the database already wrote as JSON (the
// open comments: tens of thousands of objects, in pieces of about 30 KB) is neither parsed only to
// be written again nor joined into one big string: each piece goes to the socket as it came.
import { randomUUID } from 'node:crypto';

export class RawJson {
  /** The JSON text, in pieces to be written one after the other. */
  readonly parts: readonly string[];
  constructor(text: string | readonly string[]) {
    this.parts = typeof text === 'string' ? [text] : text;
  }
}

/**
 * A string as JSON text with every character beyond ASCII escaped (`ä` as `\u00e4`), as the
 * database writes comments (migration 019): text that stays ASCII reaches and leaves Node as
 * one-byte strings, which it decodes and encodes several times as fast as UTF-8.
 */
export const asciiJsonString = (text: string): string =>
  JSON.stringify(text).replace(
    /[\u0080-\uffff]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** JSON.stringify as pieces of text, each RawJson's pieces in its place. */
export function jsonChunks(value: unknown): string[] {
  const raws: RawJson[] = [];
  // A placeholder no other string can equal: a fresh uuid between NUL characters.
  const mark = `\u0000${randomUUID()}:`;
  const json = JSON.stringify(value, (_key, item: unknown) =>
    item instanceof RawJson ? `${mark}${raws.push(item) - 1}` : item,
  );
  if (raws.length === 0) return [json];
  const quotedMark = JSON.stringify(mark).slice(0, -1); // `"\u0000<uuid>:` as written in `json`
  const [first = '', ...rest] = json.split(quotedMark);
  const chunks = [first];
  for (const part of rest) {
    const end = part.indexOf('"');
    chunks.push(...(raws[Number(part.slice(0, end))]?.parts ?? []), part.slice(end + 1));
  }
  return chunks;
}
