// The scale profile (survey-model.md "Demo data"): a company with 3 unit levels and one ended
// survey of `count` finished participants, for benchmarks. Deterministic per (count, seed); a
// second run with the same values finds the company and adds nothing.
import type { Db } from '../lib/db.js';
import {
  demoPeople,
  demoUuid,
  generateSurvey,
  insertGenerated,
  BACKGROUND_QUESTIONS,
} from './responses.js';

const DAY = 24 * 60 * 60_000;
const DIVISIONS = ['Tuotanto', 'Myynti', 'Palvelut', 'Hallinto'];
const REGIONS = ['Etelä', 'Länsi', 'Pohjoinen'];
const TEAMS = ['Tiimi A', 'Tiimi B', 'Tiimi C'];

export interface ScaleResult {
  companyId: string;
  surveyId: string;
  created: boolean;
  participants: number;
  comments: number;
}

export async function seedScale(
  db: Db,
  options: { count: number; seed?: string; now?: Date; teams?: number },
): Promise<ScaleResult> {
  const seed = options.seed ?? 'survey-console-scale-1';
  const now = options.now ?? new Date();
  // More teams a region (the supervisors bench's 200 units); the usual three keep their ids.
  const teamCount = options.teams ?? TEAMS.length;
  const teams = Array.from({ length: teamCount }, (_, i) => TEAMS[i] ?? `Tiimi ${i + 1}`);
  const key = `${seed}:${options.count}${teamCount === TEAMS.length ? '' : `:teams${teamCount}`}`;
  const companyId = demoUuid(`${key}:company`);
  const surveyId = demoUuid(`${key}:survey`);
  const [exists] = await db.query<{ id: string }>('SELECT id FROM companies WHERE id = $1', [
    companyId,
  ]);
  if (exists) {
    return { companyId, surveyId, created: false, participants: 0, comments: 0 };
  }

  const units: { id: string; index: number; name: string }[] = [];
  const paths: [string[], number][] = [];
  for (const division of DIVISIONS) {
    const l1 = { id: demoUuid(`${key}:unit:${division}`), index: 1, name: division };
    units.push(l1);
    for (const region of REGIONS) {
      const l2name = `${division} ${region}`;
      const l2 = { id: demoUuid(`${key}:unit:${l2name}`), index: 2, name: l2name };
      units.push(l2);
      for (const team of teams) {
        const l3name = `${l2name} ${team}`;
        const l3 = { id: demoUuid(`${key}:unit:${l3name}`), index: 3, name: l3name };
        units.push(l3);
        paths.push([[l1.id, l2.id, l3.id], 1]);
      }
    }
  }
  // A few units differ, so a heat map of the big survey has something to show.
  const unitShifts = Object.fromEntries(
    units
      .filter((_, i) => i % 5 === 0)
      .map((unit, i) => [unit.id, i % 2 === 0 ? { 4: 8, 5: 6 } : { 14: -8, 12: -6 }]),
  );
  const people = demoPeople({
    seed,
    company: companyId,
    count: options.count,
    domain: 'scale.demo.test',
    languages: [
      ['fi-FI', 75],
      ['sv', 10],
      ['en-US', 15],
    ],
    unitPaths: paths,
  });
  const invitedAt = new Date(now.getTime() - 60 * DAY);
  const endDate = new Date(now.getTime() - 30 * DAY);
  const data = generateSurvey({
    seed,
    surveyId,
    companyId,
    trend: false,
    people,
    invited: people.length,
    finished: people.length,
    invitedAt,
    lastFinish: endDate,
    asked: BACKGROUND_QUESTIONS,
    unitShifts,
    surveyShift: {},
  });
  // An ended survey's answers were released in one batch, as the first report read (or the
  // releases while it ran) would leave them. Written so here: releasing 50,000 freshly loaded rows
  // in one UPDATE leaves the table at twice its pages until their space is reused, a state no
  // survey that filled up over weeks is in, and every report's scan read twice the pages
  // (docs/report-performance.md).
  for (const response of data.responses) response.release = 1;

  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO companies (id, name, industry_id, size_id, settings)
       VALUES ($1, $2, 'manufacturing', '1000+', '{}')`,
      [companyId, `Skaala Oy ${options.count}`],
    );
    await tx.query(
      `INSERT INTO units (id, company_id, index, name)
       SELECT id, $1, index, name FROM jsonb_to_recordset($2::jsonb)
         AS t(id uuid, index int, name text)`,
      [companyId, JSON.stringify(units)],
    );
    await tx.query(
      `INSERT INTO surveys (id, company_id, name, short_name, created_at, invites_sent_at,
         end_date, settings)
       VALUES ($1, $2, $3, 'SCALE', $4, $4, $5, NULL)`,
      [surveyId, companyId, `Skaalakysely ${options.count}`, invitedAt, endDate],
    );
    await insertGenerated(tx, data);
  });
  return {
    companyId,
    surveyId,
    created: true,
    participants: data.participants.length,
    comments: data.comments.length,
  };
}
