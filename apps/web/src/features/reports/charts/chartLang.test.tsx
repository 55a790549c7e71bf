import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Chart } from './Chart';
import { ChartLanguageContext } from './chartLang';

/** A bar chart of three bars in `language`, and the texts Highcharts gives screen readers. */
async function screenReaderTexts(language: string, expected: string): Promise<string> {
  const { container } = render(
    <ChartLanguageContext value={language}>
      <Chart
        label="Toteutuminen"
        options={{
          chart: { type: 'bar', width: 400, height: 300 },
          xAxis: { categories: ['A', 'B', 'C'] },
          series: [{ type: 'bar', name: 'HK24', data: [1, 2, 3] }],
        }}
      />
    </ChartLanguageContext>,
  );
  const texts = () => {
    const labelled = [...container.querySelectorAll('[aria-label]')].map((element) =>
      element.getAttribute('aria-label'),
    );
    return [container.textContent, ...labelled].join(' | ');
  };
  // The language's texts load first (the tests start with en-US only, as a page does).
  await waitFor(() => expect(texts()).toContain(expected));
  return texts();
}

describe("Highcharts' screen-reader texts", () => {
  it('describe a chart rendered in Finnish in Finnish', async () => {
    const texts = await screenReaderTexts('fi-FI', 'Pylväskaavio. Arvopisteitä: 3.');
    expect(texts).toContain('Interaktiivinen kaavio');
    expect(texts).not.toContain('Bar chart');
    expect(texts).not.toContain('Interactive chart');
  });

  it('describe the same chart in Japanese in Japanese', async () => {
    const texts = await screenReaderTexts('ja', '棒グラフ. データ点: 3.');
    expect(texts).toContain('X 軸: カテゴリ.');
    expect(texts).not.toMatch(/Bar chart|Interactive chart|Data points|Show HK24/);
  });
});
