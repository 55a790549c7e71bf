import { asciiJsonString, jsonChunks, RawJson } from './raw-json.js';

const stringifyWithRaw = (value: unknown) => jsonChunks(value).join('');

describe('jsonChunks', () => {
  it('writes raw JSON text in place and everything else as JSON.stringify does', () => {
    const value = {
      name: 'Demo "Oy"',
      data: {
        positive: new RawJson('[{"comment":"Hyvä \\"tiimi\\"","id":2}]'),
        empty: new RawJson('[]'),
      },
      list: [1, new RawJson('null'), 'x'],
    };
    const text = stringifyWithRaw(value);
    expect(JSON.parse(text)).toEqual({
      name: 'Demo "Oy"',
      data: { positive: [{ comment: 'Hyvä "tiimi"', id: 2 }], empty: [] },
      list: [1, null, 'x'],
    });
  });

  it('leaves strings alone that look like its placeholders', () => {
    const value = { a: '\u0000raw:0', b: new RawJson('{"x":1}') };
    expect(JSON.parse(stringifyWithRaw(value))).toEqual({ a: '\u0000raw:0', b: { x: 1 } });
    expect(stringifyWithRaw({ a: 1 })).toBe(JSON.stringify({ a: 1 }));
  });

  it('keeps the pieces of a raw list as pieces, in order', () => {
    const list = new RawJson(['[', '{"a":1}', ',', '{"a":2}', ']']);
    const chunks = jsonChunks({ before: 'x', list, after: [list] });
    expect(chunks).toContain('{"a":2}');
    expect(JSON.parse(chunks.join(''))).toEqual({
      before: 'x',
      list: [{ a: 1 }, { a: 2 }],
      after: [[{ a: 1 }, { a: 2 }]],
    });
  });
});

describe('asciiJsonString', () => {
  it('writes JSON in ASCII that reads back as the same string', () => {
    const text = 'Työ "on" hyvää\n😀 \\ \u0001 end';
    const json = asciiJsonString(text);
    expect(json).toMatch(/^[\x20-\x7e]+$/);
    expect(json).toContain('Ty\\u00f6');
    expect(json).toContain('\\ud83d\\ude00');
    expect(JSON.parse(json)).toBe(text);
    expect(asciiJsonString('plain "text"')).toBe(JSON.stringify('plain "text"'));
  });
});
