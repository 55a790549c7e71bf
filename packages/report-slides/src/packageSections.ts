// The sections of the report package's deck, in the order packageSlides.ts puts them: each returns
// its slides from the package data, the slide texts and the chart images.
import type { Content } from 'pdfmake/interfaces.js';
import { formatDay } from './dates.js';
import { formatEnps, formatIndex, formatShare, PDF_COLORS, PRODUCT_NAME } from './theme.js';
import type { HiddenText, PackageChartKey, PackageData } from './types.js';
import {
  CONTENT_WIDTH,
  averages,
  contentSlide,
  criteriaColumns,
  enpsScale,
  keyFigure,
  progressBar,
  rankList,
  realizationScale,
  scaleLegend,
  shareTable,
  groupName,
  hiddenLine,
  type Slide,
  type SlideTexts,
} from './slideParts.js';

/** What every section reads. */
export interface Deck {
  data: PackageData;
  t: SlideTexts;
  /** A hidden group's line with the gate's reason. */
  hidden: HiddenText;
  /** A chart's image fitted in a box under the slide title; nothing when the chart is missing. */
  image: (key: PackageChartKey, fit?: [number, number]) => Content[];
  /** Whether the pages comparing the unit with the organisation are in the deck. */
  unitVsOrg: boolean;
  /** The report language (console code): how the cover writes its date. */
  language: string;
}

/** The cover: product, company, unit, survey and its end date. */
export function coverSlides({ data, t, language }: Deck): Slide[] {
  const slides: Slide[] = [];
  const endDate = data.endDate ? formatDay(new Date(data.endDate), language) : '';
  slides.push({
    kind: 'cover',
    content: [
      { text: PRODUCT_NAME, fontSize: 14, bold: true, color: '#ffffff', margin: [34, 6, 0, 0] },
      {
        text: data.companyName,
        fontSize: 40,
        bold: true,
        color: '#ffffff',
        margin: [0, 126, 0, 6],
      },
      { text: data.unitName, fontSize: 24, color: '#ffffff', margin: [0, 0, 0, 28] },
      kicker((data.trend ? t('trendResults') : t('results')).toUpperCase()),
      { text: data.survey.name, fontSize: 14, color: '#ffffff', margin: [0, 6, 0, 0] },
      ...(endDate
        ? [
            {
              text: t('surveyEnded', { date: endDate }),
              fontSize: 12,
              color: '#d6e6f5',
              margin: [0, 4, 0, 0],
            } satisfies Content,
          ]
        : []),
    ],
  });
  return slides;
}

/** The response rate as one big figure and a bar. */
export function responseSlides({ data, t }: Deck): Slide[] {
  const slides: Slide[] = [];
  const responseShare = data.invited > 0 ? (100 * data.finished) / data.invited : null;
  slides.push(
    contentSlide(t('responseTitle'), null, [
      {
        columns: [
          { width: '*', text: '' },
          {
            width: 360,
            stack: [
              {
                text: formatShare(responseShare),
                fontSize: 96,
                bold: true,
                color: PDF_COLORS.orange,
                alignment: 'center',
              },
              ...progressBar(360, responseShare ?? 0),
              {
                text: t('responseText', { finished: data.finished, count: data.invited }),
                fontSize: 20,
                color: PDF_COLORS.text,
                alignment: 'center',
                margin: [0, 16, 0, 0],
              },
            ],
          },
          { width: '*', text: '' },
        ],
        margin: [0, 50, 0, 0],
      },
    ]),
  );
  return slides;
}

/** The key figures, then satisfaction. */
export function resultsSlides({ data, t, hidden, image }: Deck): Slide[] {
  const slides: Slide[] = [];
  const report = data.report;
  const satisfaction = report.satisfaction?.groups ?? [];
  const lIndex = report.lIndex?.groups ?? [];
  const enps = report.enps?.groups ?? [];
  slides.push(
    contentSlide(t('results'), t('resultsText', { unit: data.unitName }), [
      {
        columns: [
          keyFigure(t('satisfaction'), formatIndex(satisfaction[0]?.average), PDF_COLORS.blue),
          keyFigure(t('lIndex'), formatIndex(lIndex[0]?.average), PDF_COLORS.orange),
          keyFigure(t('enps'), formatEnps(enps[0]?.score), PDF_COLORS.grey),
        ],
        columnGap: 24,
        margin: [0, 40, 0, 0],
      },
      // The key figures are the unit's (the first group): a hidden unit says why.
      ...hiddenLine(satisfaction[0] ?? enps[0], hidden),
      {
        text: t('respondents', { count: data.finished }),
        alignment: 'center',
        color: PDF_COLORS.grey,
        fontSize: 14,
        margin: [0, 28, 0, 0],
      },
    ]),
  );

  slides.push(
    contentSlide(t('satisfaction'), t('satisfactionText'), [
      ...averages(satisfaction, t, hidden),
      ...image('satisfaction'),
    ]),
  );
  return slides;
}

