// Comment moderation through the gateway, against the real apps/api with its demo data.
import { setupApiAndGateway } from '../../test/signedIn.js';

const HK24 = 'de300000-0000-4000-8000-000000000301';
const THK = 'de300000-0000-4000-8000-000000000304';

const COMMENTS = `query($id: ID!) { survey(id: $id) {
  comments { id surveyId criterionId type text languageCode hidden created }
} }`;
const TOGGLE = `mutation($s: ID!, $c: ID!) {
  toggleCommentVisibility(surveyId: $s, commentId: $c) { id hidden }
}`;

const stack = setupApiAndGateway();
const { as } = stack;

interface Comment {
  id: string;
  criterionId: number;
  type: string;
  languageCode: string;
  hidden: boolean;
}

describe('comment moderation through the gateway', () => {
  it("lists a demo survey's comments with enum types and toggles one hidden and back", async () => {
    const body = await as('admin@demo.test', COMMENTS, { id: HK24 });
    expect(body.errors).toBeUndefined();
    const comments = body.data.survey.comments as Comment[];
    expect(comments.length).toBeGreaterThan(50);
    expect(new Set(comments.map((c) => c.type))).toEqual(
      new Set(['POSITIVE', 'NEGATIVE', 'NEUTRAL']),
    );
    const visible = comments.find((c) => !c.hidden);
    if (!visible) throw new Error('the demo survey has no visible comment');

    const hidden = await as('partner@demo.test', TOGGLE, { s: HK24, c: visible.id });
    expect(hidden.errors).toBeUndefined();
    expect(hidden.data.toggleCommentVisibility).toEqual({ id: visible.id, hidden: true });
    const after = await as('admin@demo.test', COMMENTS, { id: HK24 });
    const again = (after.data.survey.comments as Comment[]).find((c) => c.id === visible.id);
    expect(again?.hidden).toBe(true);

    const back = await as('admin@demo.test', TOGGLE, { s: HK24, c: visible.id });
    expect(back.data.toggleCommentVisibility.hidden).toBe(false);
  });

  it('answers FORBIDDEN to a SuperUser and outside a PartnerAdmin’s companies, NOT_FOUND for a stranger comment', async () => {
    const superUser = await as('super@demo.test', COMMENTS, { id: HK24 });
    expect(superUser.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const outside = await as('partner@demo.test', COMMENTS, { id: THK });
    expect(outside.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const missing = await as('admin@demo.test', TOGGLE, {
      s: HK24,
      c: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
