import { cleanup, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { privacyLanguage } from './privacyLanguage';
import { PrivacyRoute } from './routes/PrivacyRoute';

const routes = [{ path: '/privacy/:language?', element: <PrivacyRoute /> }];

describe('choosing the privacy policy language', () => {
  it('takes the language from the path first', () => {
    expect(privacyLanguage('sv', 'fi', 'en-US')).toBe('sv');
    expect(privacyLanguage('fi-FI', null, 'sv')).toBe('fi-FI');
  });

  it('takes the query parameter language when the path has none', () => {
    expect(privacyLanguage(undefined, 'fi', 'en-US')).toBe('fi-FI');
    expect(privacyLanguage(undefined, 'en', 'sv')).toBe('en-US');
  });

  it('falls back to the UI language: fi-FI is Finnish, sv Swedish, anything else English', () => {
    expect(privacyLanguage(undefined, null, 'fi-FI')).toBe('fi-FI');
    expect(privacyLanguage(undefined, null, 'sv')).toBe('sv');
    expect(privacyLanguage(undefined, null, 'de')).toBe('en-US');
    expect(privacyLanguage('xx', 'yy', 'ja')).toBe('en-US');
  });
});

describe('the privacy policy page', () => {
  afterEach(async () => {
    cleanup(); // unmount first: a language change re-renders mounted pages outside act()
    await i18next.changeLanguage('en-US');
  });

  it('shows the Swedish policy for /privacy/sv whatever the UI language', async () => {
    renderRoutes({ routes, initialEntries: ['/privacy/sv'] });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dataskyddsbeskrivning' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Senast uppdaterad 5.3.2024')).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveAttribute('lang', 'sv');
  });

  it('shows the Finnish policy for ?language=fi', async () => {
    renderRoutes({ routes, initialEntries: ['/privacy?language=fi'] });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tietosuojaseloste' }),
    ).toBeInTheDocument();
  });

  it('follows the UI language when neither path nor query names one', async () => {
    await i18next.changeLanguage('fi-FI');
    renderRoutes({ routes, initialEntries: ['/privacy'] });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tietosuojaseloste' }),
    ).toBeInTheDocument();
  });

  it('shows English for any other UI language, with every section the spec asks for', async () => {
    await i18next.changeLanguage('de');
    renderRoutes({ routes, initialEntries: ['/privacy'] });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy policy' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Last updated: 5.3.2024')).toBeInTheDocument();
    for (const heading of [
      'Data controller',
      'What the register contains',
      'Cookies and analytics',
      'Your rights',
    ]) {
      expect(
        screen.getByRole('heading', { level: 2, name: new RegExp(heading) }),
      ).toBeInTheDocument();
    }
  });
});
