import type { MockedResponse } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  AddParticipantRoute_AddDocument,
  AddParticipantRoute_EmailInUseDocument,
  AddParticipantRoute_OptionsDocument,
  EditParticipantRoute_ParticipantDocument,
  InvitationDialog_RunDocument,
  MailRunStatusDocument,
  ParticipantsSection_InviteDocument,
  ParticipantsSection_ParticipantsDocument,
  ParticipationDetail_InviteDocument,
  ParticipationDetail_ReopenDocument,
  type Role,
} from '../../__generated__/graphql';
import { PHONE_QUERY } from '../../components/DataTable';
import { renderRoutes, testAccount, testSession } from '../../test/render';
import { ParticipantsSection } from './components/ParticipantsSection';
import { EMPTY_PARTICIPANT_FORM, formatDay, validateParticipantForm } from './participantForm';
import { AddParticipantRoute } from './routes/AddParticipantRoute';
import { EditParticipantRoute } from './routes/EditParticipantRoute';

/** What `window.matchMedia` answers besides `matches` (the test setup's stub has the same). */
const phoneMedia = {
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
};

const as = (role: Role) => testSession({ account: testAccount({ role }) });
const any = () => true;

const LEVELS = [
  {
    __typename: 'UnitLevel',
    index: 1,
    units: [{ __typename: 'Unit', id: 'u1', name: 'Sales' }],
  },
];

const row = (id: string, overrides: Record<string, unknown> = {}) => ({
  __typename: 'Participant',
  id,
  responderId: 7,
  name: 'Anna Virtanen',
  email: `${id}@example.test`,
  languageCode: 'fi-FI',
  inviteSent: false,
  invited: null,
  pinBlocked: false,
  finished: null,
  ...overrides,
});

const participantsMock = (records = [row('p1')]): MockedResponse => ({
  request: { query: ParticipantsSection_ParticipantsDocument, variables: any },
  result: {
    data: {
      survey: {
        __typename: 'Survey',
        id: 's1',
        participants: { __typename: 'ParticipantPage', totalRecords: records.length, records },
      },
    },
  },
  maxUsageCount: 10,
});

const run = (overrides: Record<string, unknown> = {}) => ({
  __typename: 'MailRun',
  id: 'r1',
  kind: 'INVITATION',
  total: 3,
  sent: 0,
  failed: 0,
  pending: 3,
  finished: false,
  failures: [],
  ...overrides,
});

/** The survey's newest run, under the participants' heading. */
const latestRunMock = (latest: ReturnType<typeof run> | null): MockedResponse => ({
  request: { query: MailRunStatusDocument, variables: { surveyId: 's1' } },
  result: { data: { survey: { __typename: 'Survey', id: 's1', latestMailRun: latest } } },
  maxUsageCount: 10,
});

describe('participant form rules', () => {
  it("requires email, names and language ('Required') and checks the email's shape", () => {
    expect(validateParticipantForm(EMPTY_PARTICIPANT_FORM, 'add')).toEqual({
      email: 'validation.required',
      firstName: 'validation.required',
      lastName: 'validation.required',
      languageCode: 'validation.required',
    });
    const filled = {
      ...EMPTY_PARTICIPANT_FORM,
      email: 'anna@example',
      firstName: 'Anna',
      lastName: 'V',
      languageCode: 'sv',
    };
    expect(validateParticipantForm(filled, 'add')).toEqual({
      email: 'participants.form.emailFormat',
    });
    expect(validateParticipantForm({ ...filled, email: 'anna@example.test' }, 'add')).toEqual({});
  });

  it('takes an empty PIN or exactly five digits on edit', () => {
    const base = {
      ...EMPTY_PARTICIPANT_FORM,
      email: 'anna@example.test',
      firstName: 'Anna',
      lastName: 'V',
      languageCode: 'sv',
    };
    for (const pinCode of ['1234', '123456', '12a45']) {
      expect(validateParticipantForm({ ...base, pinCode }, 'edit')).toEqual({
        pinCode: 'participants.pinFormat',
      });
    }
    expect(validateParticipantForm({ ...base, pinCode: '01234' }, 'edit')).toEqual({});
    expect(validateParticipantForm({ ...base, pinCode: '' }, 'edit')).toEqual({});
  });
});

