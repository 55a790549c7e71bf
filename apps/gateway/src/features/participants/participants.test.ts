// Participants and invitations through the gateway, against the real apps/api with its demo data.
import { fromMail } from '../../test/api.js';
import { gql, startTestGateway, type GraphQLBody } from '../../test/gateway.js';
import { setupApiAndGateway } from '../../test/signedIn.js';
import { startRecordingProxy } from '../../test/upstream.js';

const DEMO_OY = 'de300000-0000-4000-8000-000000000001';
const HK24 = 'de300000-0000-4000-8000-000000000301';
const HK25 = 'de300000-0000-4000-8000-000000000302';
const PULSE = 'de300000-0000-4000-8000-000000000303';
const DEVELOPMENT = 'de300000-0000-4000-8000-000000000201';
const PLATFORM = 'de300000-0000-4000-8000-000000000203';

const FIELDS = `id responderId surveyId companyId companyName name email pinCode languageCode
  unitIds units { id name index } invited inviteSent finished`;
const RESULT = `ok fieldErrors { field message } participant { ${FIELDS} }`;
const INVITATION = 'successfulRecipients failedRecipients { email reason }';
const RUN = 'id kind total sent failed pending finished failures { email reason }';

const stack = setupApiAndGateway();
const { as } = stack;
const admin = (query: string, variables?: Record<string, unknown>) =>
  as('admin@demo.test', query, variables);

const ADD = `mutation($input: AddParticipantInput!) { addParticipant(input: $input) { ${RESULT} } }`;
const newParticipant = (email: string, extra: Record<string, unknown> = {}) => ({
  surveyId: PULSE,
  companyId: DEMO_OY,
  firstName: 'Elsa',
  lastName: 'Ek',
  languageCode: 'sv',
  email,
  ...extra,
});

