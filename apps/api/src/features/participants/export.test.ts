import ExcelJS from 'exceljs';
import type supertest from 'supertest';
import type { Role } from '../../lib/auth.js';
import { createCompany, createSurvey, tokenFor } from '../../test/fixtures.js';
import { describeEachDb, problemOf, type TestContext } from '../../test/harness.js';

async function createUnit(ctx: TestContext, companyId: string, index: number, name: string) {
  const [row] = await ctx.db.query<{ id: string }>(
    'INSERT INTO units (company_id, index, name) VALUES ($1, $2, $3) RETURNING id',
    [companyId, index, name],
  );
  if (!row) throw new Error('unit not created');
  return row.id;
}

/** A survey of the company with the given short name (the export file names use it). */
async function surveyNamed(ctx: TestContext, companyId: string, shortName: string) {
  const id = await createSurvey(ctx, companyId);
  await ctx.db.query('UPDATE surveys SET short_name = $2 WHERE id = $1', [id, shortName]);
  return id;
}

interface NewParticipant {
  firstName?: string;
  lastName?: string;
  email?: string;
  language?: string;
  unitIds?: string[];
  invited?: Date;
  finished?: Date;
}

let seq = 0;
async function addParticipant(ctx: TestContext, surveyId: string, p: NewParticipant = {}) {
  seq += 1;
  const [row] = await ctx.db.query<{ id: string }>(
    `INSERT INTO participants (survey_id, email, first_name, last_name, language_code, pin_code,
       unit_ids, invited_at, finished_at)
     VALUES ($1, $2, $3, $4, $5, '12345', $6::uuid[], $7, $8) RETURNING id`,
    [
      surveyId,
      p.email ?? `p${seq}@example.test`,
      p.firstName ?? 'Anna',
      p.lastName ?? `Person${String(seq).padStart(3, '0')}`,
      p.language ?? 'fi-FI',
      p.unitIds ?? [],
      p.invited ?? null,
      p.finished ?? null,
    ],
  );
  if (!row) throw new Error('participant not created');
  return row.id;
}

/** A finished participant with a response: realizations 50 + criterion id, picks 2..11. */
async function addResponse(
  ctx: TestContext,
  surveyId: string,
  companyId: string,
  options: { unitIds?: string[]; age?: string; changeJob?: boolean; finished?: boolean } = {},
) {
  const finished = options.finished === false ? null : new Date();
  const id = await addParticipant(ctx, surveyId, {
    unitIds: options.unitIds ?? [],
    ...(finished ? { finished } : {}),
  });
  await ctx.db.query(
    `INSERT INTO responses (participant_id, survey_id, company_id, finished_at, unit_ids, age, gender,
       important, realizations, satisfaction, enps, change_job, lindex)
     VALUES ($1, $2, $3, $4, $5::uuid[], $6, 'female', $7::smallint[], $8::smallint[], 80, 9, $9, 56.54)`,
    [
      id,
      surveyId,
      companyId,
      finished,
      options.unitIds ?? [],
      options.age ?? '<25',
      Array.from({ length: 10 }, (_, i) => String(i + 2)),
      Array.from({ length: 30 }, (_, i) => String(50 + i + 2)),
      options.changeJob ?? true,
    ],
  );
  return id;
}

// supertest buffers a binary answer only when told how.
const binary = (res: supertest.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

async function download(ctx: TestContext, path: string, token: string) {
  const res = await ctx
    .http()
    .get(path)
    .set('Authorization', `Bearer ${token}`)
    .buffer(true)
    .parse(binary as never);
  return res;
}

/** The first sheet as rows of plain values (row 1 = headers). */
async function sheetOf(body: Buffer): Promise<{ rows: unknown[][]; sheet: ExcelJS.Worksheet }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    const values = row.values as unknown[];
    rows.push(values.slice(1));
  });
  return { rows, sheet };
}

