import { formatDay } from './dates.js';

const march5 = new Date(2024, 2, 5);

describe('a day in the package', () => {
  it("is the specification's d.M.yyyy in Finnish, Swedish and English", () => {
    for (const language of ['fi-FI', 'sv', 'en-US'])
      expect(formatDay(march5, language)).toBe('5.3.2024');
  });

  it('is written as Intl writes it in every other language', () => {
    expect(formatDay(march5, 'de')).toBe('05.03.2024');
    expect(formatDay(march5, 'ja')).toBe('2024/03/05');
    expect(formatDay(march5, 'cz')).toBe(
      new Intl.DateTimeFormat('cs', { dateStyle: 'medium' }).format(march5),
    );
  });
});
