// Participant and response exports (administration.md section 7 "Export"): .xlsx streamed row by row
// with exceljs's workbook writer, so a 50,000-row survey never sits in memory as one workbook.
// Headers and value labels come from locales/<lang>/admin.json under `exports`.
import type { Writable } from 'node:stream';
import type { Db } from '../../lib/db.js';
import { hasText, translator } from '../../lib/i18n.js';
import { BACKGROUND_KEYS, CRITERIA, type BackgroundKey } from '../../lib/questionnaire.js';
import type { SurveyGate } from '../reports/index.js';

type Translate = ReturnType<typeof translator>;
type CellValue = string | number | Date | null;

/** Rows are read and written in batches of this size (keyset paging). */
const BATCH = 2000;

// Stored values such as `<25` or `10+` are not usable as translation keys; these are their keys.
const VALUE_KEYS: Record<string, string> = {
  '<25': 'under25',
  '55+': '55plus',
  '<1': 'under1',
  '10+': '10plus',
};

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell Excel and other spreadsheets never evaluate: a leading =, +, -, @, tab or CR gets an
 * apostrophe in front (OWASP "CSV injection"), and exceljs writes every string as a string cell.
 */
export const safeText = (value: string): string =>
  FORMULA_START.test(value) ? `'${value}` : value;

const cell = (value: CellValue): CellValue => (typeof value === 'string' ? safeText(value) : value);

interface Unit {
  index: number;
  name: string;
}

/**
 * One column per unit level the company has (`Unit level n`), and the cells of a participant's unit
 * ids under them (one unit per level; empty where they have none).
 */
async function unitColumns(db: Db, companyId: string, t: Translate) {
  const rows = await db.query<{ id: string; index: number; name: string }>(
    'SELECT id, index, name FROM units WHERE company_id = $1',
    [companyId],
  );
  const units = new Map<string, Unit>(rows.map((row) => [row.id, row]));
  const levels = [...new Set(rows.map((row) => row.index))].sort((a, b) => a - b);
  return {
    columns: levels.map((level) => ({
      header: t('exports.columns.unitLevel', { level: String(level) }),
      width: 20,
    })),
    /**
     * A row's unit names by level. With `shown` (the gate's generalisation), a level not shown reads
     * `withheld`, whether or not the row has a unit there.
     */
    cells(
      unitIds: string[],
      shown?: ReadonlyMap<number, string | null>,
      withheld = '',
    ): CellValue[] {
      const byLevel = new Map<number, string>();
      for (const id of unitIds) {
        const unit = units.get(id);
        if (unit) byLevel.set(unit.index, unit.name);
      }
      return levels.map((level) =>
        shown && !shown.has(level) ? withheld : (byLevel.get(level) ?? null),
      );
    },
  };
}

/** Streams one sheet: header row in bold, then every row `rows` yields, each committed at once. */
async function writeSheet(
  out: Writable,
  sheetName: string,
  columns: { header: string; width?: number; date?: boolean }[],
  rows: AsyncIterable<CellValue[]>,
): Promise<void> {
  // Loaded on the first export, not at every start (lib/spreadsheet.ts says why).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((column, i) => ({
    key: String(i),
    width: column.width ?? Math.min(Math.max(column.header.length + 2, 10), 40),
    ...(column.date ? { style: { numFmt: 'yyyy-mm-dd hh:mm' } } : {}),
  }));
  const header = sheet.addRow(columns.map((column) => safeText(column.header)));
  header.font = { bold: true };
  header.commit();
  for await (const values of rows) sheet.addRow(values.map(cell)).commit();
  sheet.commit();
  await workbook.commit();
}

/** Keyset-paged reads, so memory stays flat however large the survey is. */
async function* batches<T>(read: (after: T | null) => Promise<T[]>): AsyncIterable<T> {
  let after: T | null = null;
  for (;;) {
    const rows = await read(after);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    after = last;
  }
}

export interface ExportSurvey {
  id: string;
  companyId: string;
  shortName: string;
}

interface ParticipantExportRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  languageCode: string;
  unitIds: string[];
  invitedAt: Date | null;
  finishedAt: Date | null;
}

