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

/** Levels 1..3 of Demo Oy: divisions, departments, teams. */
export const DEMO_UNITS: readonly { id: string; index: number; name: string }[] = [
  { id: 'de300000-0000-4000-8000-000000000201', index: 1, name: 'Development' },
  { id: 'de300000-0000-4000-8000-000000000202', index: 1, name: 'Sales and Marketing' },
  { id: 'de300000-0000-4000-8000-000000000203', index: 2, name: 'Platform' },
  { id: 'de300000-0000-4000-8000-000000000204', index: 2, name: 'Mobile' },
  { id: 'de300000-0000-4000-8000-000000000205', index: 2, name: 'Key Accounts' },
  { id: 'de300000-0000-4000-8000-000000000206', index: 3, name: 'Team Aurora' },
  { id: 'de300000-0000-4000-8000-000000000207', index: 3, name: 'Team Borealis' },
  { id: 'de300000-0000-4000-8000-000000000208', index: 3, name: 'Team Cirrus' },
];

/** Levels 1..3 of Esimerkki Rakennus Oy: business lines, regions, sites. */
export const DEMO_RAKENNUS_UNITS: readonly { id: string; index: number; name: string }[] = [
  { id: 'de300000-0000-4000-8000-000000000211', index: 1, name: 'Talonrakennus' },
  { id: 'de300000-0000-4000-8000-000000000212', index: 1, name: 'Infra' },
  { id: 'de300000-0000-4000-8000-000000000213', index: 2, name: 'Pääkaupunkiseutu' },
  { id: 'de300000-0000-4000-8000-000000000214', index: 2, name: 'Pirkanmaa' },
  { id: 'de300000-0000-4000-8000-000000000215', index: 3, name: 'Työmaa Kalasatama' },
  { id: 'de300000-0000-4000-8000-000000000216', index: 3, name: 'Työmaa Hervanta' },
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
      `INSERT INTO units (id, company_id, index, name) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING`,
      [unit.id, unit.companyId, unit.index, unit.name],
    );
  }
}
