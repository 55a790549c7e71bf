import { beforeAll, describe, expect, it } from '@jest/globals';
import type { AuthUser } from '../../../lib/auth.js';
import { describeEachDb, type TestContext } from '../../../test/harness.js';
import { authUserFor, company, respond, survey, unit } from '../../../test/ai-fixtures.js';
import { reportsService, type ReportsService } from '../service.js';
import type { ReportQuery } from '../schemas.js';

interface World {
  surveyId: string;
  sales: string;
  tiny: string;
  visible: string[];
  hidden: string;
  tinyComments: string[];
}

/** Six people in Sales with a comment each (one more, hidden), five in Support, two in Tiny. */
async function world(ctx: TestContext): Promise<World & { companyId: string }> {
  const companyId = await company(ctx, { restrictOpenCommentsByUnit: true });
  const sales = await unit(ctx, companyId, 'Sales');
  const support = await unit(ctx, companyId, 'Support');
  const tiny = await unit(ctx, companyId, 'Tiny');
  const surveyId = await survey(ctx, companyId);
  const visible: string[] = [];
  let hidden = '';
  for (let i = 0; i < 6; i++) {
    const ids = await respond(ctx, surveyId, companyId, {
      units: [sales],
      comments: [
        { text: `Myynnin kommentti ${i}.`, criterion: 2 + (i % 3), type: 'negative' },
        ...(i === 0 ? [{ text: 'Piilotettu kommentti.', hidden: true }] : []),
      ],
    });
    visible.push(ids[0] as string);
    if (i === 0) hidden = ids[1] as string;
  }
  for (let i = 0; i < 5; i++) {
    const ids = await respond(ctx, surveyId, companyId, {
      units: [support],
      comments: [{ text: `Tuen kommentti ${i}.`, criterion: 5, type: 'positive' }],
    });
    visible.push(ids[0] as string);
  }
  const tinyComments: string[] = [];
  for (let i = 0; i < 2; i++) {
    const ids = await respond(ctx, surveyId, companyId, {
      units: [tiny],
      comments: [{ text: `Pienen yksikön kommentti ${i}.` }],
    });
    tinyComments.push(ids[0] as string);
  }
  return { companyId, surveyId, sales, tiny, visible, hidden, tinyComments };
}

describeEachDb('comment scope ids kept per release', (ctx) => {
  describe('the gate reads', () => reads(ctx));
});

function reads(ctx: () => TestContext) {
  let w: World & { companyId: string };
  let kept: ReportsService;
  let joined: ReportsService;
  let admin: { token: string; user: AuthUser };
  let manager: AuthUser;
  const query = (surveyId: string, filters: Record<string, string[]> = {}): ReportQuery =>
    ({ sets: [{ surveyId, filters }], reportLanguage: 'fi' }) as ReportQuery;
  const sorted = (ids: readonly string[] | null) => (ids ? [...ids].sort() : null);

  beforeAll(async () => {
    w = await world(ctx());
    kept = reportsService(ctx().db, ctx().config.ANONYMITY_THRESHOLD);
    joined = reportsService(ctx().db, ctx().config.ANONYMITY_THRESHOLD, {
      commentScopeIds: false,
    });
    admin = await authUserFor(ctx(), 'Admin');
    manager = (await authUserFor(ctx(), 'SuperUser', w.companyId)).user;
    await ctx().db.query('INSERT INTO user_units (user_id, unit_id) VALUES ($1, $2)', [
      manager.id,
      w.sales,
    ]);
  });

  /** The ids and the rows of every id asked, with the kept scope and with the join, the same. */
  async function same(user: AuthUser, q: ReportQuery) {
    const ids = await kept.gatedCommentIds(user, q);
    expect(sorted(ids.ids)).toEqual(sorted((await joined.gatedCommentIds(user, q)).ids));
    expect(ids.suppressedBecause).toEqual(
      (await joined.gatedCommentIds(user, q)).suppressedBecause,
    );
    const asked = [
      ...w.visible,
      w.hidden,
      ...w.tinyComments,
      '00000000-0000-4000-8000-000000000000',
    ];
    const rows = await kept.gatedComments(user, q, asked);
    expect(rows).toEqual(await joined.gatedComments(user, q, asked));
    return { ids: ids.ids, rows };
  }

  it('answers as the join does for the whole survey, a unit, a withheld unit and unit limits', async () => {
    const whole = await same(admin.user, query(w.surveyId));
    expect(sorted(whole.ids)).toEqual(sorted([...w.visible, ...w.tinyComments]));
    expect(whole.rows?.map((row) => row.id)).not.toContain(w.hidden);
    const sales = await same(admin.user, query(w.surveyId, { unit1: [w.sales] }));
    expect(sorted(sales.ids)).toEqual(sorted(w.visible.slice(0, 6)));
    // Two people: the gate withholds the group, with its reason, and no row is read.
    const tiny = await same(admin.user, query(w.surveyId, { unit1: [w.tiny] }));
    expect(tiny.ids).toBeNull();
    expect(tiny.rows).toBeNull();
    // A SuperUser limited to Sales reads Sales' comments only.
    const limited = await same(manager, query(w.surveyId));
    expect(sorted(limited.ids)).toEqual(sorted(w.visible.slice(0, 6)));
    expect(limited.rows?.map((row) => row.id).sort()).toEqual(sorted(w.visible.slice(0, 6)));
  });

  it('answers a repeated read with the same ids without a new join', async () => {
    const first = await kept.gatedCommentIds(admin.user, query(w.surveyId));
    const again = await kept.gatedCommentIds(admin.user, query(w.surveyId));
    expect(again.ids).toBe(first.ids);
    // The former reads make a new list each time.
    const joinedFirst = await joined.gatedCommentIds(admin.user, query(w.surveyId));
    expect((await joined.gatedCommentIds(admin.user, query(w.surveyId))).ids).not.toBe(
      joinedFirst.ids,
    );
  });

  it('leaves out a comment an Admin hides at once, and shows it again when shown', async () => {
    const target = w.visible[1] as string;
    const toggle = () =>
      ctx()
        .http()
        .patch('/adminsurveydata/toggleVisibility')
        .set({ authorization: `Bearer ${admin.token}` })
        .send({ surveyId: w.surveyId, commentId: target });
    const before = await same(admin.user, query(w.surveyId));
    expect(before.ids).toContain(target);
    expect((await toggle()).body.hidden).toBe(true);
    for (const q of [query(w.surveyId), query(w.surveyId, { unit1: [w.sales] })]) {
      const hidden = await same(admin.user, q);
      expect(hidden.ids).not.toContain(target);
      expect(hidden.rows?.map((row) => row.id)).not.toContain(target);
    }
    const limited = await same(manager, query(w.surveyId));
    expect(limited.ids).not.toContain(target);
    expect((await toggle()).body.hidden).toBe(false);
    const shown = await same(admin.user, query(w.surveyId));
    expect(shown.ids).toContain(target);
    expect(shown.rows?.map((row) => row.id)).toContain(target);
  });
}
