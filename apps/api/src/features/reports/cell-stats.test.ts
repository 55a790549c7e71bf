import { seedScale } from '../../demo/scale.js';
import type { AuthUser } from '../../lib/auth.js';
import { describeEachDb } from '../../test/harness.js';
import { insertResponses, syntheticSurvey } from './audit/synthetic.js';
import { bothEngines, reportCalls } from './cell-stats/compare.js';
import { numericAverage } from './cell-stats/index.js';
import type { ReportQuery } from './schemas.js';
import { reportsService, type ReportsService } from './service.js';
import { jsonChunks } from '../../lib/raw-json.js';
import { openCommentSettings } from './families/comments.js';
import { surveysService } from '../surveys/index.js';
import { authUserFor } from '../../test/ai-fixtures.js';
import { RANGE_NAMES } from './comment-ranges.js';

const T = 5;
const admin: AuthUser = {
  id: '00000000-0000-0000-0000-000000000000',
  role: 'Admin',
  companyId: null,
  tokenVersion: 0,
};

type CommentType = 'positive' | 'negative' | 'neutral';
const TYPES = ['positive', 'negative', 'neutral'] as const;
interface Listed {
  commentId: string;
  lindex: number | null;
}
interface Counts {
  counts?: { type: CommentType; id: number; count: number }[];
  rangeFilter?: boolean;
  indexRange?: string | null;
  suppressed?: true;
}

/** Every page of every type and criterion the counts name, each criterion's count checked. */
async function pageThrough(
  service: ReturnType<typeof reportsService>,
  query: ReportQuery,
  counts: Counts,
  indexRange?: string,
): Promise<Record<CommentType, Listed[]>> {
  const paged: Record<CommentType, Listed[]> = { positive: [], negative: [], neutral: [] };
  for (const { type, id, count } of counts.counts ?? []) {
    let after: string | undefined;
    const own: Listed[] = [];
    do {
      const page = (
        await service.openCommentPage(admin, query, {
          type,
          criterion: id,
          limit: 7,
          ...(after ? { after } : {}),
          ...(indexRange ? { indexRange } : {}),
        })
      ).data as { comments: Listed[]; next: string | null };
      own.push(...page.comments);
      after = page.next ?? undefined;
    } while (after);
    expect(own).toHaveLength(count);
    paged[type].push(...own);
  }
  return paged;
}

/**
 * The whole open comments list, read a page of `limit` at a time (a small limit makes pages end
 * inside a criterion and across types); suppressed answers as they come.
 */
async function wholeList(
  service: ReturnType<typeof reportsService>,
  query: ReportQuery,
  limit: number,
): Promise<{ data: Record<CommentType, Listed[]> | { suppressed: true } }> {
  const lists: Record<CommentType, Listed[]> = { positive: [], negative: [], neutral: [] };
  let after: string | undefined;
  do {
    const page = JSON.parse(
      jsonChunks(
        await service.openComments(admin, query, { limit, ...(after ? { after } : {}) }),
      ).join(''),
    ) as { data: (Record<CommentType, Listed[]> & { next: string | null }) | { suppressed: true } };
    if ('suppressed' in page.data) return { data: page.data };
    for (const type of TYPES) lists[type].push(...page.data[type]);
    after = page.data.next ?? undefined;
  } while (after);
  return { data: lists };
}

