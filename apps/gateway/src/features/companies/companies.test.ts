// Companies and units through the gateway, against the real apps/api with its demo data.
import { gql, type GraphQLBody } from '../../test/gateway.js';
import { setupApiAndGateway } from '../../test/signedIn.js';

const DEMO_COMPANY = 'de300000-0000-4000-8000-000000000001';
const COMPANY_FIELDS = `id name industryId industry { id description } sizeId size { id description }
  settings { reportPackage sendEmailAfterSurvey showPassQuestions restrictOpenCommentsByUnit
    showBackgroundAge groupCommentsUnit1 groupCommentsUnit10 localizedReports }
  created unitLevels { index units { id index name } } surveys { id name }`;
const COMPANIES = `query Companies($skip: Int, $take: Int, $filter: String, $order: CompanyOrder) {
  companies(skip: $skip, take: $take, filter: $filter, order: $order) {
    totalRecords records { id name industry { id description } size { id } }
  }
}`;
const COMPANY = `query Company($id: ID!) { company(id: $id) { ${COMPANY_FIELDS} } }`;
const CHOICES = '{ companyChoices { id name } }';
const RESULT = `ok fieldErrors { field message } company { ${COMPANY_FIELDS} }`;
const CREATE = `mutation Create($input: CompanyInput!) { createCompany(input: $input) { ${RESULT} } }`;
const UPDATE = `mutation Update($id: ID!, $input: CompanyInput!) {
  updateCompany(id: $id, input: $input) { ${RESULT} }
}`;
const DELETE = `mutation Delete($id: ID!) { deleteCompany(id: $id) { ok fieldErrors { field message } } }`;
const UNIT = `mutation Unit($input: CreateUnitInput!) {
  createUnit(input: $input) { ok fieldErrors { field message } unit { id index name parentId } }
}`;

const stack = setupApiAndGateway();
const { as } = stack;