describeEachDb('exports', (ctx) => {
  let companyId = '';
  let surveyId = '';
  let sales = '';
  let helsinki = '';
  let admin = '';

  beforeAll(async () => {
    companyId = await createCompany(ctx(), 'Export Oy');
    sales = await createUnit(ctx(), companyId, 1, 'Sales');
    helsinki = await createUnit(ctx(), companyId, 2, 'Helsinki');
    surveyId = await surveyNamed(ctx(), companyId, 'Spring 26');
    admin = await tokenFor(ctx(), 'Admin');
    await addParticipant(ctx(), surveyId, {
      firstName: 'Bertta',
      lastName: 'Aalto',
      email: 'bertta@example.test',
      language: 'sv',
      unitIds: [sales, helsinki],
      invited: new Date('2026-03-01T08:00:00Z'),
      finished: new Date('2026-03-02T09:30:00Z'),
    });
    await addParticipant(ctx(), surveyId, {
      firstName: '=HYPERLINK("http://evil.test","click")',
      lastName: 'Blom',
      email: 'evil@example.test',
      unitIds: [sales],
    });
    await addParticipant(ctx(), surveyId, {
      firstName: '@SUM(A1)',
      lastName: '+Cederberg',
      email: '-minus@example.test',
    });
  });

  describe('participants', () => {
    it('answers an xlsx attachment named after the action and the short name', async () => {
      const res = await download(ctx(), `/export/participants/${surveyId}/en-US`, admin);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="participants-Spring 26.xlsx"',
      );
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('lists every participant with names, language, units by level, invited and finished', async () => {
      const res = await download(ctx(), `/export/participants/${surveyId}/en-US`, admin);
      const { rows } = await sheetOf(res.body as Buffer);
      expect(rows[0]).toEqual([
        'Email',
        'First name',
        'Last name',
        'Language',
        'Unit level 1',
        'Unit level 2',
        'Invited',
        'Finished',
      ]);
      expect(rows).toHaveLength(4);
      // Sorted by last name: +Cederberg, Aalto, Blom.
      expect(rows.slice(1).map((row) => row[2])).toEqual(["'+Cederberg", 'Aalto', 'Blom']);
      expect(rows[2]).toEqual([
        'bertta@example.test',
        'Bertta',
        'Aalto',
        'sv',
        'Sales',
        'Helsinki',
        new Date('2026-03-01T08:00:00Z'),
        new Date('2026-03-02T09:30:00Z'),
      ]);
      expect(rows[3]?.slice(2, 5)).toEqual(['Blom', 'fi-FI', 'Sales']);
      expect([rows[3]?.[5], rows[3]?.[6], rows[3]?.[7]]).toEqual([undefined, undefined, undefined]);
    });

    it('writes values that look like formulas as text, never as formulas', async () => {
      const res = await download(ctx(), `/export/participants/${surveyId}/en-US`, admin);
      const { sheet } = await sheetOf(res.body as Buffer);
      const evil = sheet.getRow(4).getCell(2);
      expect(evil.type).toBe(ExcelJS.ValueType.String);
      expect(evil.formula).toBeUndefined();
      expect(evil.value).toBe(`'=HYPERLINK("http://evil.test","click")`);
      const other = sheet.getRow(2);
      expect([other.getCell(1).value, other.getCell(2).value, other.getCell(3).value]).toEqual([
        "'-minus@example.test",
        "'@SUM(A1)",
        "'+Cederberg",
      ]);
      for (let column = 1; column <= 3; column += 1) {
        expect(other.getCell(column).type).toBe(ExcelJS.ValueType.String);
      }
    });

    it.each([
      ['fi-FI', ['Sähköposti', 'Etunimi', 'Sukunimi', 'Kieli', 'Yksikkötaso 1'], 'osallistujat'],
      ['sv', ['E-post', 'Förnamn', 'Efternamn', 'Språk', 'Enhetsnivå 1'], 'deltagare'],
      ['de', ['E-Mail', 'Vorname', 'Nachname', 'Sprache', 'Einheitsebene 1'], 'teilnehmer'],
    ])('writes headers and the file name in %s', async (lang, headers, file) => {
      const res = await download(ctx(), `/export/participants/${surveyId}/${lang}`, admin);
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${file}-Spring 26.xlsx"`,
      );
      const { rows } = await sheetOf(res.body as Buffer);
      expect(rows[0]?.slice(0, 5)).toEqual(headers);
    });

    it('refuses an unknown language code and an unknown survey', async () => {
      const bad = await ctx()
        .http()
        .get(`/export/participants/${surveyId}/xx-YY`)
        .set('Authorization', `Bearer ${admin}`);
      expect(bad.status).toBe(400);
      expect(problemOf(bad.body).errors).toEqual([
        { field: 'languageCode', message: 'validation.invalid' },
      ]);
      const missing = await ctx()
        .http()
        .get('/export/participants/00000000-0000-4000-8000-000000000000/en-US')
        .set('Authorization', `Bearer ${admin}`);
      expect(missing.status).toBe(404);
    });

    it('streams a survey larger than one read batch completely and in order', async () => {
      const big = await surveyNamed(ctx(), companyId, 'Big');
      await ctx().db.query(
        `INSERT INTO participants (survey_id, email, first_name, last_name, language_code)
         SELECT $1, 'big' || n || '@example.test', 'First', 'Last' || lpad(n::text, 5, '0'), 'en-US'
         FROM generate_series(1, 4500) AS n`,
        [big],
      );
      const res = await download(ctx(), `/export/participants/${big}/en-US`, admin);
      const { rows } = await sheetOf(res.body as Buffer);
      expect(rows).toHaveLength(4501);
      const last = rows.slice(1).map((row) => row[2]);
      expect(new Set(last).size).toBe(4500);
      expect(last).toEqual([...last].sort());
    });
  });

  describe('responses', () => {
    let answered = '';

    beforeAll(async () => {
      answered = await surveyNamed(ctx(), companyId, 'Answered');
      for (let i = 0; i < 4; i += 1) {
        await addResponse(ctx(), answered, companyId, { unitIds: [sales], changeJob: i === 0 });
      }
      // Reopened: not finished, so neither counted nor exported.
      await addResponse(ctx(), answered, companyId, { finished: false, age: '55+' });
    });

    it('refuses a survey with fewer finished responses than the anonymity threshold', async () => {
      const res = await ctx()
        .http()
        .get(`/export/responses/${answered}/en-US`)
        .set('Authorization', `Bearer ${admin}`);
      expect(res.status).toBe(409);
      expect(problemOf(res.body).detail).toBe('too_few_responses');
    });

    it('writes one anonymous row per finished response with labels in the chosen language', async () => {
      await addResponse(ctx(), answered, companyId, {
        unitIds: [sales, helsinki],
        age: '35-44',
        changeJob: false,
      });
      const res = await download(ctx(), `/export/responses/${answered}/fi-FI`, admin);
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename=vastaukset-Answered.xlsx',
      );
      const { rows } = await sheetOf(res.body as Buffer);
      const [headers = [], ...data] = rows;
      expect(data).toHaveLength(5);
      expect(headers.slice(0, 13)).toEqual([
        'Yksikkötaso 1',
        'Yksikkötaso 2',
        'Ikä',
        'Sukupuoli',
        'Työsuhteen kesto',
        'Koulutus',
        'Asema',
        'Työsuhteen tyyppi',
        'Työaika',
        'Tyytyväisyys',
        'eNPS',
        'Valmis vaihtamaan työpaikkaa',
        'L-indeksi',
      ]);
      expect(headers[13]).toBe('Merkityksellinen työ');
      expect(headers[42]).toBe('Monimuotoisuus ja osallisuus');
      expect(headers[43]).toBe('Tärkeä tekijä 1');
      expect(headers).toHaveLength(53);
      // Nothing that names a person.
      const text = JSON.stringify(rows);
      expect(text).not.toMatch(/@example\.test|Anna|Person/);

      // The five form one anonymity cell: all are in Sales and women; only one is in Helsinki and
      // aged 35-44, so the unit of level 2 and the age are withheld on every row.
      // Every row reads the same in these columns: none can be told from the others.
      for (const row of data)
        expect(row.slice(0, 11)).toEqual([
          'Sales',
          '(ei näytetä)',
          '(ei näytetä)',
          'Nainen',
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
          80,
          9,
        ]);
      const full = data[0];
      expect(full?.[12]).toBe(56.5);
      expect(full?.[13]).toBe(52);
      expect(full?.[42]).toBe(81);
      expect(full?.[43]).toBe('Merkityksellinen työ');
      expect(full?.[44]).toBe('Palkka ja edut');
      expect(data.filter((row) => row[2] === '(ei näytetä)')).toHaveLength(5);
      expect(JSON.stringify(data)).not.toMatch(/Helsinki|35-44|alle 25/);
      expect(data.filter((row) => row[11] === 'Kyllä')).toHaveLength(1);
    });

    it('labels values in Swedish and in English', async () => {
      const sv = await sheetOf(
        (await download(ctx(), `/export/responses/${answered}/sv`, admin)).body as Buffer,
      );
      expect(sv.rows[0]?.slice(2, 4)).toEqual(['Ålder', 'Kön']);
      expect(sv.rows.slice(1).map((row) => row[3])).toContain('Kvinna');
      const en = await sheetOf(
        (await download(ctx(), `/export/responses/${answered}/en-US`, admin)).body as Buffer,
      );
      expect(en.rows[0]?.[13]).toBe('Meaningful work');
      expect(en.rows.slice(1).map((row) => row[2])).toContain('(withheld)');
    });
  });

  describe('roles and company boundary', () => {
    let otherCompany = '';
    const cases: [string, Role | null, 'own' | 'other' | 'none', number][] = [
      ['Admin', 'Admin', 'none', 200],
      ['a PartnerAdmin assigned to the company', 'PartnerAdmin', 'own', 200],
      ['a PartnerAdmin of another company', 'PartnerAdmin', 'other', 403],
      ['a SuperUser of the company', 'SuperUser', 'own', 403],
      ['a User of the company', 'User', 'own', 403],
      ['nobody signed in', null, 'none', 401],
    ];

    beforeAll(async () => {
      otherCompany = await createCompany(ctx(), 'Elsewhere Oy');
      const answered = await surveyNamed(ctx(), companyId, 'Matrix');
      for (let i = 0; i < 5; i += 1) await addResponse(ctx(), answered, companyId);
      surveyId = answered;
    });

    it.each(cases)(
      '%s: both exports answer as the matrix says',
      async (_name, role, where, status) => {
        const company = where === 'own' ? companyId : where === 'other' ? otherCompany : undefined;
        const token = role ? await tokenFor(ctx(), role, company) : undefined;
        for (const kind of ['participants', 'responses']) {
          const call = ctx().http().get(`/export/${kind}/${surveyId}/en-US`);
          const res = await (token ? call.set('Authorization', `Bearer ${token}`) : call);
          expect([kind, res.status]).toEqual([kind, status]);
        }
      },
    );
  });
});

describeEachDb(
  'exports: the anonymity threshold comes from ANONYMITY_THRESHOLD',
  (ctx) => {
    it('exports the responses of a survey once it has that many finished', async () => {
      const companyId = await createCompany(ctx());
      const surveyId = await createSurvey(ctx(), companyId);
      const admin = await tokenFor(ctx(), 'Admin');
      const path = `/export/responses/${surveyId}/en-US`;
      for (let i = 0; i < 2; i += 1) await addResponse(ctx(), surveyId, companyId);
      const early = await ctx().http().get(path).set('Authorization', `Bearer ${admin}`);
      expect(early.status).toBe(409);
      await addResponse(ctx(), surveyId, companyId);
      const { rows } = await sheetOf((await download(ctx(), path, admin)).body as Buffer);
      expect(rows).toHaveLength(4);
    });
  },
  { ANONYMITY_THRESHOLD: 3 },
);
