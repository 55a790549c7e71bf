// The auditor's questions put to the REST API as an analyst would: one report read per request,
// the set through /report/lindexcompare and a breakdown through /report/lindexgrouped. Groups come
// back by name; the names are mapped back to unit ids and answers with the report texts.
import type supertest from 'supertest';
import { translator } from '../../../lib/i18n.js';
import { BACKGROUND, type BackgroundKey } from '../../../lib/questionnaire.js';
import type { GroupKey } from '../schemas.js';
import type { Ask } from './auditor.js';

type Get = (path: string, query: Record<string, unknown>) => Promise<{ data: unknown }>;

/** Tests: a report read as an Admin of a test app (query values JSON-encoded, English texts). */
export function adminReportReader(http: () => supertest.Agent | ReturnType<typeof supertest>) {
  let token = '';
  return {
    async signIn(createAdmin: () => Promise<object>) {
      token = (
        await http()
          .post('/account/login')
          .send(await createAdmin())
      ).body.token as string;
      return token;
    },
    async get<B = { data: unknown }>(path: string, query: Record<string, unknown>): Promise<B> {
      const params = Object.fromEntries(
        Object.entries({ reportLanguage: 'en-US', ...query }).map(([k, v]) => [
          k,
          typeof v === 'string' ? v : JSON.stringify(v),
        ]),
      );
      const res = await http().get(path).query(params).set('authorization', `Bearer ${token}`);
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as B;
    },
  };
}

interface Answered {
  name: string;
  suppressed?: boolean;
  participants?: number;
}

const verdict = (group: Answered | undefined) => ({
  shown: group !== undefined && !group.suppressed,
  n: group?.participants ?? 0,
});

/** An Ask over HTTP for one survey; `unitNames` maps unit id to name (names are unique here). */
export function restAsk(get: Get, surveyId: string, unitNames: ReadonlyMap<string, string>): Ask {
  const t = translator('en-US', 'report');
  const valueOfName = (key: GroupKey, name: string): string | null => {
    if (key.startsWith('unit')) {
      for (const [id, unitName] of unitNames) if (unitName === name) return id;
      return null; // "No unit on this level"
    }
    const values = BACKGROUND[key as BackgroundKey].values as readonly string[];
    return values.find((value) => t(`background.${key}.${value}`) === name) ?? null;
  };
  return async (filters, groupBy) => {
    const sets = [{ surveyId, filters }];
    const whole = await get('/report/lindexcompare', { sets });
    const set = verdict((whole.data as Answered[])[0]);
    if (!groupBy) return { set, groups: null };
    const grouped = await get('/report/lindexgrouped', { sets, groupBy });
    const groups = new Map(
      (grouped.data as Answered[]).map((group) => [
        valueOfName(groupBy, group.name),
        verdict(group),
      ]),
    );
    return { set, groups };
  };
}
