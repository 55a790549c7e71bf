// Highcharts' own screen-reader texts (the accessibility module's `lang.accessibility`) in the
// report language: the chart's kind and size, its axes, each series and the legend buttons. Built
// from a few translated words (report.json console.charts.screenReader) into Highcharts' format
// strings, whose {placeholders} Highcharts fills in. Counts are read as "Bars: 10", which needs no
// plural forms in any language.
import type { LangOptions } from 'highcharts';
import i18next from 'i18next';
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The report language of the charts below (report pages, the dashboard, the package). */
export const ChartLanguageContext = createContext<string | null>(null);

/** The chart kinds a report draws, by the summary Highcharts announces for them. */
const KINDS = {
  bar: 'barChart',
  column: 'barChart',
  line: 'lineChart',
  spline: 'lineChart',
  scatter: 'scatterChart',
  bubble: 'bubbleChart',
} as const;

export function chartLang(language: string): LangOptions {
  const t = i18next.getFixedT(language, 'report', 'console.charts.screenReader');
  const points = `${t('dataPoints')}: {numPoints}.`;
  const series = `${t('dataSeries')}: {numSeries}.`;
  const chartTypes: Record<string, string> = {
    emptyChart: t('emptyChart'),
    defaultSingle: `${t('chart')}. ${points}`,
    defaultMultiple: `${t('chart')}. ${series}`,
    combinationChart: `${t('combinationChart')}. ${series}`,
  };
  for (const [kind, name] of Object.entries(KINDS)) {
    chartTypes[`${kind}Single`] = `${t(name)}. ${points}`;
    chartTypes[`${kind}Multiple`] = `${t(name)}. ${series}`;
  }
  const seriesSummary = `{series.name}, ${t('seriesOf', {
    number: '{seriesNumber}',
    total: '{chart.series.length}',
  })}. ${t('dataPoints')}: {series.points.length}.`;
  const summary: Record<string, string> = { default: seriesSummary };
  for (const kind of ['default', ...Object.keys(KINDS), 'heatmap']) {
    summary[kind] = seriesSummary;
    summary[`${kind}Combination`] = seriesSummary;
  }
  const axis = (name: string) => ({
    singular: `${name}: {names[0]}. {ranges[0]}`,
    plural: `${name}: {#each names}{#unless @first}, {/unless}{this}{/each}.`,
  });
  const [x, y] = [axis(t('xAxis')), axis(t('yAxis'))];
  return {
    accessibility: {
      defaultChartTitle: t('chart'),
      chartContainerLabel: `{title}. ${t('interactiveChart')}.`,
      svgContainerLabel: t('interactiveChart'),
      screenReaderSection: { endOfChartMarker: t('endOfChart') },
      legend: {
        legendLabel: `${t('legend')}: {legendTitle}`,
        legendLabelNoTitle: `${t('toggleSeries')}, {chartTitle}`,
        legendItem: t('show', { name: '{itemName}' }),
      },
      chartTypes,
      axis: {
        xAxisDescriptionSingular: x.singular,
        xAxisDescriptionPlural: x.plural,
        yAxisDescriptionSingular: y.singular,
        yAxisDescriptionPlural: y.plural,
        rangeFromTo: `${t('dataRange')}: {rangeFrom}–{rangeTo}.`,
        rangeCategories: `${t('categories')}: {numCategories}.`,
        defaultAxisNames: { categories: t('categories'), values: t('values') },
      },
      series: {
        summary,
        xAxisDescription: `${t('xAxis')}, {name}`,
        yAxisDescription: `${t('yAxis')}, {name}`,
        nullPointValue: t('noValue'),
      },
    },
  };
}

/**
 * The charts' screen-reader texts: in the report language a page gives, else the UI language. A
 * report language other than the UI's has its texts loaded first (until then: the fallback's).
 */
export function useChartLang(): LangOptions {
  const given = useContext(ChartLanguageContext);
  const { i18n } = useTranslation('report');
  const language = given ?? i18n.resolvedLanguage ?? i18n.language;
  // Set once a language's texts have loaded, to render again with them.
  const [loadedLanguage, setLoadedLanguage] = useState<string | null>(null);
  const ready = loadedLanguage === language || i18n.hasResourceBundle(language, 'report');
  useEffect(() => {
    if (ready) return;
    let current = true;
    void i18n.loadLanguages(language).then(() => {
      if (current) setLoadedLanguage(language);
    });
    return () => {
      current = false;
    };
  }, [i18n, language, ready]);
  return useMemo(() => chartLang(ready ? language : i18n.language), [i18n, language, ready]);
}