describe('companies through the gateway', () => {
  it('creates a company with the default settings, resolving industry and size', async () => {
    const body = await as('admin@demo.test', CREATE, {
      input: { name: 'Gateway Oy', industryId: 'retail', sizeId: '1000+' },
    });
    expect(body.errors).toBeUndefined();
    const result = body.data.createCompany;
    expect(result).toMatchObject({
      ok: true,
      fieldErrors: [],
      company: {
        name: 'Gateway Oy',
        industry: { id: 'retail', description: 'Retail and wholesale' },
        size: { id: '1000+' },
        settings: {
          reportPackage: true,
          sendEmailAfterSurvey: true,
          showBackgroundAge: true,
          showPassQuestions: false,
          restrictOpenCommentsByUnit: false,
        },
        unitLevels: [],
        surveys: [],
      },
    });
  });

  it('answers invalid input as field errors, not as an error', async () => {
    const body = await as('admin@demo.test', CREATE, {
      input: { name: ' ', industryId: 'mining', sizeId: '1-49' },
    });
    expect(body.errors).toBeUndefined();
    expect(body.data.createCompany.ok).toBe(false);
    expect(body.data.createCompany.fieldErrors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'validation.required' },
        { field: 'industryId', message: 'validation.invalid' },
      ]),
    );
    expect(body.data.createCompany.company).toBeNull();
  });

  it('edits, finds by filter, sorts and deletes a company', async () => {
    const created = await as('admin@demo.test', CREATE, {
      input: {
        name: 'Zeta Filter Oy',
        industryId: 'ict',
        sizeId: '1-49',
        settings: { reportPackage: false },
      },
    });
    const id = created.data.createCompany.company.id as string;
    const updated = await as('admin@demo.test', UPDATE, {
      id,
      input: {
        name: 'Zeta Filtered Oy',
        industryId: 'energy',
        sizeId: '50-249',
        settings: { showPassQuestions: true },
      },
    });
    expect(updated.data.updateCompany.company).toMatchObject({
      name: 'Zeta Filtered Oy',
      industryId: 'energy',
      settings: { reportPackage: false, showPassQuestions: true },
    });

    const found = await as('admin@demo.test', COMPANIES, { filter: 'zeta filtered' });
    expect(found.data.companies).toEqual({
      totalRecords: 1,
      records: [
        {
          id,
          name: 'Zeta Filtered Oy',
          industry: { id: 'energy', description: 'Energy and utilities' },
          size: { id: '50-249' },
        },
      ],
    });
    const desc = await as('admin@demo.test', COMPANIES, {
      take: 100,
      order: { by: 'NAME', direction: 'DESC' },
    });
    const names = desc.data.companies.records.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => b.localeCompare(a, 'en')));

    expect((await as('admin@demo.test', DELETE, { id })).data.deleteCompany).toEqual({
      ok: true,
      fieldErrors: [],
    });
    expect((await as('admin@demo.test', COMPANY, { id })).data.company).toBeNull();
  });

  it('shows the demo company with its unit levels to its SuperUser, and adds a unit', async () => {
    const body = await as('super@demo.test', COMPANY, { id: DEMO_COMPANY });
    expect(body.errors).toBeUndefined();
    const levels = body.data.company.unitLevels as { index: number; units: { name: string }[] }[];
    expect(levels.map((level) => level.index)).toEqual([1, 2, 3]);
    expect(levels[0]?.units.map((unit) => unit.name)).toContain('Development');

    const added = await as('super@demo.test', UNIT, {
      input: { companyId: DEMO_COMPANY, index: 4, name: 'Night shift' },
    });
    expect(added.data.createUnit).toMatchObject({
      ok: true,
      unit: { id: expect.any(String), index: 4, name: 'Night shift' },
    });
    const bad = await as('super@demo.test', UNIT, {
      input: { companyId: DEMO_COMPANY, index: 11, name: 'Too deep' },
    });
    expect(bad.data.createUnit).toEqual({
      ok: false,
      fieldErrors: [{ field: 'index', message: 'validation.invalid' }],
      unit: null,
    });
  });

  it('adds a unit under a parent, renames and moves it, and deletes it; a taken name is a field error', async () => {
    const UPDATE = `mutation UpdateUnit($id: ID!, $input: UpdateUnitInput!) {
      updateUnit(id: $id, input: $input) { ok fieldErrors { field message } unit { id index name parentId } }
    }`;
    const DELETE_UNIT = `mutation DeleteUnit($id: ID!) { deleteUnit(id: $id) { ok fieldErrors { field message } } }`;
    const top = await as('super@demo.test', UNIT, {
      input: { companyId: DEMO_COMPANY, index: 5, name: 'Region A' },
    });
    const other = await as('super@demo.test', UNIT, {
      input: { companyId: DEMO_COMPANY, index: 5, name: 'Region B' },
    });
    const topId = top.data.createUnit.unit.id as string;
    const otherId = other.data.createUnit.unit.id as string;
    const child = await as('super@demo.test', UNIT, {
      input: { companyId: DEMO_COMPANY, index: 6, name: 'Office 1', parentId: topId },
    });
    expect(child.data.createUnit.unit).toEqual({
      id: expect.any(String),
      index: 6,
      name: 'Office 1',
      parentId: topId,
    });
    const childId = child.data.createUnit.unit.id as string;

    const moved = await as('super@demo.test', UPDATE, {
      id: childId,
      input: { name: 'Office One', parentId: otherId },
    });
    expect(moved.data.updateUnit).toEqual({
      ok: true,
      fieldErrors: [],
      unit: { id: childId, index: 6, name: 'Office One', parentId: otherId },
    });
    const taken = await as('super@demo.test', UPDATE, {
      id: otherId,
      input: { name: 'region a' },
    });
    expect(taken.data.updateUnit).toEqual({
      ok: false,
      fieldErrors: [{ field: 'name', message: 'companies.units.nameTaken' }],
      unit: null,
    });
    const badParent = await as('super@demo.test', UNIT, {
      input: { companyId: DEMO_COMPANY, index: 7, name: 'Skipping', parentId: topId },
    });
    expect(badParent.data.createUnit.fieldErrors).toEqual([
      { field: 'parentId', message: 'companies.units.invalidParent' },
    ]);

    expect((await as('super@demo.test', DELETE_UNIT, { id: childId })).data.deleteUnit).toEqual({
      ok: true,
      fieldErrors: [],
    });
    const after = await as('super@demo.test', COMPANY, { id: DEMO_COMPANY });
    const names = (after.data.company.unitLevels as { units: { name: string }[] }[]).flatMap(
      (level) => level.units.map((unit) => unit.name),
    );
    expect(names).toEqual(expect.arrayContaining(['Region A', 'Region B']));
    expect(names).not.toContain('Office One');
  });

  it("lists a company's surveys newest first with what the dashboard picks by", async () => {
    const body = await as(
      'user@demo.test',
      `{ companyChoices { id surveys { id created invitesSent finished hasStarted hasEnded baseSurveyId } } }`,
    );
    expect(body.errors).toBeUndefined();
    const [demo] = body.data.companyChoices;
    const byId = new Map<string, { finished: string }>(
      demo.surveys.map((s: { id: string; finished: string }) => [s.id, s]),
    );
    expect(byId.get('de300000-0000-4000-8000-000000000301')).toMatchObject({
      created: '2024-09-02T08:00:00.000Z',
      invitesSent: '2024-09-09T07:00:00.000Z',
      finished: '2024-10-31T00:00:00.000Z',
      hasStarted: true,
      hasEnded: true,
      baseSurveyId: null,
    });
    expect(byId.get('de300000-0000-4000-8000-000000000302')).toMatchObject({
      hasEnded: true,
      baseSurveyId: 'de300000-0000-4000-8000-000000000301',
    });
    const pulse = byId.get('de300000-0000-4000-8000-000000000303');
    expect(pulse).toMatchObject({ hasStarted: true, hasEnded: false });
    // Open, with its end three weeks ahead.
    expect(new Date(pulse?.finished ?? 0).getTime()).toBeGreaterThan(Date.now());
    const created = demo.surveys.map((s: { created: string }) => s.created);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('keeps other companies away from a SuperUser and company writes away from non-admins', async () => {
    const choices = await as('super@demo.test', CHOICES);
    expect(choices.data.companyChoices).toEqual([{ id: DEMO_COMPANY, name: 'Demo Oy' }]);
    const admins = await as('admin@demo.test', CHOICES);
    expect(admins.data.companyChoices.length).toBeGreaterThanOrEqual(3);
    const other = admins.data.companyChoices.find((c: { id: string }) => c.id !== DEMO_COMPANY);
    const forbidden = await as('super@demo.test', COMPANY, { id: other.id });
    expect(forbidden.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const write = await as('partner@demo.test', DELETE, { id: DEMO_COMPANY });
    expect(write.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const anonymous = await gql(stack.gateway.url, CHOICES);
    expect((anonymous.body as GraphQLBody).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('answers an unknown company with null', async () => {
    const body = await as('admin@demo.test', COMPANY, {
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(body.errors).toBeUndefined();
    expect(body.data.company).toBeNull();
  });
});
