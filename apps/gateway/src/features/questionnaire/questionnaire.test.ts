// The participant's questionnaire through the gateway: public operations, against the real apps/api.
import { fromMail } from '../../test/api.js';
import { setupApiAndGateway } from '../../test/signedIn.js';

const DEMO_OY = 'de300000-0000-4000-8000-000000000001';
const PULSE = 'de300000-0000-4000-8000-000000000303';

const stack = setupApiAndGateway();
const { as } = stack;
const anonymous = (query: string, variables?: Record<string, unknown>) =>
  as(null, query, variables);

const OPEN = `query($t: String!) { questionnaire(token: $t) {
  status surveyId surveyName companyName languageCode endMessage savedAt
  questions { background { question options } criteria importantCount commentMaxLength trend { baseSurveyName } }
  answers { background { question value } important realizations { criterionId value }
    satisfaction enps changeJob comments { criterionId type text } trend { criterionId change } }
} }`;
const SAVE = `mutation($t: String!, $a: QuestionnaireAnswersInput!) {
  saveQuestionnaireDraft(token: $t, answers: $a, languageCode: "sv") {
    ok status savedAt fieldErrors { field message } } }`;
const FINISH = `mutation($t: String!, $a: QuestionnaireAnswersInput!) {
  finishQuestionnaire(token: $t, answers: $a) { ok status endMessage fieldErrors { field message } } }`;
const PIN = `mutation($s: ID!, $e: String!, $p: String!) {
  questionnaireToken(surveyId: $s, email: $e, pin: $p) { ok token fieldErrors { field message } } }`;

/** Adds a participant to the demo's open survey, invites them and reads token and PIN from the mail. */
async function invited(email: string): Promise<{ token: string; pin: string }> {
  const added = await as(
    'admin@demo.test',
    `mutation($input: AddParticipantInput!) { addParticipant(input: $input) { participant { id } } }`,
    {
      input: {
        surveyId: PULSE,
        companyId: DEMO_OY,
        firstName: 'Vilja',
        lastName: 'Vastaaja',
        languageCode: 'sv',
        email,
      },
    },
  );
  const id = added.data.addParticipant.participant.id as string;
  await as('admin@demo.test', `mutation($id: ID!) { inviteParticipant(id: $id) { total } }`, {
    id,
  });
  const token = await fromMail(stack.api, email, /token=([0-9a-f]{64})/);
  const pin = await fromMail(stack.api, email, /PIN-kod: (\d{5})/);
  return { token, pin };
}

const everything = (important: number[]) => ({
  background: [{ question: 'AGE', value: '25-34' }],
  important,
  realizations: Array.from({ length: 30 }, (_, i) => ({ criterionId: i + 2, value: 60 })),
  satisfaction: 70,
  enps: 8,
  changeJob: false,
  comments: [{ criterionId: 99, type: 'NEUTRAL', text: 'Bra kaffe.' }],
});

describe('questionnaire through the gateway, without signing in', () => {
  it('opens, saves drafts with field errors as data, finishes, and then refuses changes', async () => {
    const { token } = await invited('vilja.vastaaja@demo.test');
    const opened = await anonymous(OPEN, { t: token });
    expect(opened.errors).toBeUndefined();
    expect(opened.data.questionnaire).toMatchObject({
      status: 'OPEN',
      surveyId: PULSE,
      languageCode: 'sv',
      savedAt: null,
      answers: null,
      questions: { importantCount: 10, commentMaxLength: 2000, trend: null },
    });
    expect(opened.data.questionnaire.questions.criteria).toHaveLength(30);
    expect(opened.data.questionnaire.questions.background[0]).toEqual({
      question: 'AGE',
      options: ['<25', '25-34', '35-44', '45-54', '55+'],
    });

    const invalid = await anonymous(SAVE, { t: token, a: { important: [2, 2], enps: 12 } });
    expect(invalid.data.saveQuestionnaireDraft).toEqual({
      ok: false,
      status: 'OPEN',
      savedAt: null,
      fieldErrors: [
        { field: 'important', message: 'questionnaire.errors.duplicate' },
        { field: 'enps', message: 'questionnaire.errors.outOfRange' },
      ],
    });

    const saved = await anonymous(SAVE, {
      t: token,
      a: { background: [{ question: 'AGE', value: '25-34' }], important: [2, 3] },
    });
    expect(saved.data.saveQuestionnaireDraft).toMatchObject({ ok: true, status: 'OPEN' });
    const again = await anonymous(OPEN, { t: token });
    expect(again.data.questionnaire.answers).toMatchObject({
      background: [{ question: 'AGE', value: '25-34' }],
      important: [2, 3],
      enps: null,
    });

    const incomplete = await anonymous(FINISH, { t: token, a: everything([2, 3]) });
    expect(incomplete.data.finishQuestionnaire.ok).toBe(false);
    expect(incomplete.data.finishQuestionnaire.fieldErrors).toContainEqual({
      field: 'important',
      message: 'questionnaire.errors.importantCount',
    });

    const done = await anonymous(FINISH, {
      t: token,
      a: everything([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
    });
    expect(done.data.finishQuestionnaire).toMatchObject({
      ok: true,
      status: 'ANSWERED',
      fieldErrors: [],
    });
    const after = await anonymous(OPEN, { t: token });
    expect(after.data.questionnaire).toMatchObject({ status: 'ANSWERED', questions: null });
    const late = await anonymous(SAVE, { t: token, a: { enps: 1 } });
    expect(late.data.saveQuestionnaireDraft).toEqual({
      ok: false,
      status: 'ANSWERED',
      savedAt: null,
      fieldErrors: [],
    });
  });

  it('answers null for an unknown token and exchanges the email and PIN for the token', async () => {
    const unknown = await anonymous(OPEN, { t: 'f'.repeat(64) });
    expect(unknown.errors).toBeUndefined();
    expect(unknown.data.questionnaire).toBeNull();

    const { token, pin } = await invited('pin.person@demo.test');
    const right = await anonymous(PIN, { s: PULSE, e: 'pin.person@demo.test', p: pin });
    expect(right.data.questionnaireToken).toEqual({ ok: true, token, fieldErrors: [] });
    const wrongPin = pin === '00000' ? '00001' : '00000';
    const wrong = await anonymous(PIN, { s: PULSE, e: 'pin.person@demo.test', p: wrongPin });
    expect(wrong.data.questionnaireToken).toEqual({
      ok: false,
      token: null,
      fieldErrors: [{ field: 'pin', message: 'questionnaire.errors.pinMismatch' }],
    });
  });
});