describeEachDb('reports summed from cell statistics', (ctx) => {
  const same = async (surveyId: string, companyId: string) => {
    const calls = await reportCalls(ctx().db, admin, surveyId, companyId);
    const answers = await bothEngines(ctx().db, T, calls);
    const differ = answers.filter(([, cells, rows]) => cells !== rows);
    expect(differ.map(([name]) => name)).toEqual([]);
    // Not one call failed on either side, and some showed figures.
    expect(answers.filter(([, cells]) => cells.startsWith('error'))).toEqual([]);
    expect(answers.some(([, cells]) => cells.includes('"participants"'))).toBe(true);
    await sameCounts(surveyId);
    return answers.length;
  };
  // The survey's status and response activity: kept counts of an ended survey, or counted.
  const sameCounts = async (surveyId: string) => {
    const kept = surveysService(ctx().db);
    const counted = surveysService(ctx().db, { storedCounts: false });
    for (const time of [1, 2]) {
      const [a, b] = await Promise.all(
        [kept, counted].map(async (service) =>
          JSON.stringify([
            await service.responseActivity(admin, surveyId),
            await service.get(admin, surveyId),
          ]),
        ),
      );
      expect([time, a]).toEqual([time, b]);
    }
  };

  it('answers every call byte for byte as the rows do, on a generated scale survey', async () => {
    const scale = await seedScale(ctx().db, { count: 1_500, seed: 'cell-stats' });
    expect(await same(scale.surveyId, scale.companyId)).toBeGreaterThan(300);
    // The statistics were kept for the batch.
    const [kept] = await ctx().db.query<{ participants: number }>(
      'SELECT participants FROM report_cell_stats WHERE survey_id = $1',
      [scale.surveyId],
    );
    expect(kept?.participants).toBe(1_500);
  }, 300_000);

  it('answers as the rows do on small synthetic surveys, and after a second release', async () => {
    for (const seed of [1, 2]) {
      const survey = await syntheticSurvey(ctx().db, seed);
      await same(survey.surveyId, survey.companyId);
      // Twenty more finish: the next read releases them as batch 2, whose statistics are made then;
      // batch 1's are read back from the table.
      await insertResponses(
        ctx().db,
        survey.companyId,
        survey.surveyId,
        survey.people.slice(0, 20),
      );
      await same(survey.surveyId, survey.companyId);
      const kept = await ctx().db.query<{ release: number }>(
        'SELECT release FROM report_cell_stats WHERE survey_id = $1 ORDER BY release',
        [survey.surveyId],
      );
      expect(kept.map((row) => row.release)).toEqual([1, 2]);
    }
  }, 300_000);

  it("keeps an ended survey's sums and counts, and counts again after its participants change", async () => {
    const db = ctx().db;
    const survey = await syntheticSurvey(db, 3);
    await same(survey.surveyId, survey.companyId);
    const kept = () =>
      db.query<{ counts: unknown; release: number | null }>(
        `SELECT pc.counts, k.release FROM surveys s
         LEFT JOIN survey_participant_counts pc ON pc.survey_id = s.id
         LEFT JOIN report_survey_sums k ON k.survey_id = s.id WHERE s.id = $1`,
        [survey.surveyId],
      );
    expect((await kept())[0]).toMatchObject({ release: 1, counts: expect.anything() });
    const [first] = await db.query<{ id: string }>(
      'SELECT id FROM participants WHERE survey_id = $1 AND finished_at IS NOT NULL LIMIT 1',
      [survey.surveyId],
    );
    const someone = first?.id ?? '';
    // A participation reopened: the counts are marked stale, the next read counts again.
    await db.query('UPDATE participants SET finished_at = NULL WHERE id = $1', [someone]);
    expect((await kept())[0]?.counts).toBeNull();
    await sameCounts(survey.surveyId);
    await db.query('DELETE FROM participants WHERE id = $1', [someone]);
    expect((await kept())[0]?.counts).toBeNull();
    await sameCounts(survey.surveyId);
    // An open survey's counts are not kept; its participants' writes leave the table alone.
    await db.query("UPDATE surveys SET end_date = now() + interval '1 day' WHERE id = $1", [
      survey.surveyId,
    ]);
    await sameCounts(survey.surveyId);
    await db.query('UPDATE participants SET invited_at = now() WHERE survey_id = $1', [
      survey.surveyId,
    ]);
    expect(await kept()).toMatchObject([{ counts: null }]);
    const rows = await db.query('SELECT 1 FROM survey_participant_counts WHERE survey_id = $1', [
      survey.surveyId,
    ]);
    expect(rows).toHaveLength(0);
  }, 300_000);

  it("pages the open comments: the pages of each type together are today's list", async () => {
    const scale = await seedScale(ctx().db, { count: 1_500, seed: 'cell-stats' });
    // One comment hidden: neither in the list nor in the counts.
    const [gone] = await ctx().db.query<{ id: string }>(
      `UPDATE comments SET hidden = true WHERE id = (SELECT id FROM comments WHERE survey_id = $1
       ORDER BY id LIMIT 1) RETURNING id`,
      [scale.surveyId],
    );
    const service = reportsService(ctx().db, T);
    const units = await ctx().db.query<{ id: string }>(
      'SELECT id FROM units WHERE company_id = $1 AND index = 2 ORDER BY name LIMIT 1',
      [scale.companyId],
    );
    let read = 0;
    for (const filters of [
      {},
      { unit2: [units[0]?.id ?? ''] },
      { age: ['25-34'], gender: ['female'] },
    ]) {
      const query = { sets: [{ surveyId: scale.surveyId, filters }] } as ReportQuery;
      const whole = (await wholeList(service, query, 1000)) as {
        data: Record<CommentType, Listed[]>;
      };
      // Pages of 13 end inside criteria and across types: the same list.
      expect(await wholeList(service, query, 13)).toEqual(whole);
      // Each type's list is every visible comment of the set, as the AI features read them.
      const rows = await service.gatedComments(admin, query);
      for (const type of TYPES)
        expect(whole.data[type]?.map((c) => c.commentId) ?? null).toEqual(
          rows?.filter((row) => row.type === type).map((row) => row.id) ?? null,
        );
      const counts = (await service.openCommentCounts(admin, query)).data as Counts;
      if (counts.suppressed) {
        // Withheld alike: the counts, a page and the whole list.
        expect(whole.data).toEqual(counts);
        const page = await service.openCommentPage(admin, query, {
          type: 'positive',
          criterion: 2,
          limit: 7,
        });
        expect(page.data).toEqual(counts);
        continue;
      }
      const paged = await pageThrough(service, query, counts);
      for (const type of TYPES)
        expect(JSON.stringify(paged[type])).toBe(JSON.stringify(whole.data[type]));
      read += TYPES.reduce((sum, type) => sum + paged[type].length, 0);
      expect(JSON.stringify(paged)).not.toContain(gone?.id ?? 'none');
    }
    expect(read).toBeGreaterThan(0);
  }, 300_000);

  it('pages the open comments of one L-index range: together the list filtered by the range', async () => {
    const scale = await seedScale(ctx().db, { count: 1_500, seed: 'cell-stats' });
    const { indexRanges, minCommentsPerRange } = openCommentSettings(T);
    // A hidden comment of a writer in the top range: in no range's pages and no range's counts.
    const [gone] = await ctx().db.query<{ id: string }>(
      `UPDATE comments SET hidden = true WHERE id = (SELECT c.id FROM comments c
         JOIN responses r ON r.participant_id = c.participant_id
         WHERE c.survey_id = $1 AND r.lindex >= 85 ORDER BY c.id LIMIT 1) RETURNING id`,
      [scale.surveyId],
    );
    expect(gone).toBeDefined();
    const service = reportsService(ctx().db, T);
    const units = await ctx().db.query<{ id: string }>(
      'SELECT id FROM units WHERE company_id = $1 AND index = 2 ORDER BY name LIMIT 1',
      [scale.companyId],
    );
    let read = 0;
    for (const filters of [{}, { unit2: [units[0]?.id ?? ''] }]) {
      const query = { sets: [{ surveyId: scale.surveyId, filters }] } as ReportQuery;
      const whole = (await wholeList(service, query, 1000)) as {
        data: Record<CommentType, Listed[]>;
      };
      const all = TYPES.flatMap((type) => whole.data[type]);
      // The rule written out: from `from` up to the next range's `from`; the last up to 100.
      const within = indexRanges.map((range, i) => {
        const upper = indexRanges[i + 1]?.from ?? range.to + 1;
        return (c: Listed) => c.lindex !== null && c.lindex >= range.from && c.lindex < upper;
      });
      const offered = within.every((inside) => all.filter(inside).length >= minCommentsPerRange);
      for (const [i, range] of indexRanges.entries()) {
        const inside = within[i] ?? (() => false);
        const indexRange = `${range.from}-${range.to}`;
        const counts = (await service.openCommentCounts(admin, query, indexRange)).data as Counts;
        expect(counts.rangeFilter).toBe(offered);
        expect(counts.indexRange).toBe(indexRange);
        const paged = await pageThrough(service, query, counts, indexRange);
        for (const type of TYPES) {
          const filtered = whole.data[type].filter(inside);
          expect(JSON.stringify(paged[type])).toBe(JSON.stringify(filtered));
          read += filtered.length;
        }
        expect(JSON.stringify(paged)).not.toContain(gone?.id ?? 'none');
      }
    }
    expect(read).toBeGreaterThan(0);
  }, 300_000);

  it('moves the counts at once when an Admin hides or shows a comment, in every process', async () => {
    const db = ctx().db;
    const survey = await syntheticSurvey(db, 4);
    const { token } = await authUserFor(ctx(), 'Admin');
    const toggle = async (commentId: string) =>
      (
        await ctx()
          .http()
          .patch('/adminsurveydata/toggleVisibility')
          .set({ authorization: `Bearer ${token}` })
          .send({ surveyId: survey.surveyId, commentId })
      ).body as { hidden: boolean };
    const query = { sets: [{ surveyId: survey.surveyId, filters: {} }] } as ReportQuery;
    // Two services with caches of their own stand for two API processes; the rows are the truth.
    const processes = [reportsService(ctx().db, T), reportsService(ctx().db, T)];
    const rows = reportsService(ctx().db, T, { cellStats: false });
    const read = async (service: ReportsService, range?: string) =>
      JSON.stringify((await service.openCommentCounts(admin, query, range)).data);
    /** Every process's counts of everyone and of each range, each the same as the rows'. */
    const everywhere = async () => {
      const answers: string[] = [];
      for (const range of [undefined, ...RANGE_NAMES]) {
        const truth = await read(rows, range);
        for (const service of processes) expect(await read(service, range)).toBe(truth);
        answers.push(truth);
      }
      return answers;
    };
    const kept = async () => {
      const [row] = await db.query<{ kept: number; hidden: number; waiting: number }>(
        `SELECT (SELECT count(*) FROM hidden_comments WHERE survey_id = $1)::int AS kept,
           (SELECT count(*) FROM comments WHERE survey_id = $1 AND hidden)::int AS hidden,
           (SELECT count(*) FROM hidden_comments WHERE survey_id = $1 AND release IS NULL)::int
             AS waiting`,
        [survey.surveyId],
      );
      return row;
    };
    const before = await everywhere();
    expect(await kept()).toMatchObject({ waiting: 0 });
    // A visible comment of a released writer in the top range.
    const [target] = await db.query<{ id: string; type: CommentType; criterion: number }>(
      `SELECT c.id, c.type, c.criterion_id::int AS criterion FROM comments c
       JOIN responses r ON r.participant_id = c.participant_id
       WHERE c.survey_id = $1 AND NOT c.hidden AND r.lindex >= 85 ORDER BY c.id LIMIT 1`,
      [survey.surveyId],
    );
    if (!target) throw new Error('no comment in the top range');
    const count = (answer: string) =>
      (JSON.parse(answer) as Counts).counts?.find(
        (c) => c.type === target.type && c.id === target.criterion,
      )?.count ?? 0;
    expect((await toggle(target.id)).hidden).toBe(true);
    const hidden = await everywhere();
    // Everyone's and the top range's counts lose it; the other ranges keep theirs.
    expect(hidden.map(count)).toEqual(
      before.map((answer, i) => count(answer) - ([0, 3].includes(i) ? 1 : 0)),
    );
    expect((await kept())?.kept).toBe((await kept())?.hidden);
    expect((await toggle(target.id)).hidden).toBe(false);
    expect(await everywhere()).toEqual(before);
    // A comment hidden while its writer's response waits for a release: kept without one, given
    // it by the release (the next read), and counted alike by both engines throughout.
    await insertResponses(db, survey.companyId, survey.surveyId, survey.people.slice(0, 20));
    const [waiting] = await db.query<{ id: string }>(
      `INSERT INTO comments (survey_id, participant_id, criterion_id, type, text, language_code)
       SELECT survey_id, participant_id, 5, 'negative', 'Odottaa julkaisua.', 'fi'
       FROM responses WHERE survey_id = $1 AND release IS NULL ORDER BY participant_id LIMIT 1
       RETURNING id`,
      [survey.surveyId],
    );
    expect((await toggle(waiting?.id ?? '')).hidden).toBe(true);
    expect(await kept()).toMatchObject({ waiting: 1 });
    await everywhere();
    const after = await kept();
    expect(after).toMatchObject({ waiting: 0, kept: after?.hidden });
  }, 300_000);

  it("rounds a question group's S-index mean as PostgreSQL's numeric avg()", async () => {
    const rows = await ctx().db.query<{ sum: number; n: number; avg: number }>(
      `SELECT s::int AS sum, n::int AS n, (s::numeric / n)::float8 AS avg
       FROM generate_series(1, 400) AS n, LATERAL (SELECT (n * 37 + 13) * 7 % 100000 AS s) x`,
    );
    for (const { sum, n, avg } of rows) expect(numericAverage(sum, n)).toBe(avg);
  });
});
