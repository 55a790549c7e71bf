import { describeEachDb } from '../../test/harness.js';
import { insertResponses } from './audit/synthetic.js';

const T = 5;
const person = { units: [], background: {} };

describeEachDb('reports: an open survey changes only in steps of the threshold', (ctx) => {
  let token = '';
  let companyId = '';
  let surveyId = '';

  const read = async () => {
    const res = await ctx()
      .http()
      .get('/report/lindexcompare')
      .query({ sets: JSON.stringify([{ surveyId, filters: {} }]) })
      .set('authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    return (res.body.data as { participants?: number; average?: number; suppressed?: true }[])[0];
  };
  const finish = (count: number) =>
    insertResponses(
      ctx().db,
      companyId,
      surveyId,
      Array.from({ length: count }, () => person),
    );

  beforeAll(async () => {
    const [company] = await ctx().db.query<{ id: string }>(
      `INSERT INTO companies (name, industry_id, size_id) VALUES ('Open Oy', 'ict', '1-49') RETURNING id`,
    );
    companyId = company?.id ?? '';
    const [survey] = await ctx().db.query<{ id: string }>(
      `INSERT INTO surveys (company_id, name, short_name, end_date, invites_sent_at, settings)
       VALUES ($1, 'Open', 'O', now() + interval '7 days', now() - interval '1 day', '{}') RETURNING id`,
      [companyId],
    );
    surveyId = survey?.id ?? '';
    const admin = await ctx().createUser({ role: 'Admin' });
    token = (await ctx().http().post('/account/login').send(admin)).body.token as string;
  });

  it('shows nothing until T have finished, then the first T', async () => {
    await finish(T - 1);
    expect(await read()).toMatchObject({ suppressed: true, reason: 'belowThreshold' });
    await finish(1);
    expect(await read()).toMatchObject({ participants: T });
  });

  it('keeps the figures while fewer than T more have finished, and moves by the whole batch', async () => {
    const before = await read();
    for (let more = 1; more < T; more += 1) {
      await finish(1);
      expect(await read()).toEqual(before);
    }
    await finish(1);
    const after = await read();
    expect(after?.participants).toBe(2 * T);
    expect(after?.average).not.toBe(before?.average);
  });

  it('keeps a released answer in the figures when its participation is reopened', async () => {
    const before = await read();
    const [released] = await ctx().db.query<{ id: string }>(
      'SELECT participant_id AS id FROM responses WHERE survey_id = $1 AND release IS NOT NULL LIMIT 1',
      [surveyId],
    );
    const res = await ctx()
      .http()
      .post(`/participations/reopen/${released?.id}`)
      .set('authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(await read()).toEqual(before);
  });

  it('keeps a released answer in the figures when its participant is deleted, not a waiting one', async () => {
    const before = await read();
    const deleteParticipant = async (released: boolean) => {
      const [row] = await ctx().db.query<{ id: string }>(
        `SELECT participant_id AS id FROM responses
         WHERE survey_id = $1 AND finished_at IS NOT NULL AND release IS ${released ? 'NOT NULL' : 'NULL'}
         LIMIT 1`,
        [surveyId],
      );
      const res = await ctx()
        .http()
        .delete(`/participations/delete/${row?.id}`)
        .set('authorization', `Bearer ${token}`);
      expect(res.status).toBe(204);
      return row?.id;
    };
    const releasedId = await deleteParticipant(true);
    expect(await read()).toEqual(before);
    // One waiting response, deleted with its participant: nothing of it was ever shown.
    await finish(1);
    const waitingId = await deleteParticipant(false);
    const left = await ctx().db.query<{ id: string }>(
      'SELECT participant_id AS id FROM responses WHERE participant_id = ANY($1::uuid[])',
      [[releasedId, waitingId]],
    );
    expect(left.map((r) => r.id)).toEqual([releasedId]);
    const participants = await ctx().db.query('SELECT 1 FROM participants WHERE id = $1', [
      releasedId ?? '',
    ]);
    expect(participants).toHaveLength(0);
    expect(await read()).toEqual(before);
  });

  it('never shows a unit whose figure would move by fewer than T between two releases', async () => {
    const [company] = await ctx().db.query<{ id: string }>(
      `INSERT INTO companies (name, industry_id, size_id) VALUES ('Batch Oy', 'ict', '1-49') RETURNING id`,
    );
    const batchCompany = company?.id ?? '';
    const unit = async (name: string) =>
      (
        await ctx().db.query<{ id: string }>(
          'INSERT INTO units (company_id, index, name) VALUES ($1, 1, $2) RETURNING id',
          [batchCompany, name],
        )
      )[0]?.id ?? '';
    const [a, b] = [await unit('A'), await unit('B')];
    const [survey] = await ctx().db.query<{ id: string }>(
      `INSERT INTO surveys (company_id, name, short_name, end_date, invites_sent_at, settings)
       VALUES ($1, 'Batches', 'B', now() + interval '7 days', now() - interval '1 day', '{}')
       RETURNING id`,
      [batchCompany],
    );
    const id = survey?.id ?? '';
    const people = (unitId: string, count: number) =>
      Array.from({ length: count }, () => ({ units: [unitId], background: {} }));
    const unitA = async () => {
      const res = await ctx()
        .http()
        .get('/report/lindexcompare')
        .query({ sets: JSON.stringify([{ surveyId: id, filters: { unit1: [a] } }]) })
        .set('authorization', `Bearer ${token}`);
      return (res.body.data as { participants?: number; reason?: string }[])[0];
    };
    await insertResponses(ctx().db, batchCompany, id, [...people(a, T), ...people(b, T)]);
    expect(await unitA()).toMatchObject({ participants: T });
    // The next batch brings one more person to A and four to B: A's figure would move by one
    // person. The batch is a cell of its own, so A is no longer a union of whole cells.
    await insertResponses(ctx().db, batchCompany, id, [...people(a, 1), ...people(b, T - 1)]);
    expect(await unitA()).toMatchObject({ suppressed: true, reason: 'differencing' });
  });
});
