import { describe, expect, it } from 'vitest';
import { getHref, paths } from './paths';

describe('getHref', () => {
  it('fills path parameters', () => {
    expect(getHref(paths.resetConfirm, { userId: 'u1', code: 'c 2' })).toBe(
      '/account/reset/confirm/u1/c%202',
    );
  });

  it('drops optional parameters that are not given', () => {
    expect(getHref(paths.privacy)).toBe('/privacy');
    expect(getHref(paths.privacy, { language: 'sv' })).toBe('/privacy/sv');
  });

  it('skips empty query values', () => {
    expect(getHref(paths.accountConfirm, {}, { userId: 'u1', code: '', lng: null })).toBe(
      '/account/confirm?userId=u1',
    );
  });
});
