// What the slides read: the package fragment's data (src/package.graphql, typed by codegen), the
// names of its charts, their images (drawn from `packageChartSpecs` by the browser and by the
// gateway) and the texts.
import type { PackageSlides_ReportPackageFragment } from './__generated__/graphql.js';

export type PackageData = PackageSlides_ReportPackageFragment;

export type PackageChartKey =
  | 'satisfaction'
  | 'usVsOrganisation'
  | 'realization'
  | 'scatter'
  | 'lIndexDistribution'
  | 'lIndexCompare'
  | 'enpsBubble';

export interface ChartImage {
  /**
   * What pdfmake's image node takes: a PNG data URL (the browser's), or the name under which the
   * server's document holds the image (apps/gateway `pdf/pdfImages.ts`).
   */
  image: string;
  width: number;
  height: number;
}

/** The slide texts in the report language (`console.package.slides` of locales/<lang>/report.json). */
export type SlideTexts = (key: string, options?: Record<string, unknown>) => string;

/** Why the anonymity gate hides a group (the schema's SuppressionReason). */
export type HiddenReason = 'BELOW_THRESHOLD' | 'DIFFERENCING';

/**
 * A hidden group's line with its reason ("Team A: hidden, fewer than 5 answered",
 * `console.common.hiddenNamed`); without a reason the generic `suppressedNamed`.
 */
export type HiddenText = (name: string, reason: HiddenReason | null) => string;

/** The deck's texts in the report language. */
export interface PackageTexts {
  slides: SlideTexts;
  hidden: HiddenText;
  /** The report language's console code (fi-FI, cz, ja …): dates are written its way (dates.ts). */
  language: string;
}

/** A group the gate may hide: its name, whether it is hidden and why. */
export interface GatedGroup {
  name: string;
  suppressed: boolean;
  suppressedBecause?: HiddenReason | null;
}
