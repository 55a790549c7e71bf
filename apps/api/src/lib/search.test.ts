import { likePattern, partialDatePattern } from './search.js';

describe('likePattern', () => {
  it('matches the text anywhere, its wildcards literally', () => {
    expect(likePattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('partialDatePattern', () => {
  it.each([
    ['5.', '5.%'],
    ['5.3', '5.3.%'],
    ['5.3.', '5.3.%'],
    ['5.3.20', '5.3.20%'],
    ['05.03.2024', '5.3.2024%'],
    [' 31.12.1999 ', '31.12.1999%'],
  ])('reads %j as a partial d.M.yyyy date', (term, pattern) => {
    expect(partialDatePattern(term)).toBe(pattern);
  });

  it.each(['5', '2024', 'Q1.2', '32.1', '0.1', '5.13', '5.3.20245', '5..2024', '1.2.3.4', ''])(
    'leaves %j to the text search',
    (term) => {
      expect(partialDatePattern(term)).toBeNull();
    },
  );
});
