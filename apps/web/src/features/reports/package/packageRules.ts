// The report package page's rules, as pure functions: when the create button shows, and the name of
// the file it downloads.
import { PRODUCT_NAME } from '@survey/report-slides';

export type PackageState = 'idle' | 'loading' | 'notEnoughResponders' | 'preparing' | 'ready';

/**
 * The create-PDF button shows only when the data has loaded, every chart image exists and there are
 * enough responders; too few responders show reportPackage.notEnoughResponders instead.
 */
export function packageState(input: {
  surveyChosen: boolean;
  loading: boolean;
  enoughResponders: boolean | null;
  imagesReady: boolean;
}): PackageState {
  if (!input.surveyChosen) return 'idle';
  if (input.loading || input.enoughResponders === null) return 'loading';
  if (!input.enoughResponders) return 'notEnoughResponders';
  return input.imagesReady ? 'ready' : 'preparing';
}

/** Characters file systems refuse in names. */
const UNSAFE = /[\\/:*?"<>|]+/g;

/** Product prefix, the report title (or the default title), the unit or whole-data label, `.pdf`. */
export function packageFileName(
  title: string | null | undefined,
  defaultTitle: string,
  unitName: string,
): string {
  const parts = [PRODUCT_NAME, title?.trim() || defaultTitle, unitName.trim()];
  return `${parts.map((part) => part.replace(UNSAFE, '-')).join(' - ')}.pdf`;
}
