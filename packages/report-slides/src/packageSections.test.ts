import { kicker } from './packageSections.js';

describe("the cover's kicker", () => {
  it('spaces out capitals', () => {
    expect(kicker('RESULTS')).toMatchObject({ characterSpacing: 2 });
    expect(kicker('РЕЗУЛЬТАТЫ')).toMatchObject({ characterSpacing: 2 });
  });

  it('leaves Thai, Tamil and Japanese unspaced, so vowel signs stay on their letters', () => {
    for (const text of ['ผลลัพธ์', 'முடிவுகள்', '結果']) {
      expect(kicker(text)).not.toHaveProperty('characterSpacing');
    }
  });
});
