// Demo companies and units: three unit levels for Demo Oy and two more companies of other
// industries and sizes, so the company list and the unit choices have something to show.
import type { Db } from '../lib/db.js';
import { DEMO_COMPANY } from './accounts.js';

export const DEMO_OTHER_COMPANIES = [
  {
    id: 'de300000-0000-4000-8000-000000000002',
    name: 'Esimerkki Rakennus Oy',
    industryId: 'construction',
    sizeId: '250-999',
    settings: { reportPackage: true, sendEmailAfterSurvey: false, showPassQuestions: true },
  },
  {
    id: 'de300000-0000-4000-8000-000000000003',
    name: 'Exempel Vård Ab',
    industryId: 'health',
    sizeId: '1-49',
    settings: { reportPackage: false, localizedReports: true, restrictOpenCommentsByUnit: true },
  },
] as const;

const DEV = 'de300000-0000-4000-8000-000000000201';
const SALES = 'de300000-0000-4000-8000-000000000202';
const PLATFORM = 'de300000-0000-4000-8000-000000000203';
const MOBILE = 'de300000-0000-4000-8000-000000000204';
const PKS = 'de300000-0000-4000-8000-000000000213';
const PIRKANMAA = 'de300000-0000-4000-8000-000000000214';

/** A demo unit; `parentId` is the unit one level up where the hierarchy is a tree. */
export interface DemoUnit {
  id: string;
  index: number;
  name: string;
  parentId?: string;
}

/** Levels 1..3 of Demo Oy: divisions, departments, teams, a tree. */
export const DEMO_UNITS: readonly DemoUnit[] = [
  { id: DEV, index: 1, name: 'Development' },
  { id: SALES, index: 1, name: 'Sales and Marketing' },
  { id: PLATFORM, index: 2, name: 'Platform', parentId: DEV },
  { id: MOBILE, index: 2, name: 'Mobile', parentId: DEV },
  { id: 'de300000-0000-4000-8000-000000000205', index: 2, name: 'Key Accounts', parentId: SALES },
  { id: 'de300000-0000-4000-8000-000000000206', index: 3, name: 'Team Aurora', parentId: PLATFORM },
  {
    id: 'de300000-0000-4000-8000-000000000207',
    index: 3,
    name: 'Team Borealis',
    parentId: PLATFORM,
  },
  { id: 'de300000-0000-4000-8000-000000000208', index: 3, name: 'Team Cirrus', parentId: MOBILE },
];

/**
 * Levels 1..3 of Esimerkki Rakennus Oy: business lines, regions, sites. Both business lines work in
 * both regions, so a region has no single parent; a site belongs to its region.
 */
export const DEMO_RAKENNUS_UNITS: readonly DemoUnit[] = [
  { id: 'de300000-0000-4000-8000-000000000211', index: 1, name: 'Talonrakennus' },
  { id: 'de300000-0000-4000-8000-000000000212', index: 1, name: 'Infra' },
  { id: PKS, index: 2, name: 'Pääkaupunkiseutu' },
  { id: PIRKANMAA, index: 2, name: 'Pirkanmaa' },
  {
    id: 'de300000-0000-4000-8000-000000000215',
    index: 3,
    name: 'Työmaa Kalasatama',
    parentId: PKS,
  },
  {
    id: 'de300000-0000-4000-8000-000000000216',
    index: 3,
    name: 'Työmaa Hervanta',
    parentId: PIRKANMAA,
  },
];

/** Inside the demo seed's transaction; rows that exist already are left as they are. */
export async function seedDemoCompanies(db: Db): Promise<void> {
  for (const company of DEMO_OTHER_COMPANIES) {
    await db.query(
      `INSERT INTO companies (id, name, industry_id, size_id, settings) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO NOTHING`,
      [company.id, company.name, company.industryId, company.sizeId, company.settings],
    );
  }
  const [rakennus] = DEMO_OTHER_COMPANIES;
  const units = [
    ...DEMO_UNITS.map((unit) => ({ ...unit, companyId: DEMO_COMPANY.id })),
    ...DEMO_RAKENNUS_UNITS.map((unit) => ({ ...unit, companyId: rakennus.id })),
  ];
  for (const unit of units) {
    await db.query(
      `INSERT INTO units (id, company_id, index, name, parent_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING`,
      [unit.id, unit.companyId, unit.index, unit.name, unit.parentId ?? null],
    );
  }
}
