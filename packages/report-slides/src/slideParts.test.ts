import { legendLabelWidth } from './slideParts.js';

describe('the scale legend', () => {
  it('gives a Latin label about 0.64 em a character, as before', () => {
    expect(legendLabelWidth('100–90', 11)).toBe(Math.ceil(6 * 7) + 4);
  });

  it('gives a wide (CJK) character a full em, so "60未満" stays on one line', () => {
    // Noto Sans JP draws 未 and 満 one em wide: 2 × 11 pt, and the digits about 7 pt each.
    expect(legendLabelWidth('60未満', 11)).toBeGreaterThanOrEqual(2 * 7 + 2 * 11);
    expect(legendLabelWidth('60점 미만', 11)).toBeGreaterThanOrEqual(2 * 7 + 3 * 11);
  });
});
