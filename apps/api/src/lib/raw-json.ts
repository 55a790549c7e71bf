// JSON text that goes into a response as it is. A big list the database already wrote as JSON (the
// open comments: tens of thousands of objects) is not parsed only to be written again.
import { randomUUID } from 'node:crypto';

export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON.stringify, writing each RawJson as its text. */
export function stringifyWithRaw(value: unknown): string {
  const raws: string[] = [];
  // A placeholder no other string can equal: a fresh uuid between NUL characters.
  const mark = `\u0000${randomUUID()}:`;
  const json = JSON.stringify(value, (_key, item: unknown) =>
    item instanceof RawJson ? `${mark}${raws.push(item.text) - 1}` : item,
  );
  if (raws.length === 0) return json;
  const quotedMark = JSON.stringify(mark).slice(0, -1); // `"\u0000<uuid>:` as written in `json`
  return json
    .split(quotedMark)
    .map((part, i) => {
      if (i === 0) return part;
      const end = part.indexOf('"');
      return raws[Number(part.slice(0, end))] + part.slice(end + 1);
    })
    .join('');
}
