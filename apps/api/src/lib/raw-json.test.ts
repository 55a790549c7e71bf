import { RawJson, stringifyWithRaw } from './raw-json.js';

describe('stringifyWithRaw', () => {
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
});
