// The auditor's questions put to the REST API as an analyst would: one report read per request,
// the set through /report/lindexcompare and a breakdown through /report/lindexgrouped. Groups come
// back by name; the names are mapped back to unit ids and answers with the report texts. Further
// reads answer the requests they can: the open comments a page at a time (a set's counts and its
// comments listed), the Supervisors rows (the whole survey by units of a level).
import type supertest from 'supertest';
import { translator } from '../../../lib/i18n.js';
import { BACKGROUND, type BackgroundKey } from '../../../lib/questionnaire.js';
import type { Filters, GroupKey } from '../schemas.js';
import type { Answered, Ask, Shown } from './auditor.js';
import type { CommentKind } from './synthetic.js';

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

interface Group {
  name: string;
  suppressed?: boolean;
  participants?: number;
}

const verdict = (group: Group | undefined) => ({
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
    const set = verdict((whole.data as Group[])[0]);
    if (!groupBy) return { set, groups: null };
    const grouped = await get('/report/lindexgrouped', { sets, groupBy });
    const groups = new Map(
      (grouped.data as Group[]).map((group) => [valueOfName(groupBy, group.name), verdict(group)]),
    );
    return { set, groups };
  };
}

/** Several reads' answers to each request, in one Ask. */
export const allOf =
  (...asks: readonly Ask[]): Ask =>
  async (filters, groupBy) => {
    const answers: Shown[] = [];
    for (const ask of asks) answers.push(...[await ask(filters, groupBy)].flat());
    return answers;
  };

interface CommentCountsData {
  suppressed?: boolean;
  counts?: { type: string; id: number; count: number }[];
}

interface CommentPageData {
  suppressed?: boolean;
  comments?: { commentId: string; lIndex?: string | null }[];
  next?: string | null;
}

/**
 * The L-index ranges of the comment reads (`indexRange`), with the bounds the REST contract gives
 * them, written here again as the auditor writes its filters: a writer's index belongs to a range
 * from its `from` up to the next range's `from`, the last up to 100 included.
 */
export const INDEX_RANGES: readonly { name: string; bounds: readonly [number, number] }[] = [
  { name: '0-69', bounds: [0, 70] },
  { name: '70-84', bounds: [70, 85] },
  { name: '85-100', bounds: [85, 101] },
];

/** A 400 `indexWithheld`: the set's comments are listed without the index (small-group comments). */
const indexWithheld = (error: unknown) =>
  error instanceof Error && /: 400 .*reports\.query\.indexWithheld/.test(error.message);

/**
 * A set's comment counts and every page of each kind, as the comment reads answer them (one
 * L-index range of them with `indexRange`): the comments counted, those listed, and whether each
 * read showed the set. A range the set withholds the index of (400 `indexWithheld`) shows nothing.
 */
async function commentReads(
  get: Get,
  sets: readonly unknown[],
  kinds: readonly CommentKind[],
  limit: number,
  indexRange?: string,
) {
  const range = indexRange ? { indexRange } : {};
  let counts: CommentCountsData;
  try {
    counts = (await get('/report/opencommentcounts', { sets, ...range })).data as CommentCountsData;
  } catch (error) {
    if (!indexRange || !indexWithheld(error)) throw error;
    return { counted: { shown: false }, listed: { shown: false } };
  }
  const counted: Answered = counts.suppressed
    ? { shown: false, n: 0 }
    : { shown: true, n: (counts.counts ?? []).reduce((sum, c) => sum + c.count, 0) };
  const listed = new Set<string>();
  let pageShown = true;
  for (const { type, criterion } of kinds) {
    let after: string | null | undefined;
    do {
      const query = { sets, type, criterion, limit, ...range, ...(after ? { after } : {}) };
      const page = (await get('/report/opencommentpage', query)).data as CommentPageData;
      if (page.suppressed) pageShown = false;
      for (const comment of page.comments ?? []) listed.add(comment.commentId);
      after = page.next;
    } while (after);
  }
  return { counted, listed: { shown: pageShown, n: listed.size } };
}

/**
 * The open comments a page at a time, for a request without a breakdown (the comments read the
 * first set only): /report/opencommentcounts, counted as the comments it says the set has, and
 * every page of each kind the survey's comments have, counted as the comments listed (a record
 * read: each comment is one person's). `limit` is small, so the cursor is followed as well. The
 * same again for each L-index range (`indexRange`, INDEX_RANGES), counted against the set's
 * writers in that range. `rangeSets` names the set a range read is asked of (the negative control
 * asks it of another; default the request's own).
 */
export function restCommentAsk(
  get: Get,
  surveyId: string,
  kinds: readonly CommentKind[],
  limit = 10,
  rangeSets: (filters: Filters) => Filters = (filters) => filters,
): Ask {
  return async (filters, groupBy) => {
    if (groupBy) return [];
    const { counted, listed } = await commentReads(get, [{ surveyId, filters }], kinds, limit);
    const answers: Shown[] = [
      { set: counted, groups: null, counts: 'comments', read: 'opencommentcounts' },
      { set: listed, groups: null, counts: 'comments', records: true, read: 'opencommentpage' },
    ];
    const asked = [{ surveyId, filters: rangeSets(filters) }];
    for (const { name, bounds } of INDEX_RANGES) {
      const range = await commentReads(get, asked, kinds, limit, name);
      const read = `${name} `;
      answers.push(
        {
          set: range.counted,
          groups: null,
          counts: 'comments',
          lIndexRange: bounds,
          read: `${read}counts`,
        },
        {
          set: range.listed,
          groups: null,
          counts: 'comments',
          lIndexRange: bounds,
          records: true,
          read: `${read}page`,
        },
      );
    }
    return answers;
  };
}

interface SupervisorRow {
  unitId: string;
  finished: number;
  lIndex: number | null;
  suppressedBecause: string | null;
}

/** The Supervisors rows of a level: each unit shown when it has an L-index, with its finished. */
export async function supervisorRows(
  get: (path: string, query: Record<string, unknown>) => Promise<unknown>,
  surveyId: string,
  level: number,
): Promise<{
  company: Answered;
  rows: Map<string | null, Answered & { suppressedBecause: string | null }>;
}> {
  const body = (await get(`/supervisors/survey/${surveyId}`, { level: String(level) })) as {
    companyIndex: { lIndex: number | null };
    units: SupervisorRow[];
  };
  const company = { shown: body.companyIndex.lIndex !== null };
  const rows = new Map(
    body.units.map((row) => [
      row.unitId,
      {
        shown: row.lIndex !== null && row.suppressedBecause === null,
        n: row.finished,
        suppressedBecause: row.suppressedBecause,
      },
    ]),
  );
  return { company, rows };
}

/**
 * The Supervisors rows (/supervisors/survey/{id}), for the requests they answer: the whole
 * survey broken down by the units of a level. The company row has no count: its set only.
 * `rule`: how a row's verdict is read (the negative control weakens it).
 */
export function restSupervisorsAsk(
  get: (path: string, query: Record<string, unknown>) => Promise<unknown>,
  surveyId: string,
  rule: (row: Answered & { suppressedBecause: string | null }) => Answered = (row) => row,
): Ask {
  return async (filters, groupBy) => {
    if (Object.keys(filters).length > 0 || !groupBy?.startsWith('unit')) return [];
    const { company, rows } = await supervisorRows(get, surveyId, Number(groupBy.slice(4)));
    const groups = new Map([...rows].map(([unit, row]) => [unit, rule(row)]));
    return { set: company, groups, read: 'supervisors' };
  };
}
