// What the filter panel offers: a survey's units and asked background questions, and the
// breakdowns by name.
import type { AuthUser } from '../../../lib/auth.js';
import { translator } from '../../../lib/i18n.js';
import { isLanguage } from '../../../lib/languages.js';
import { findNamedUnits } from '../../companies/index.js';
import {
  BACKGROUND,
  BACKGROUND_KEYS,
  BACKGROUND_SETTING,
  UNIT_KEYS,
  unitLevel,
  type ReportQuery,
} from '../schemas.js';
import { resolve, validation, type ReportContext, type ResolvedSet } from '../sets.js';
import { header } from '../shown.js';
import { reportTexts } from '../texts.js';

/** What the filter panel offers for the first set's survey: units and asked background questions. */
export async function filterChoices(ctx: ReportContext, user: AuthUser, query: ReportQuery) {
  const t = reportTexts(query);
  const sets = await resolve(ctx, user, { ...query, groupBy: undefined }, t);
  const main = sets[0] as ResolvedSet;
  if (!main.company)
    return { ...header('filterChoices', sets, t), data: { units: [], background: [] } };
  const { settings } = main.company;
  // groupChoices picks the kinds of choices; numberOfFilters caps the background questions.
  const kinds = new Set(query.groupChoices ?? ['units', 'background']);
  const asked = BACKGROUND_KEYS.filter((key) => settings[BACKGROUND_SETTING[key]]);
  const background = (kinds.has('background') ? asked : []).slice(0, query.numberOfFilters);
  const units = kinds.has('units') ? await findNamedUnits(ctx.db, main.company.id) : [];
  return {
    ...header('filterChoices', sets, t),
    data: {
      units: units.map((u) => ({ id: u.id, name: u.name, index: u.index })),
      ...(kinds.has('wholeData') ? { wholeData: { name: t('names.wholeOrganisation') } } : {}),
      background: background.map((key) => ({
        key,
        name: t(`background.${key}.name`),
        values: BACKGROUND[key].values.map((value) => ({
          value,
          name: t(`background.${key}.${value}`),
        })),
      })),
    },
  };
}

/** The breakdowns named in a UI language; a language the console does not have is refused. */
export function groupChoices(language: string) {
  if (!isLanguage(language)) throw validation('uiLanguage', 'validation.invalid');
  const t = translator(language, 'report');
  return [
    ...UNIT_KEYS.map((key) => ({
      key,
      name: t('groups.unitLevel', { level: String(unitLevel(key)) }),
    })),
    ...BACKGROUND_KEYS.map((key) => ({ key, name: t(`background.${key}.name`) })),
  ];
}
