// The words of a report in its language: the translator, criterion names and group names.
import { translator } from '../../lib/i18n.js';
import { isUnitKey, type GroupKey } from './schemas.js';

export type T = ReturnType<typeof translator>;

export const reportTexts = (query: { reportLanguage?: string | undefined }): T =>
  translator(query.reportLanguage ?? 'fi-FI', 'report');

export const criterion = (t: T, id: number) => ({ id, description: t(`criteria.${id}`) });

/** A group's name: its unit's name, or the background answer in the report's language. */
export const valueName = (t: T, key: GroupKey, value: string | null, unitName?: string | null) => {
  if (isUnitKey(key)) return value === null ? t('groups.noUnit') : (unitName ?? value);
  return value === null ? t('groups.notAnswered') : t(`background.${key}.${value}`);
};