describe('the participants section', () => {
  /** The section on survey s1's details page; `mocks` replace the default list and run. */
  const renderSection = ({
    role = 'ADMIN',
    baseSurveyId = null,
    search = '',
    mocks = [participantsMock(), latestRunMock(null)],
  }: {
    role?: Role;
    baseSurveyId?: string | null;
    search?: string;
    mocks?: MockedResponse[];
  } = {}) =>
    renderRoutes({
      routes: [
        {
          path: '/surveys/details/:id',
          element: <ParticipantsSection survey={{ id: 's1', companyId: 'c1', baseSurveyId }} />,
        },
      ],
      initialEntries: [`/surveys/details/s1${search}`],
      session: as(role),
      mocks,
    });
  const render = (role: Role, baseSurveyId: string | null = null, mocks: MockedResponse[] = []) =>
    renderSection({
      role,
      baseSurveyId,
      mocks: [participantsMock(), ...mocks, latestRunMock(null)],
    });

  it('shows the edit column to Admin and PartnerAdmin, linking to the participant page', async () => {
    for (const role of ['ADMIN', 'PARTNER_ADMIN'] as const) {
      const { unmount } = render(role);
      const edit = await screen.findByRole('link', { name: 'Edit Anna Virtanen' });
      expect(edit).toHaveAttribute('href', '/responder/7/s1/p1/c1');
      expect(screen.getByRole('columnheader', { name: 'Edit' })).toBeInTheDocument();
      unmount();
    }
  });

  it('keeps the search in the address and in the links to a participant (the name opens it too)', async () => {
    const { router } = renderSection({ search: '?participants=anna' });
    expect(await screen.findByRole('searchbox')).toHaveValue('anna');
    const edit = await screen.findByRole('link', { name: 'Edit Anna Virtanen' });
    expect(edit).toHaveAttribute('href', '/responder/7/s1/p1/c1?participants=anna');
    expect(screen.getByRole('link', { name: 'Anna Virtanen' })).toHaveAttribute(
      'href',
      '/responder/7/s1/p1/c1?participants=anna',
    );
    expect(router.state.location.search).toBe('?participants=anna');
  });

  it('marks a participant whose PIN wrong tries blocked, and no other', async () => {
    renderSection({ mocks: [participantsMock([row('p1', { pinBlocked: true }), row('p2')])] });
    const blocked = await screen.findByText(
      'PIN blocked after wrong tries: send an invitation for a new PIN',
    );
    expect(blocked.closest('tr')).toHaveTextContent('p1@example.test');
    expect(screen.getAllByText(/PIN blocked/)).toHaveLength(1);
  });

  it('hides the edit column from a SuperUser', async () => {
    render('SUPER_USER');
    expect(await screen.findByText('p1@example.test')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Anna Virtanen' })).not.toBeInTheDocument();
  });

  it('shows one card per participant on a phone, with its dates and edit link, and no table', async () => {
    // A 390 px phone: the console's phone query matches (jsdom has no layout to measure).
    const media = vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      ...phoneMedia,
      matches: query === PHONE_QUERY,
      media: query,
    }));
    onTestFinished(() => media.mockRestore());
    renderSection({
      mocks: [
        participantsMock([
          row('p1', { inviteSent: true, invited: '2026-11-20T10:00:00.000Z' }),
          row('p2', { name: 'Bo Berg', finished: '2026-11-21T10:00:00.000Z' }),
        ]),
        latestRunMock(null),
      ],
    });
    const list = await screen.findByRole('list', { name: 'Participants of the survey' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const [anna, bo] = cards as [HTMLElement, HTMLElement];
    expect(within(anna).getByRole('link', { name: 'Anna Virtanen' })).toHaveAttribute(
      'href',
      '/responder/7/s1/p1/c1',
    );
    const field = (card: HTMLElement, label: string) =>
      within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(field(anna, 'Email')).toBe('p1@example.test');
    expect(field(anna, 'Invited')).toBe(formatDay('2026-11-20T10:00:00.000Z'));
    expect(field(bo, 'Invited')).toBe('Not invited');
    expect(field(bo, 'Finished')).toBe(formatDay('2026-11-21T10:00:00.000Z'));
    expect(within(bo).getByRole('link', { name: 'Edit Bo Berg' })).toHaveAttribute(
      'href',
      '/responder/7/s1/p2/c1',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText(/scrolls sideways/)).not.toBeInTheDocument();
  });

  it('offers "Add participant" only for a survey without a base survey', async () => {
    const { unmount } = render('ADMIN');
    expect(await screen.findByRole('link', { name: 'Add participant' })).toHaveAttribute(
      'href',
      '/responder/add/c1/s1',
    );
    unmount();
    render('ADMIN', 'base');
    expect(await screen.findByText('p1@example.test')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add participant' })).not.toBeInTheDocument();
  });

  it("shows the newest run's progress under the heading", async () => {
    renderSection({
      mocks: [
        participantsMock(),
        latestRunMock(run({ sent: 2, failed: 1, pending: 0, finished: true })),
      ],
    });
    expect(await screen.findByTestId('mail-run-status')).toHaveTextContent(
      'Last invitations: 2 of 3 sent, 1 failed, 0 waiting',
    );
  });

  it('confirms invitations, then follows the run to its end with the failed recipients and only a close button; closing clears it', async () => {
    const invite = vi.fn(() => ({ data: { inviteParticipants: run() } }));
    const done = run({
      sent: 2,
      failed: 1,
      pending: 0,
      finished: true,
      failures: [
        { __typename: 'FailedRecipient', email: 'c@example.test', reason: 'mailbox full' },
      ],
    });
    render('ADMIN', null, [
      {
        request: { query: ParticipantsSection_InviteDocument, variables: { surveyId: 's1' } },
        result: invite,
        maxUsageCount: 2,
      },
      {
        request: { query: InvitationDialog_RunDocument, variables: { id: 'r1' } },
        result: { data: { mailRun: done } },
        maxUsageCount: 10,
      },
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send invitations' }));
    const confirm = await screen.findByRole('dialog', { name: 'Send invitations' });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(invite).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Send invitations' }));
    const summary = await screen.findByTestId('invitation-summary');
    expect(summary).toHaveTextContent('Total: 3');
    await waitFor(() => expect(summary).toHaveTextContent('Sent: 2 of 3'));
    expect(summary).toHaveTextContent('Failed: 1');
    expect(summary).not.toHaveTextContent('Waiting to be sent');
    expect(within(summary).getByRole('list', { name: 'Recipients that failed' })).toHaveTextContent(
      'c@example.test: mailbox full',
    );
    const dialog = screen.getByRole('dialog', { name: 'Send invitations' });
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(buttons.filter((text) => text === 'Close')).toHaveLength(1);
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByText('Close', { selector: 'button *' }));
    await waitFor(() => expect(screen.queryByTestId('invitation-summary')).not.toBeInTheDocument());
    // Opened again, it asks first: the last result is gone.
    await user.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.queryByTestId('invitation-summary')).not.toBeInTheDocument();
  });
});

describe('the add participant page', () => {
  const options: MockedResponse = {
    request: {
      query: AddParticipantRoute_OptionsDocument,
      variables: { companyId: 'c1', surveyId: 's1' },
    },
    result: {
      data: {
        company: { __typename: 'Company', id: 'c1', name: 'Demo Oy', unitLevels: LEVELS },
        survey: { __typename: 'Survey', id: 's1', name: 'Pulse', baseSurveyId: null },
      },
    },
  };
  const inUse = (email: string, answer: boolean): MockedResponse => ({
    request: {
      query: AddParticipantRoute_EmailInUseDocument,
      variables: { surveyId: 's1', email },
    },
    result: { data: { participantEmailInUse: answer } },
  });
  const routes = [
    { path: '/responder/add/:companyId/:surveyId', element: <AddParticipantRoute /> },
    { path: '/surveys/details/:id', element: <p>survey details</p> },
  ];

  it("validates on blur: 'Required', the email format and 'Email already added to the survey'; Save waits for a valid form", async () => {
    renderRoutes({
      routes,
      initialEntries: ['/responder/add/c1/s1'],
      session: as('SUPER_USER'),
      mocks: [options, inUse('taken@example.test', true)],
    });
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const email = screen.getByRole('textbox', { name: /^Email/ });
    await user.click(email);
    await user.click(screen.getByRole('textbox', { name: /^First name/ }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await user.type(email, 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'taken@example.test');
    await user.tab();
    expect(await screen.findByText('Email already added to the survey')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^First name/ }), 'Anna');
    await user.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Virtanen');
    await user.click(screen.getByLabelText(/^Language/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Svenska' }));
    expect(save).toBeDisabled();
  });

  it('saves a valid participant with the chosen unit and goes back to the survey details', async () => {
    const add = vi.fn(() => ({
      data: {
        addParticipant: {
          __typename: 'ParticipantResult',
          ok: true,
          fieldErrors: [],
          participant: { __typename: 'Participant', id: 'p9' },
        },
      },
    }));
    const { router } = renderRoutes({
      routes,
      initialEntries: ['/responder/add/c1/s1'],
      session: as('PARTNER_ADMIN'),
      mocks: [
        options,
        inUse('anna@example.test', false),
        {
          request: {
            query: AddParticipantRoute_AddDocument,
            variables: {
              input: {
                surveyId: 's1',
                companyId: 'c1',
                email: 'anna@example.test',
                firstName: 'Anna',
                lastName: 'Virtanen',
                languageCode: 'sv',
                unitIds: ['u1'],
                companyDisplayName: '',
                surveyContinueLink: '',
              },
            },
          },
          result: add,
        },
      ],
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Email/ }), 'anna@example.test');
    await user.type(screen.getByRole('textbox', { name: /^First name/ }), 'Anna');
    await user.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Virtanen');
    await user.click(screen.getByLabelText(/^Language/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Svenska' }));
    await user.click(screen.getByLabelText(/^Unit \(level 1\)/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Sales' }));
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await screen.findByText('survey details');
    expect(add).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/surveys/details/s1');
  });
});

describe('the edit participant page', () => {
  const participant = (finished: string | null) => ({
    __typename: 'Participant',
    id: 'p1',
    responderId: 7,
    surveyId: 's1',
    name: 'Anna Virtanen',
    firstName: 'Anna',
    lastName: 'Virtanen',
    email: 'anna@example.test',
    pinCode: '12345',
    languageCode: 'fi-FI',
    companyDisplayName: '',
    surveyContinueLink: '',
    unitIds: ['u1'],
    inviteSent: true,
    invited: '2026-03-01T10:00:00.000Z',
    reminded: null,
    finished,
    created: '2026-02-01T10:00:00.000Z',
  });
  const load = (finished: string | null, hasEnded = false): MockedResponse => ({
    request: {
      query: EditParticipantRoute_ParticipantDocument,
      variables: { pid: 'p1', companyId: 'c1', surveyId: 's1' },
    },
    result: {
      data: {
        participant: participant(finished),
        survey: { __typename: 'Survey', id: 's1', hasEnded },
        company: { __typename: 'Company', id: 'c1', unitLevels: LEVELS },
      },
    },
    maxUsageCount: 3,
  });
  const routes = [
    { path: '/responder/:id/:surveyId/:pid/:companyId', element: <EditParticipantRoute /> },
    { path: '/surveys/details/:id', element: <p>survey details</p> },
  ];
  const open = (mocks: MockedResponse[]) =>
    renderRoutes({
      routes,
      initialEntries: ['/responder/7/s1/p1/c1'],
      session: as('ADMIN'),
      mocks,
    });

  it("says 'Pin format is 5 integers' on blur and keeps Save disabled", async () => {
    open([load(null)]);
    const user = userEvent.setup();
    const pin = await screen.findByRole('textbox', { name: /^PIN code/ });
    expect(pin).toHaveValue('12345');
    expect(screen.getByLabelText(/^Unit \(level 1\)/, { selector: 'input' })).toHaveValue('Sales');
    await user.clear(pin);
    await user.type(pin, '12a4');
    await user.tab();
    expect(await screen.findByText('Pin format is 5 integers')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(pin);
    await user.type(pin, '54321');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
  });

  it('enables report and reopen only for a finished participation', async () => {
    const { unmount } = open([load(null)]);
    expect(await screen.findByRole('button', { name: 'Send participation report' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reopen' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send invitation' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete participant' })).toBeEnabled();
    unmount();
    open([load('2026-03-02T10:00:00.000Z')]);
    expect(await screen.findByRole('button', { name: 'Send participation report' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Reopen' })).toBeEnabled();
  });

  it('offers no invitation on an ended survey and says why; the other actions stay', async () => {
    open([load('2026-03-02T10:00:00.000Z', true)]);
    const invite = await screen.findByRole('button', { name: 'Send invitation' });
    expect(invite).toBeDisabled();
    expect(invite).toHaveAccessibleDescription(
      'The survey has ended: invitations and reminders can no longer be sent.',
    );
    expect(
      screen.getByText('The survey has ended: invitations and reminders can no longer be sent.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send participation report' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Reopen' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete participant' })).toBeEnabled();
  });

  it('goes back to the survey details with the search the Admin came with', async () => {
    const invite = vi.fn(() => ({
      data: { inviteParticipant: run({ total: 1 }) },
    }));
    const { router } = renderRoutes({
      routes,
      initialEntries: ['/responder/7/s1/p1/c1?participants=anna'],
      session: as('ADMIN'),
      mocks: [
        load(null),
        {
          request: { query: ParticipationDetail_InviteDocument, variables: { id: 'p1' } },
          result: invite,
        },
      ],
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send invitation' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await screen.findByText('survey details');
    expect(invite).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/surveys/details/s1');
    expect(router.state.location.search).toBe('?participants=anna');
  });

  it('reopens after confirmation and goes back to the survey details', async () => {
    const reopen = vi.fn(() => ({
      data: {
        reopenParticipation: {
          __typename: 'ParticipantResult',
          ok: true,
          fieldErrors: [],
          participant: participant(null),
        },
      },
    }));
    const { router } = open([
      load('2026-03-02T10:00:00.000Z'),
      {
        request: { query: ParticipationDetail_ReopenDocument, variables: { id: 'p1' } },
        result: reopen,
      },
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reopen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen participation' });
    expect(reopen).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    await screen.findByText('survey details');
    expect(reopen).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/surveys/details/s1');
  });
});