/** Email, names, language, units by level, invited and finished, ordered by last and first name. */
export async function writeParticipants(
  db: Db,
  survey: ExportSurvey,
  language: string,
  out: Writable,
): Promise<void> {
  const t = translator(language);
  const units = await unitColumns(db, survey.companyId, t);
  const columns = [
    { header: t('exports.columns.email'), width: 32 },
    { header: t('exports.columns.firstName'), width: 18 },
    { header: t('exports.columns.lastName'), width: 18 },
    { header: t('exports.columns.language') },
    ...units.columns,
    { header: t('exports.columns.invited'), width: 18, date: true },
    { header: t('exports.columns.finished'), width: 18, date: true },
  ];
  // Ordered by name, then id (unique), so keyset paging is exact.
  const rows = batches<ParticipantExportRow>((after) =>
    db.query(
      `SELECT id, email, first_name AS "firstName", last_name AS "lastName",
         language_code AS "languageCode", unit_ids::text[] AS "unitIds",
         invited_at AS "invitedAt", finished_at AS "finishedAt"
       FROM participants
       WHERE survey_id = $1 AND ($2::uuid IS NULL
         OR (lower(last_name), lower(first_name), id) > (lower($3), lower($4), $2::uuid))
       ORDER BY lower(last_name), lower(first_name), id LIMIT ${BATCH}`,
      [survey.id, after?.id ?? null, after?.lastName ?? '', after?.firstName ?? ''],
    ),
  );
  async function* values(): AsyncIterable<CellValue[]> {
    for await (const row of rows) {
      yield [
        row.email,
        row.firstName,
        row.lastName,
        row.languageCode,
        ...units.cells(row.unitIds),
        row.invitedAt,
        row.finishedAt,
      ];
    }
  }
  await writeSheet(out, t('exports.participantsSheet'), columns, values());
}

interface ResponseExportRow {
  id: string;
  unitIds: string[];
  release: number;
  age: string | null;
  gender: string | null;
  employmentDuration: string | null;
  education: string | null;
  position: string | null;
  contractType: string | null;
  workingHours: string | null;
  important: number[];
  realizations: number[];
  satisfaction: number;
  enps: number;
  changeJob: boolean;
  lindex: number;
}

const label = (t: Translate, key: BackgroundKey, value: string | null): string | null =>
  value === null ? null : t(`exports.values.${key}.${VALUE_KEYS[value] ?? value}`);

/**
 * One row per released response, anonymous: no email, name, participant id or finish time, rows
 * ordered by the random participant id, so no row can be matched to the participants export; and
 * of a row's units and background answers only what its whole anonymity cell shares (the gate's
 * `generalise`), so no row stands out of a group smaller than the threshold.
 */
export async function writeResponses(
  db: Db,
  survey: ExportSurvey,
  gate: SurveyGate,
  language: string,
  out: Writable,
): Promise<void> {
  const t = translator(language);
  const units = await unitColumns(db, survey.companyId, t);
  // Criterion names live once, with the report texts (the reports and the report email use them
  // too); a language whose export texts fall back to en-US takes the English names, so headers match.
  const reportTexts = translator(
    hasText(language, 'exports.columns.satisfaction') ? language : 'en-US',
    'report',
  );
  const criterion = (id: number) => reportTexts(`criteria.${id}`);
  const columns = [
    ...units.columns,
    ...BACKGROUND_KEYS.map((key) => ({ header: t(`exports.columns.${key}`), width: 16 })),
    { header: t('exports.columns.satisfaction') },
    { header: t('exports.columns.enps') },
    { header: t('exports.columns.changeJob') },
    { header: t('exports.columns.lindex') },
    ...CRITERIA.map((id) => ({ header: criterion(id), width: 16 })),
    ...Array.from({ length: 10 }, (_, i) => ({
      header: t('exports.columns.important', { n: String(i + 1) }),
      width: 24,
    })),
  ];
  const rows = batches<ResponseExportRow>((after) =>
    db.query(
      `SELECT participant_id AS id, unit_ids::text[] AS "unitIds", release, age, gender,
         employment_duration AS "employmentDuration", education, position,
         contract_type AS "contractType", working_hours AS "workingHours", important::int[] AS important,
         realizations::int[] AS realizations, satisfaction, enps, change_job AS "changeJob", lindex
       FROM responses
       WHERE survey_id = $1 AND finished_at IS NOT NULL AND release <= $3
         AND ($2::uuid IS NULL OR participant_id > $2)
       ORDER BY participant_id LIMIT ${BATCH}`,
      [survey.id, after?.id ?? null, gate.release],
    ),
  );
  const withheld = t('exports.withheld');
  async function* values(): AsyncIterable<CellValue[]> {
    for await (const row of rows) {
      const shown = gate.generalise(row.unitIds, row, row.release);
      if (!shown) continue; // removed since the release was read
      yield [
        ...units.cells(row.unitIds, shown.units, withheld),
        ...BACKGROUND_KEYS.map((key) =>
          key in shown.background ? label(t, key, row[key]) : withheld,
        ),
        row.satisfaction,
        row.enps,
        t(row.changeJob ? 'exports.yes' : 'exports.no'),
        Math.round(row.lindex * 10) / 10,
        ...CRITERIA.map((_, i) => row.realizations[i] ?? null),
        ...row.important.map(criterion),
      ];
    }
  }
  await writeSheet(out, t('exports.responsesSheet'), columns, values());
}
