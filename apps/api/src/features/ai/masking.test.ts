import { describe, expect, it } from '@jest/globals';
import { masker } from './masking.js';

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
});
