// Issue 28 (reports): why a group is hidden, which language the reports speak, when an open
// survey's results open, and that a tile and the page it opens have one name.
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatEndDay } from './components/ResultsNotOpenNotice';
import { suppressedText } from './components/SuppressedNote';
import { reportTiles, surveyNotOpen, tileTitleKey, TILE_KEYS } from './landing';
import { parseReportQuery } from './reportQuery';
import { reportLanguageOf } from './useReportLanguage';

const en = i18next.getFixedT('en-US', 'report');

describe('the reason a group is hidden', () => {
  it('says "fewer than T answered" for a small group and names the threshold', () => {
    expect(suppressedText(en, 5, { reason: 'BELOW_THRESHOLD' })).toBe(
      'Hidden: fewer than 5 answered',
    );
    expect(suppressedText(en, 7, { name: 'Team A', reason: 'BELOW_THRESHOLD' })).toBe(
      'Team A: hidden, fewer than 7 answered',
    );
  });

  it('never calls a group hidden by differencing "too few"', () => {
    const text = suppressedText(en, 5, { name: 'Sales and Marketing', reason: 'DIFFERENCING' });
    expect(text).toBe('Sales and Marketing: hidden so that a smaller group cannot be worked out');
    expect(text).not.toMatch(/too few/i);
  });

  it('says it in the UI language', async () => {
    await i18next.loadLanguages(['fi-FI', 'sv']);
    const fi = i18next.getFixedT('fi-FI', 'report');
    expect(suppressedText(fi, 5, { reason: 'DIFFERENCING' })).toBe(
      'Piilotettu, jotta pienempää ryhmää ei voi päätellä',
    );
    const sv = i18next.getFixedT('sv', 'report');
    expect(suppressedText(sv, 5, { name: 'Ålder', reason: 'BELOW_THRESHOLD' })).toBe(
      'Ålder: dold, färre än 5 svarade',
    );
  });

  it('keeps the generic text only where no reason came', () => {
    expect(suppressedText(en, 5, {})).toBe('Too few respondents to show results');
  });
});

describe('the report language', () => {
  it('follows the UI language until the reader picks another', () => {
    expect(reportLanguageOf(null, 'en-US', 'fi-FI')).toBe('en-US');
    expect(reportLanguageOf(undefined, 'sv', 'fi-FI')).toBe('sv');
    expect(reportLanguageOf('de', 'sv', 'fi-FI')).toBe('de');
    expect(reportLanguageOf(null, undefined, 'fi-FI')).toBe('fi-FI');
  });
});

describe("an open survey's reports for a reader of ended surveys", () => {
  const surveys = [
    { id: 'open', name: 'Pulssikysely', hasEnded: false, finished: '2026-12-18T00:00:00.000Z' },
    { id: 'ended', name: 'Henkilöstökysely 2025', hasEnded: true, finished: null },
  ];

  it('finds the open survey only for a reader who sees ended surveys only', () => {
    expect(surveyNotOpen(false, 'open', surveys)?.name).toBe('Pulssikysely');
    expect(surveyNotOpen(false, 'ended', surveys)).toBeNull();
    expect(surveyNotOpen(true, 'open', surveys)).toBeNull();
    expect(surveyNotOpen(false, null, surveys)).toBeNull();
  });

  it('disables every tile, saying when it opens', () => {
    const tiles = reportTiles({
      role: 'SUPER_USER',
      filters: { ...parseReportQuery(new URLSearchParams('surveyId=open')) },
      survey: null,
      companyHasReportPackage: true,
      resultsNotOpen: true,
    });
    expect(tiles.length).toBeGreaterThan(5);
    expect(tiles.every((tile) => tile.disabled && tile.reason === 'notEnded')).toBe(true);
  });

  it('writes the end date the UI language way', () => {
    expect(formatEndDay('2026-12-18T00:00:00.000Z', 'fi-FI')).toBe('18.12.2026');
    expect(formatEndDay(null, 'fi-FI')).toBeNull();
    const fi = i18next.getFixedT('fi-FI', 'report');
    expect(fi('console.landing.resultsOpenOn', { name: 'Pulssikysely', date: '18.12.2026' })).toBe(
      'Kyselyn Pulssikysely tulokset avautuvat, kun se päättyy 18.12.2026.',
    );
  });
});

describe('names', () => {
  it('gives every tile a name of its own in every UI language tested', async () => {
    await i18next.loadLanguages(['fi-FI', 'sv']);
    for (const language of ['en-US', 'fi-FI', 'sv']) {
      const t = i18next.getFixedT(language, 'report');
      const names = TILE_KEYS.map((key) => t(tileTitleKey(key)));
      expect(new Set(names).size).toBe(TILE_KEYS.length);
      expect(names.every((name) => !name.startsWith('console.'))).toBe(true);
    }
  });
});
