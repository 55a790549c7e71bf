import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type supertest from 'supertest';
import type { Role } from '../../lib/auth.js';
import { createCompany, createSurvey, tokenFor } from '../../test/fixtures.js';
import { describeEachDb, problemOf, type TestContext } from '../../test/harness.js';
import { xls, xlsx } from '../../test/xlsx.js';

const HEADER = ['Email', 'First name', 'Last name', 'Language code', 'Unit1', 'Unit2'];

interface Upload {
  token?: string;
  file?: Buffer;
  name?: string;
  companyId: string;
  surveyId: string;
}

function post(ctx: TestContext, upload: Upload): supertest.Test {
  let test = ctx.http().post('/import/participants/');
  if (upload.token) test = test.set('Authorization', `Bearer ${upload.token}`);
  test = test.field('companyId', upload.companyId).field('surveyId', upload.surveyId);
  if (upload.file) test = test.attach('file', upload.file, upload.name ?? 'participants.xlsx');
  return test;
}

const participantsOf = (ctx: TestContext, surveyId: string) =>
  ctx.db.query<{
    email: string;
    firstName: string;
    lastName: string;
    languageCode: string;
    pinCode: string;
    units: string[];
  }>(
    `SELECT p.email, p.first_name AS "firstName", p.last_name AS "lastName",
       p.language_code AS "languageCode", p.pin_code AS "pinCode",
       coalesce((SELECT array_agg(u.index || ':' || u.name ORDER BY u.index) FROM units u
         WHERE u.id = ANY(p.unit_ids)), '{}') AS units
     FROM participants p WHERE p.survey_id = $1 ORDER BY p.email`,
    [surveyId],
  );

