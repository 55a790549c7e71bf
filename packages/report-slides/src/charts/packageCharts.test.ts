import { packageFixture } from '../testing/packageFixture.js';
import type { ChartTexts } from './base.js';
import {
  PACKAGE_CHART_HALF_WIDTH,
  PACKAGE_CHART_WIDTH,
  packageChartSpecs,
} from './packageCharts.js';

// Texts that name their key and values, so a test sees which text went where.
const t: ChartTexts = (key, options) => (options ? `${key}(${JSON.stringify(options)})` : key);

describe("the package's chart definitions (browser and server)", () => {
  it("defines the unit package's seven charts at slide width, the L-index distribution at half", () => {
    const specs = packageChartSpecs(packageFixture(), t);
    expect(specs.map((spec) => spec.key)).toEqual([
      'satisfaction',
      'usVsOrganisation',
      'realization',
      'scatter',
      'lIndexDistribution',
      'lIndexCompare',
      'enpsBubble',
    ]);
    for (const spec of specs) {
      const width =
        spec.key === 'lIndexDistribution' ? PACKAGE_CHART_HALF_WIDTH : PACKAGE_CHART_WIDTH;
      expect(spec.width).toBe(width);
      expect(spec.options.chart?.width).toBe(width);
      expect(spec.options.chart?.height).toBeGreaterThan(200);
    }
  });

  it('names axes, bands and slides in the texts given (the report language)', () => {
    const specs = new Map(packageChartSpecs(packageFixture(), t).map((s) => [s.key, s]));
    const us = specs.get('usVsOrganisation')?.options;
    const axis = Array.isArray(us?.yAxis) ? us?.yAxis[0] : us?.yAxis;
    expect(axis?.title?.text).toBe('console.charts.realizationAxis');
    const enps = specs.get('enpsBubble')?.options.xAxis;
    expect(Array.isArray(enps) ? enps[0]?.categories : enps?.categories).toEqual([
      'console.package.slides.detractors',
      'console.package.slides.passives',
      'console.package.slides.promoters',
    ]);
    expect(specs.get('scatter')?.label).toBe('console.package.slides.scatterTitle');
  });

  it('leaves the realization legend out of its image only (the slide draws its own)', () => {
    const realization = packageChartSpecs(packageFixture(), t).find(
      (spec) => spec.key === 'realization',
    );
    expect(realization?.options.legend?.enabled).toBe(true);
    expect(realization?.imageOptions.legend?.enabled).toBe(false);
  });

  it('draws no unit comparisons for the whole organisation, and no "us against them" in a trend', () => {
    const whole = packageChartSpecs(packageFixture({ unit: null }), t).map((spec) => spec.key);
    expect(whole).not.toContain('usVsOrganisation');
    expect(whole).not.toContain('lIndexCompare');
    const trend = packageChartSpecs(packageFixture({ trend: true }), t).map((spec) => spec.key);
    expect(trend).not.toContain('usVsOrganisation');
    expect(trend).toContain('lIndexCompare');
  });
});
