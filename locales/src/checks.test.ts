// The checks themselves, on texts made for the purpose: each must find what it is there to find.
import { isAllowedIdentical } from './cognates.js';
import { placeholders } from './check.js';
import { pseudoText, pseudoTexts } from './pseudo.js';
import { pluralCategories, pluralGroups, singleNumber, splitPlural } from './plurals.js';

describe('plural rules', () => {
  it('knows the console codes cz and sme by their real tags', () => {
    expect(pluralCategories('cz')).toEqual(['one', 'few', 'many', 'other']);
    expect(pluralCategories('sme')).toEqual(['one', 'two', 'other']);
    expect(pluralCategories('ru')).toEqual(['one', 'few', 'many', 'other']);
    expect(pluralCategories('ja')).toEqual(['other']);
    expect(pluralCategories('lv')).toEqual(['zero', 'one', 'other']);
  });

  it('groups i18next v4 plural keys and ignores keys that only look alike', () => {
    const groups = pluralGroups(['a.tile_one', 'a.tile_other', 'a.phone_one', 'b.other']);
    expect([...groups.keys()]).toEqual(['a.tile']);
    expect(splitPlural('x.respondents_few')).toEqual({ base: 'x.respondents', category: 'few' });
  });

  it('lets only a one-number form drop {{count}}', () => {
    expect(singleNumber('en-US', 'one')).toBe(true);
    expect(singleNumber('ru', 'one')).toBe(false); // 1, 21, 31 …
  });
});

describe('placeholders and tags', () => {
  it('reads names, formats and tags', () => {
    expect(placeholders('{{ count }} of {{total, number}} <strong>x</strong><br/>')).toEqual(
      ['{{count}}', '{{total}}', '<strong>', '</strong>', '<br/>'].sort(),
    );
  });
});

describe('texts identical to English', () => {
  it('allows numbers, names of the product and cognates of the language only', () => {
    expect(isAllowedIdentical('ja', '{{count}} / {{total}}')).toBe(true);
    expect(isAllowedIdentical('ja', 'eNPS {{value}}')).toBe(true);
    expect(isAllowedIdentical('de', 'Dashboard')).toBe(true);
    expect(isAllowedIdentical('ja', 'Dashboard')).toBe(false);
    expect(isAllowedIdentical('ru', 'Delete unit')).toBe(false);
  });
});

describe('the pseudo-locale', () => {
  it('accents every letter, keeps placeholders and tags, and is about 35 % longer', () => {
    const english = 'Delete the unit {{name}}? Its <strong>child units</strong> stay.';
    const pseudo = pseudoText(english);
    expect(placeholders(pseudo)).toEqual(placeholders(english));
    expect(pseudo.replace(/{{[^}]*}}|<[^>]*>/g, '')).not.toMatch(/[a-zA-Z]/);
    const letters = english.replace(/{{[^}]*}}|<[^>]*>/g, '').length;
    const pseudoLetters = pseudo.replace(/{{[^}]*}}|<[^>]*>/g, '').length;
    expect(pseudoLetters / letters).toBeGreaterThan(1.3);
  });

  it('turns a whole file', () => {
    expect(pseudoTexts({ a: { b: 'Save' } })).toEqual({ a: { b: pseudoText('Save') } });
  });
});