describeEachDb('participant import', (ctx) => {
  let companyId = '';
  let admin = '';

  beforeAll(async () => {
    companyId = await createCompany(ctx(), 'Import Oy');
    admin = await tokenFor(ctx(), 'Admin');
  });

  it('imports the valid rows and gives a reason for each failed row', async () => {
    const surveyId = await createSurvey(ctx(), companyId);
    const file = await xlsx([
      HEADER,
      ['anna@example.test', 'Anna', 'Virtanen', 'fi-FI', 'Helsinki', 'Sales'],
      ['bob@example.test', 'Bob', 'Berg', 'sv'],
      ['', 'No', 'Email', 'fi-FI'],
      ['not-an-email', 'Bad', 'Email', 'fi-FI'],
      ['ANNA@example.test', 'Anna', 'Again', 'fi-FI'],
      ['cecilia@example.test', '', 'Nameless', 'en-US'],
      ['dave@example.test', 'Dave', 'Klingon', 'tlh'],
      ['erik@example.test', 'Erik', 'Nolang'],
      ['fi@example.test', 'Fia', 'Short', 'fi'],
    ]);
    const res = await post(ctx(), { token: admin, file, companyId, surveyId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      successfulImportsCount: 3,
      failedImportsCount: 6,
      failedImports: [
        { row: 4, email: '', reason: 'missing_email' },
        { row: 5, email: 'not-an-email', reason: 'invalid_email' },
        { row: 6, email: 'ANNA@example.test', reason: 'duplicate_in_file' },
        { row: 7, email: 'cecilia@example.test', reason: 'missing_name' },
        { row: 8, email: 'dave@example.test', reason: 'unknown_language' },
        { row: 9, email: 'erik@example.test', reason: 'missing_language' },
      ],
    });
    const rows = await participantsOf(ctx(), surveyId);
    expect(rows.map(({ pinCode: _pin, ...rest }) => rest)).toEqual([
      {
        email: 'anna@example.test',
        firstName: 'Anna',
        lastName: 'Virtanen',
        languageCode: 'fi-FI',
        units: ['1:Helsinki', '2:Sales'],
      },
      {
        email: 'bob@example.test',
        firstName: 'Bob',
        lastName: 'Berg',
        languageCode: 'sv',
        units: [],
      },
      {
        email: 'fi@example.test',
        firstName: 'Fia',
        lastName: 'Short',
        languageCode: 'fi-FI',
        units: [],
      },
    ]);
    for (const row of rows) expect(row.pinCode).toMatch(/^\d{5}$/);
  });

  it('reads Finnish and Swedish headers in any case and column order', async () => {
    const surveyId = await createSurvey(ctx(), companyId);
    const fi = await xlsx([
      ['SUKUNIMI', 'Etunimi', 'Sähköposti', 'Kieli'],
      ['Virtanen', 'Ville', 'ville@example.test', 'fi-FI'],
    ]);
    const sv = await xlsx([
      ['E-post', 'Förnamn', 'Efternamn', 'Språk', 'Enhet 3'],
      ['sara@example.test', 'Sara', 'Lind', 'sv', 'Vasa'],
    ]);
    for (const file of [fi, sv]) {
      const res = await post(ctx(), { token: admin, file, companyId, surveyId });
      expect(res.body).toMatchObject({ successfulImportsCount: 1, failedImportsCount: 0 });
    }
    const rows = await participantsOf(ctx(), surveyId);
    expect(rows.map((row) => [row.email, row.lastName, row.units])).toEqual([
      ['sara@example.test', 'Lind', ['3:Vasa']],
      ['ville@example.test', 'Virtanen', []],
    ]);
  });

  it('creates missing units at their levels and reuses existing ones ignoring case', async () => {
    const own = await createCompany(ctx(), 'Units Oy');
    const [existing] = await ctx().db.query<{ id: string }>(
      `INSERT INTO units (company_id, index, name) VALUES ($1, 1, 'Helsinki') RETURNING id`,
      [own],
    );
    const surveyId = await createSurvey(ctx(), own);
    const header = [
      'email',
      'first name',
      'last name',
      'language code',
      'unit1',
      'unit2',
      'unit10',
    ];
    const file = await xlsx([
      header,
      ['a@example.test', 'A', 'A', 'en-US', 'HELSINKI', 'Sales', 'Team X'],
      ['b@example.test', 'B', 'B', 'en-US', 'Turku', 'Sales'],
      ['c@example.test', 'C', 'C', 'en-US', 'helsinki', 'sales'],
    ]);
    const res = await post(ctx(), { token: admin, file, companyId: own, surveyId });
    expect(res.body).toMatchObject({ successfulImportsCount: 3, failedImportsCount: 0 });
    const units = await ctx().db.query<{ index: number; name: string; id: string }>(
      'SELECT id, index, name FROM units WHERE company_id = $1 ORDER BY index, name',
      [own],
    );
    expect(units.map((u) => [u.index, u.name])).toEqual([
      [1, 'Helsinki'],
      [1, 'Turku'],
      [2, 'Sales'],
      [10, 'Team X'],
    ]);
    expect(units[0]?.id).toBe(existing?.id);
    const rows = await participantsOf(ctx(), surveyId);
    expect(rows.map((row) => row.units)).toEqual([
      ['1:Helsinki', '2:Sales', '10:Team X'],
      ['1:Turku', '2:Sales'],
      ['1:Helsinki', '2:Sales'],
    ]);
  });

  it("gives each unit the parent its rows agree on, in any row order; a unit under two parents keeps none; a unit's parent stays", async () => {
    const own = await createCompany(ctx(), 'Parents Oy');
    const [sales] = await ctx().db.query<{ id: string }>(
      `INSERT INTO units (company_id, index, name) VALUES ($1, 1, 'Sales') RETURNING id`,
      [own],
    );
    await ctx().db.query(
      `INSERT INTO units (company_id, index, name, parent_id) VALUES ($1, 2, 'Platform', $2)`,
      [own, sales?.id ?? null],
    );
    const surveyId = await createSurvey(ctx(), own);
    const file = await xlsx([
      ['Email', 'First name', 'Last name', 'Language code', 'Unit1', 'Unit2', 'Unit3'],
      // The team comes before any row that names its department's division alone.
      ['a@example.test', 'A', 'A', 'fi-FI', 'Development', 'Mobile', 'Team Cirrus'],
      ['b@example.test', 'B', 'B', 'fi-FI', 'Talonrakennus', 'Pääkaupunkiseutu', 'Kalasatama'],
      // A region both business lines work in: a matrix level, no single parent.
      ['c@example.test', 'C', 'C', 'fi-FI', 'Infra', 'PÄÄKAUPUNKISEUTU'],
      // Platform is under Sales in the console already: the file does not move it.
      ['d@example.test', 'D', 'D', 'fi-FI', 'Development', 'Platform'],
      ['e@example.test', 'E', 'E', 'fi-FI', 'development', 'mobile'],
      // No level 1 on the row: nothing says where Orphan belongs.
      ['f@example.test', 'F', 'F', 'fi-FI', '', 'Orphan'],
      // A row that fails is not imported, nor is what it says about the units.
      ['g@example.test', 'G', 'G', '', 'Infra', 'Mobile'],
    ]);
    const res = await post(ctx(), { token: admin, file, companyId: own, surveyId });
    expect(res.body).toEqual({
      successfulImportsCount: 6,
      failedImportsCount: 1,
      failedImports: [{ row: 8, email: 'g@example.test', reason: 'missing_language' }],
    });
    const units = await ctx().db.query<{ level: number; name: string; parent: string | null }>(
      `SELECT c.index AS level, c.name, p.name AS parent FROM units c
       LEFT JOIN units p ON p.id = c.parent_id
       WHERE c.company_id = $1`,
      [own],
    );
    // Each unit (level: name) with its parent's name.
    expect(Object.fromEntries(units.map((u) => [`${u.level}: ${u.name}`, u.parent]))).toEqual({
      '1: Development': null,
      '1: Infra': null,
      '1: Sales': null,
      '1: Talonrakennus': null,
      '2: Mobile': 'Development',
      '2: Orphan': null,
      '2: Pääkaupunkiseutu': null,
      '2: Platform': 'Sales',
      '3: Kalasatama': 'Pääkaupunkiseutu',
      '3: Team Cirrus': 'Mobile',
    });
    // The same file again adds nobody and changes no parent.
    const again = await post(ctx(), { token: admin, file, companyId: own, surveyId });
    expect(again.body).toMatchObject({ successfulImportsCount: 0, failedImportsCount: 7 });
  });

  it('reports every row as already in the survey when the same file comes again', async () => {
    const surveyId = await createSurvey(ctx(), companyId);
    const file = await xlsx([
      HEADER,
      ['same1@example.test', 'S', 'One', 'fi-FI', 'Oulu'],
      ['same2@example.test', 'S', 'Two', 'fi-FI'],
    ]);
    const first = await post(ctx(), { token: admin, file, companyId, surveyId });
    expect(first.body).toMatchObject({ successfulImportsCount: 2, failedImportsCount: 0 });
    const again = await post(ctx(), { token: admin, file, companyId, surveyId });
    expect(again.body).toEqual({
      successfulImportsCount: 0,
      failedImportsCount: 2,
      failedImports: [
        { row: 2, email: 'same1@example.test', reason: 'already_in_survey' },
        { row: 3, email: 'same2@example.test', reason: 'already_in_survey' },
      ],
    });
    expect(await participantsOf(ctx(), surveyId)).toHaveLength(2);
  });

  it('stores SQL metacharacters in cells as plain text', async () => {
    const surveyId = await createSurvey(ctx(), companyId);
    const nasty = `Robert'); DROP TABLE participants;--`;
    const file = await xlsx([
      HEADER,
      ["o'brien@example.test", nasty, '%_\\"$1', 'fi-FI', "Unit'; DELETE FROM units;--"],
    ]);
    const res = await post(ctx(), { token: admin, file, companyId, surveyId });
    expect(res.body).toMatchObject({ successfulImportsCount: 1, failedImportsCount: 0 });
    const [row] = await participantsOf(ctx(), surveyId);
    expect(row).toMatchObject({
      email: "o'brien@example.test",
      firstName: nasty,
      lastName: '%_\\"$1',
      units: ["1:Unit'; DELETE FROM units;--"],
    });
  });

  it('reads a legacy .xls like an .xlsx', async () => {
    const surveyId = await createSurvey(ctx(), companyId);
    const file = xls([
      ['Email', 'First name', 'Last name', 'Language code', 'Unit1'],
      ['olli@example.test', 'Olli', 'Vanha', 'fi-FI', 'Legacy'],
      ['not-an-email', 'Bad', 'Row', 'fi-FI'],
    ]);
    const res = await post(ctx(), { token: admin, file, companyId, surveyId });
    expect(res.body).toMatchObject({
      successfulImportsCount: 1,
      failedImportsCount: 1,
      failedImports: [{ row: 3, email: 'not-an-email', reason: 'invalid_email' }],
    });
    const rows = await participantsOf(ctx(), surveyId);
    expect(rows.map((row) => [row.email, row.lastName, row.units])).toEqual([
      ['olli@example.test', 'Vanha', ['1:Legacy']],
    ]);
  });

  it('refuses anything but an .xlsx or .xls and changes nothing', async () => {
    const surveyId = await createSurvey(ctx(), companyId);
    const brokenXls = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(512),
    ]);
    const cases: { file: Buffer; name: string; detail: string; message: string }[] = [
      {
        file: Buffer.from('email;first name\nanna@example.test;Anna\n'),
        name: 'participants.txt',
        detail: 'unsupported_file',
        message: 'import.notSpreadsheet',
      },
      {
        file: brokenXls,
        name: 'participants.xls',
        detail: 'invalid_spreadsheet',
        message: 'import.unreadable',
      },
      {
        // An .xlsx renamed, broken in the middle.
        file: Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(100, 1)]),
        name: 'broken.xlsx',
        detail: 'invalid_spreadsheet',
        message: 'import.unreadable',
      },
      {
        file: await xlsx([
          ['Name', 'Phone'],
          ['Anna', '123'],
        ]),
        name: 'no-header.xlsx',
        detail: 'invalid_spreadsheet',
        message: 'import.noHeader',
      },
      {
        file: await xlsx([HEADER]),
        name: 'empty.xlsx',
        detail: 'invalid_spreadsheet',
        message: 'import.noRows',
      },
    ];
    for (const c of cases) {
      const res = await post(ctx(), {
        token: admin,
        file: c.file,
        name: c.name,
        companyId,
        surveyId,
      });
      expect([c.name, res.status]).toEqual([c.name, 400]);
      expect(res.type).toBe('application/problem+json');
      expect(problemOf(res.body)).toMatchObject({
        detail: c.detail,
        errors: [{ field: 'file', message: c.message }],
      });
    }
    expect(await participantsOf(ctx(), surveyId)).toEqual([]);
  });

  it('refuses a file over 10 MB with 413 and a missing file or field with 400', async () => {
    const surveyId = await createSurvey(ctx(), companyId);
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x41);
    const tooLarge = await post(ctx(), { token: admin, file: big, companyId, surveyId });
    expect(tooLarge.status).toBe(413);
    expect(problemOf(tooLarge.body).detail).toBe('payload-too-large');

    const noFile = await post(ctx(), { token: admin, companyId, surveyId });
    expect(noFile.status).toBe(400);
    expect(problemOf(noFile.body).errors).toEqual([
      { field: 'file', message: 'validation.required' },
    ]);

    const file = await xlsx([HEADER, ['x@example.test', 'X', 'Y', 'fi-FI']]);
    const noSurvey = await post(ctx(), { token: admin, file, companyId, surveyId: 'nope' });
    expect(noSurvey.status).toBe(400);
    expect(problemOf(noSurvey.body).errors).toEqual([
      { field: 'surveyId', message: 'validation.invalid' },
    ]);

    const json = await ctx()
      .http()
      .post('/import/participants/')
      .set('Authorization', `Bearer ${admin}`)
      .send({ companyId, surveyId });
    expect(json.status).toBe(400);
  });

  it('stops reading a chunked upload at 10 MB without a content length', async () => {
    const surveyId = await createSurvey(ctx(), companyId);
    const server = ctx().app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const boundary = 'x-import-boundary';
    const head = [companyId, surveyId]
      .map((value, i) =>
        [
          `--${boundary}`,
          `Content-Disposition: form-data; name="${i ? 'surveyId' : 'companyId'}"`,
          '',
          value,
          '',
        ].join('\r\n'),
      )
      .join('');
    const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    let sent = 0;
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/import/participants/',
          headers: {
            authorization: `Bearer ${admin}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'transfer-encoding': 'chunked',
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write(head + fileHead);
      const chunk = Buffer.alloc(1024 * 1024, 0x41);
      const pump = () => {
        // Keeps sending (up to 12 MB) until the server answers.
        while (sent < 12 * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end(`\r\n--${boundary}--\r\n`);
      };
      pump();
    });
    await new Promise((resolve) => server.close(resolve));
    expect(status).toBe(413);
    expect(await participantsOf(ctx(), surveyId)).toEqual([]);
  });

  it('refuses an unknown survey, a tracking survey and a survey of another company', async () => {
    const base = await createSurvey(ctx(), companyId);
    const tracking = await createSurvey(ctx(), companyId, base);
    const other = await createCompany(ctx(), 'Elsewhere Oy');
    const file = await xlsx([HEADER, ['t@example.test', 'T', 'T', 'fi-FI']]);

    const unknown = await post(ctx(), {
      token: admin,
      file,
      companyId,
      surveyId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);

    const trend = await post(ctx(), { token: admin, file, companyId, surveyId: tracking });
    expect(trend.status).toBe(400);
    expect(problemOf(trend.body).errors).toEqual([
      { field: 'surveyId', message: 'participants.trackingSurvey' },
    ]);

    const mismatch = await post(ctx(), { token: admin, file, companyId: other, surveyId: base });
    expect(mismatch.status).toBe(400);
    expect(problemOf(mismatch.body).errors).toEqual([
      { field: 'companyId', message: 'validation.invalid' },
    ]);
    expect(await participantsOf(ctx(), tracking)).toEqual([]);
    expect(await participantsOf(ctx(), base)).toEqual([]);
  });

  it('lets staff import within their company boundary only', async () => {
    const own = await createCompany(ctx(), 'Boundary Oy');
    const other = await createCompany(ctx(), 'Outside Oy');
    const cases: { role: Role; company?: string; status: number }[] = [
      { role: 'Admin', status: 200 },
      { role: 'PartnerAdmin', company: own, status: 200 },
      { role: 'PartnerAdmin', company: other, status: 403 },
      { role: 'SuperUser', company: own, status: 200 },
      { role: 'SuperUser', company: other, status: 403 },
      { role: 'User', company: own, status: 403 },
    ];
    for (const c of cases) {
      const surveyId = await createSurvey(ctx(), own);
      const token = await tokenFor(ctx(), c.role, c.company);
      const file = await xlsx([HEADER, ['m@example.test', 'M', 'M', 'fi-FI']]);
      const res = await post(ctx(), { token, file, companyId: own, surveyId });
      expect([c.role, c.company === own, res.status]).toEqual([
        c.role,
        c.company === own,
        c.status,
      ]);
      expect(await participantsOf(ctx(), surveyId)).toHaveLength(c.status === 200 ? 1 : 0);
    }
    const surveyId = await createSurvey(ctx(), own);
    const file = await xlsx([HEADER, ['m@example.test', 'M', 'M', 'fi-FI']]);
    expect((await post(ctx(), { file, companyId: own, surveyId })).status).toBe(401);
  });
});
