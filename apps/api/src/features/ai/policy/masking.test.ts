import { describe, expect, it } from '@jest/globals';
import { masker, namesToMask } from './masking.js';

describe('masking before text leaves for a provider', () => {
  const mask = masker(['Matti Meikäläinen', 'Matti', 'Meikäläinen', 'Li']);

  it('masks emails, phone numbers and known names, whole words only', () => {
    expect(mask('Matti Meikäläinen (matti.m@firma.fi, +358 40 123 4567) sanoi ei.')).toBe(
      '[name] ([email], [phone]) sanoi ei.',
    );
    expect(mask('MATTI on paras; Mattila ei ole nimi listalla.')).toBe(
      '[name] on paras; Mattila ei ole nimi listalla.',
    );
  });

  it('leaves years, short numbers and ordinary words alone', () => {
    expect(mask('Vuonna 2024 meitä oli 12 ja kaikki oli hyvin.')).toBe(
      'Vuonna 2024 meitä oli 12 ja kaikki oli hyvin.',
    );
  });

  it('masks a first name alone only when it is not also a common word', () => {
    const names = namesToMask([
      { first_name: 'Toivo', last_name: 'Virtanen' },
      { first_name: 'Matti', last_name: 'Ek' },
      { first_name: 'Rose', last_name: 'Smith' },
    ]);
    const mask = masker(names);
    // "toivo" is hope in Finnish, "rose" a flower: alone they stay; with the last name, masked.
    expect(mask('Toivo on vähissä, sanoi Toivo Virtanen.')).toBe('Toivo on vähissä, sanoi [name].');
    expect(mask('A rose by any name; Rose Smith agrees.')).toBe(
      'A rose by any name; [name] agrees.',
    );
    // An ordinary first name alone is masked; a 2-letter last name alone is not.
    expect(mask('Matti Ek ja Matti, ei Ek-yhtiö.')).toBe('[name] ja [name], ei Ek-yhtiö.');
    expect(names).not.toContain('Toivo');
    expect(names).toContain('Virtanen');
  });
});