/** What matters most (not in a trend survey's deck): meaningful work, the top 10, and with a unit the organisation beside it. */
export function importanceSlides({ data, t, hidden, image, unitVsOrg }: Deck): Slide[] {
  const slides: Slide[] = [];
  const top10 = data.report.mostImportant?.criteria.slice(0, 10) ?? [];
  if (data.trend) return slides;
  slides.push(
    contentSlide(t('meaningfulTitle'), null, [
      {
        columns: [
          {
            width: 340,
            text: t('meaningfulText'),
            fontSize: 16,
            lineHeight: 1.4,
            margin: [0, 20, 0, 0],
          },
          { width: '*', stack: rankList(top10.slice(0, 5), PDF_COLORS.orange) },
        ],
        columnGap: 40,
      },
    ]),
  );
  const datasets = data.report.mostImportant?.datasets ?? [];
  const unitName = datasets[0]?.suppressed ? groupName(datasets[0], hidden) : data.unitName;
  slides.push(contentSlide(t('top10Title'), null, [shareTable(top10, t, null, unitName)]));
  if (unitVsOrg) {
    const organisation = datasets[1] ? groupName(datasets[1], hidden) : '';
    slides.push(
      contentSlide(t('top10VsOrgTitle'), null, [shareTable(top10, t, organisation, unitName)]),
    );
    slides.push(contentSlide(t('usVsOrgTitle'), t('usVsOrgText'), image('usVsOrganisation')));
  }
  return slides;
}

/** Realizations by band and the scatter of importance against realization. */
export function realizationSlides({ t, image }: Deck): Slide[] {
  const slides: Slide[] = [];
  slides.push(
    contentSlide(t('realizationTitle'), t('realizationText'), [
      ...image('realization', [CONTENT_WIDTH, 280]),
      scaleLegend(realizationScale(t)),
    ]),
  );
  slides.push(contentSlide(t('scatterTitle'), t('scatterText'), image('scatter')));
  return slides;
}

/** The L-index: its distribution, and with a unit the comparison. */
export function lIndexSlides({ data, t, hidden, image, unitVsOrg }: Deck): Slide[] {
  const slides: Slide[] = [];
  const lIndex = data.report.lIndex?.groups ?? [];
  slides.push(
    contentSlide(t('lIndexTitle'), null, [
      {
        columns: [
          {
            width: 330,
            text: t('lIndexText'),
            fontSize: 15,
            lineHeight: 1.4,
            margin: [0, 10, 0, 0],
          },
          {
            width: '*',
            stack: [
              { text: t('lIndexDistributionTitle'), style: 'lead', margin: [0, 0, 0, 4] },
              ...image('lIndexDistribution', [CONTENT_WIDTH - 370, 300]),
            ],
          },
        ],
        columnGap: 40,
      },
    ]),
  );
  if (unitVsOrg) {
    slides.push(
      contentSlide(t('lIndexCompareTitle'), null, [
        ...averages(lIndex, t, hidden),
        ...image('lIndexCompare'),
      ]),
    );
  }
  return slides;
}

/** eNPS per group with its bubble chart, then the scale explained. */
export function enpsSlides({ data, t, hidden, image }: Deck): Slide[] {
  const slides: Slide[] = [];
  const enps = data.report.enps?.groups ?? [];
  slides.push(
    contentSlide(t('enpsTitle'), t('enpsText'), [
      {
        columns: enps.map((group) => ({
          width: '*',
          stack: [
            { text: group.name, alignment: 'center', color: PDF_COLORS.grey, fontSize: 12 },
            group.suppressed
              ? {
                  text: groupName(group, hidden),
                  alignment: 'center',
                  fontSize: 11,
                  margin: [0, 6],
                }
              : {
                  text: formatEnps(group.score),
                  alignment: 'center',
                  bold: true,
                  fontSize: 30,
                  color: PDF_COLORS.blue,
                },
          ],
        })),
        margin: [0, 0, 0, 4],
      },
      ...image('enpsBubble', [CONTENT_WIDTH, 270]),
    ]),
  );
  slides.push(contentSlide(t('enpsScaleTitle'), t('enpsScaleText'), enpsScale(t)));
  return slides;
}

/** The criteria of the survey (2..31) in columns. */
export function criteriaSlides({ data, t }: Deck): Slide[] {
  const slides: Slide[] = [];
  const report = data.report;
  const criteria = [...(report.realizationsBy?.criteria ?? [])]
    .map((entry) => entry.criterion)
    .filter((criterion) => criterion.id >= 2 && criterion.id <= 31)
    .sort((a, b) => a.id - b.id);
  slides.push(
    contentSlide(t('criteriaTitle'), null, [criteriaColumns(criteria.map((c) => c.name))]),
  );
  return slides;
}

/**
 * The cover's small heading, spaced out the way capitals are. Only a script with capitals is
 * spaced: between Thai or Tamil letters the spacing tears vowel signs from their consonants, and
 * spaced kanji read as separate words.
 */
export function kicker(text: string): Content {
  const cased = text.toLowerCase() !== text.toUpperCase();
  return {
    text,
    fontSize: 18,
    bold: true,
    color: PDF_COLORS.orange,
    ...(cased ? { characterSpacing: 2 } : {}),
  };
}