describe('participants through the gateway', () => {
  it("pages and searches a survey's participants", async () => {
    const body = await admin(
      `query($id: ID!) { survey(id: $id) {
        all: participants(skip: 0, take: 2) { totalRecords records { name } }
        found: participants(search: "korhonen") { totalRecords records { email inviteSent } }
      } }`,
      { id: PULSE },
    );
    expect(body.errors).toBeUndefined();
    // 5 named participants and 195 generated ones (apps/api/src/demo/surveys.ts).
    expect(body.data.survey.all.totalRecords).toBe(200);
    expect(body.data.survey.all.records).toHaveLength(2);
    expect(body.data.survey.found).toEqual({
      totalRecords: 1,
      records: [{ email: 'helmi.korhonen@demo.test', inviteSent: true }],
    });
  });

  it('adds a participant with units, answers field errors as data, and updates it', async () => {
    const added = await admin(ADD, {
      input: newParticipant('elsa.ek@demo.test', { unitIds: [DEVELOPMENT, PLATFORM] }),
    });
    expect(added.errors).toBeUndefined();
    expect(added.data.addParticipant).toMatchObject({
      ok: true,
      fieldErrors: [],
      participant: {
        name: 'Elsa Ek',
        companyName: 'Demo Oy',
        inviteSent: false,
        units: [
          { id: DEVELOPMENT, name: 'Development', index: 1 },
          { id: PLATFORM, name: 'Platform', index: 2 },
        ],
      },
    });
    expect(added.data.addParticipant.participant.pinCode).toMatch(/^\d{5}$/);

    const again = await admin(ADD, { input: newParticipant('ELSA.EK@demo.test') });
    expect(again.data.addParticipant).toEqual({
      ok: false,
      fieldErrors: [{ field: 'email', message: 'participants.emailInSurvey' }],
      participant: null,
    });
    const inUse = `query($s: ID!, $e: String!) { participantEmailInUse(surveyId: $s, email: $e) }`;
    const taken = await admin(inUse, { s: PULSE, e: 'Elsa.Ek@demo.test' });
    expect(taken.data.participantEmailInUse).toBe(true);
    const free = await admin(inUse, { s: PULSE, e: 'nobody@demo.test' });
    expect(free.data.participantEmailInUse).toBe(false);
    const tracking = await admin(ADD, {
      input: newParticipant('x@demo.test', { surveyId: HK25 }),
    });
    expect(tracking.data.addParticipant.fieldErrors).toEqual([
      { field: 'surveyId', message: 'participants.trackingSurvey' },
    ]);

    const id = added.data.addParticipant.participant.id as string;
    const update = `mutation($id: ID!, $input: UpdateParticipantInput!) {
      updateParticipant(id: $id, input: $input) { ${RESULT} } }`;
    const badPin = await admin(update, {
      id,
      input: { firstName: 'Elsa', lastName: 'Ek', languageCode: 'sv', pinCode: '1234' },
    });
    expect(badPin.data.updateParticipant.fieldErrors).toEqual([
      { field: 'pinCode', message: 'participants.pinFormat' },
    ]);
    const ok = await admin(update, {
      id,
      input: { firstName: 'Elsa', lastName: 'Eklund', languageCode: 'sv', pinCode: '24680' },
    });
    expect(ok.data.updateParticipant.participant).toMatchObject({
      name: 'Elsa Eklund',
      pinCode: '24680',
    });
    const read = await admin(`query($id: ID!) { participant(id: $id) { name } }`, { id });
    expect(read.data.participant).toEqual({ name: 'Elsa Eklund' });
  });

  it('invites once in the participant language, then reminds, and deletes', async () => {
    const added = await admin(ADD, { input: newParticipant('sven.ek@demo.test') });
    const id = added.data.addParticipant.participant.id as string;
    const invite = `mutation($id: ID!) { inviteParticipants(surveyId: $id) { ${RUN} } }`;
    const first = await admin(invite, { id: PULSE });
    expect(first.errors).toBeUndefined();
    // Answered at once with the run; the mail queue sends behind it.
    expect(first.data.inviteParticipants).toMatchObject({ kind: 'INVITATION', failures: [] });
    expect(first.data.inviteParticipants.total).toBeGreaterThanOrEqual(1);
    const pin = await fromMail(stack.api, 'sven.ek@demo.test', /Din PIN-kod: (\d{5})/);
    expect(pin).toBe(added.data.addParticipant.participant.pinCode);
    // The participants page's progress: polled until no mail is pending.
    const progress = `query($id: ID!) { mailRun(id: $id) { ${RUN} } survey(id: "${PULSE}") { latestMailRun { id } } }`;
    let read = await admin(progress, { id: first.data.inviteParticipants.id });
    for (let i = 0; i < 100 && !read.data.mailRun.finished; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      read = await admin(progress, { id: first.data.inviteParticipants.id });
    }
    expect(read.data.mailRun).toMatchObject({ finished: true, failed: 0, pending: 0 });
    expect(read.data.mailRun.sent).toBe(first.data.inviteParticipants.total);
    expect(read.data.survey.latestMailRun.id).toBe(first.data.inviteParticipants.id);
    const second = await admin(invite, { id: PULSE });
    expect(second.data.inviteParticipants).toMatchObject({ total: 0, finished: true });

    const remind = await admin(
      `mutation($id: ID!) { remindParticipants(surveyId: $id) { ${RUN} } }`,
      { id: PULSE },
    );
    expect(remind.data.remindParticipants.kind).toBe('REMINDER');
    expect(remind.data.remindParticipants.total).toBeGreaterThanOrEqual(1);
    await fromMail(stack.api, 'sven.ek@demo.test', /(ännu inte slutfört)/);

    const single = await admin(`mutation($id: ID!) { inviteParticipant(id: $id) { ${RUN} } }`, {
      id,
    });
    // Invited a moment ago: a double click does not send again.
    expect(single.data.inviteParticipant.total).toBe(0);

    const reopen = await admin(
      `mutation($id: ID!) { reopenParticipation(id: $id) { ${RESULT} } }`,
      { id },
    );
    expect(reopen.data.reopenParticipation.ok).toBe(false);

    const deleted = await admin(`mutation($id: ID!) { deleteParticipant(id: $id) }`, { id });
    expect(deleted.data.deleteParticipant).toBe(true);
    const gone = await admin(`query($id: ID!) { participant(id: $id) { id } }`, { id });
    expect(gone.data.participant).toBeNull();
  });

  it('sends a participation report only for a finished participation', async () => {
    const added = await admin(ADD, { input: newParticipant('open.report@demo.test') });
    const id = added.data.addParticipant.participant.id as string;
    const report = `mutation($id: ID!) { sendParticipationReport(id: $id) { ${INVITATION} } }`;
    const open = await admin(report, { id });
    expect(open.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: [{ field: 'id', message: 'participants.reportNotFinished' }],
    });
    const user = await as('user@demo.test', report, { id });
    expect(user.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('refuses a User with FORBIDDEN', async () => {
    const body = await as(
      'user@demo.test',
      `mutation($id: ID!) { inviteParticipants(surveyId: $id) { total } }`,
      { id: PULSE },
    );
    expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('participants and their units', () => {
  it("resolves the units of a page of 20 participants with one call for the company's units", async () => {
    const proxy = await startRecordingProxy(stack.api.url);
    const recorded = await startTestGateway({ API_URL: proxy.url });
    try {
      const res = await gql(
        recorded.url,
        `query($id: ID!) { survey(id: $id) { company { name }
          participants(take: 20) { records { email units { index name } } } } }`,
        { id: HK24 },
        { authorization: `Bearer ${await stack.tokenOf('admin@demo.test')}` },
      );
      const body = res.body as GraphQLBody;
      expect(body.errors).toBeUndefined();
      const survey = body.data?.survey as {
        participants: { records: { units: { index: number; name: string }[] }[] };
      };
      const records = survey.participants.records;
      expect(records).toHaveLength(20);
      // Most demo participants sit in units (on up to three levels).
      expect(records.filter((record) => record.units.length > 0).length).toBeGreaterThan(10);
      const unitCalls = proxy.hits.filter((hit) => hit.url.startsWith('/companies/units/'));
      expect(unitCalls).toHaveLength(1);
      // The survey's company came once too, for the survey and every participant's units.
      expect(proxy.hits.filter((hit) => /^\/companies\/[^/]+$/.test(hit.url))).toHaveLength(1);
    } finally {
      await recorded.close();
      await proxy.close();
    }
  });

  it('reads the survey and its participant page at the same time, once each', async () => {
    const proxy = await startRecordingProxy(stack.api.url, { gather: 2, gatherTimeoutMs: 20_000 });
    const recorded = await startTestGateway({ API_URL: proxy.url });
    try {
      const res = await gql(
        recorded.url,
        `query($id: ID!, $search: String) { survey(id: $id) { name
          participants(take: 5, search: $search) { totalRecords records { email } } } }`,
        { id: HK24, search: 'aalto' },
        { authorization: `Bearer ${await stack.tokenOf('admin@demo.test')}` },
      );
      const body = res.body as GraphQLBody;
      expect(body.errors).toBeUndefined();
      const page = (body.data?.survey as { participants: { records: { email: string }[] } })
        .participants;
      expect(page.records.length).toBeGreaterThan(0);
      expect(page.records.every((record) => record.email.includes('aalto'))).toBe(true);
      expect(proxy.hits.map((hit) => hit.url).sort()).toEqual([
        `/surveys/${HK24}`,
        `/surveys/participants/${HK24}/0/5?query=aalto`,
      ]);
      // The proxy held both answers until both requests had arrived.
      expect(proxy.maxInFlight()).toBe(2);
    } finally {
      await recorded.close();
      await proxy.close();
    }
  });
});
