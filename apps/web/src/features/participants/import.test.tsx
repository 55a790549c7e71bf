import type { MockedResponse } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ParticipantsSection_ParticipantsDocument } from '../../__generated__/graphql';
import { renderRoutes, testAccount, testSession } from '../../test/render';
import { ParticipantsSection } from './components/ParticipantsSection';

const row = (id: string, name: string) => ({
  __typename: 'Participant',
  id,
  responderId: 7,
  name,
  email: `${id}@example.test`,
  languageCode: 'fi-FI',
  inviteSent: false,
  invited: null,
  pinBlocked: false,
  finished: null,
});

const participantsMock = (records: ReturnType<typeof row>[]): MockedResponse => ({
  request: { query: ParticipantsSection_ParticipantsDocument, variables: () => true },
  result: {
    data: {
      survey: {
        __typename: 'Survey',
        id: 's1',
        participants: { __typename: 'ParticipantPage', totalRecords: records.length, records },
      },
    },
  },
});

function render(baseSurveyId: string | null = null) {
  return renderRoutes({
    routes: [
      {
        path: '/surveys/details/:id',
        element: <ParticipantsSection survey={{ id: 's1', companyId: 'c1', baseSurveyId }} />,
      },
    ],
    initialEntries: ['/surveys/details/s1'],
    session: testSession({ account: testAccount({ role: 'ADMIN' }) }),
    mocks: [
      participantsMock([row('p1', 'Anna Virtanen')]),
      participantsMock([row('p1', 'Anna Virtanen'), row('p2', 'Bertil Berg')]),
    ],
  });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const xlsxFile = () =>
  new File(['PK fake'], 'participants.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

async function chooseFile(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const input = dialog.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await user.upload(input, xlsxFile());
}

afterEach(() => vi.unstubAllGlobals());

describe('import participants', () => {
  it('is offered only for surveys without a base survey', async () => {
    const { unmount } = render('base');
    expect(await screen.findByText('p1@example.test')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import participants' })).not.toBeInTheDocument();
    unmount();
    render();
    expect(await screen.findByRole('button', { name: 'Import participants' })).toBeInTheDocument();
  });

  it('posts the file with the survey and company, shows the result with translated reasons and reads the list again', async () => {
    const fetchMock = vi.fn(async (_path: string, _init: RequestInit) =>
      json(200, {
        successfulImportsCount: 1,
        failedImportsCount: 2,
        failedImports: [
          { row: 3, email: 'bad', reason: 'invalid_email' },
          { row: 4, email: 'p1@example.test', reason: 'already_in_survey' },
        ],
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Import participants' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import participants' });
    const ok = within(dialog).getByRole('button', { name: 'Import' });
    expect(ok).toBeDisabled();
    await chooseFile(user, dialog);
    expect(ok).toBeEnabled();
    await user.click(ok);

    const summary = await screen.findByTestId('import-summary');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/files/import/participants');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'x-survey-csrf': '1' },
    });
    const form = init?.body as FormData;
    expect(form.get('companyId')).toBe('c1');
    expect(form.get('surveyId')).toBe('s1');
    expect((form.get('file') as File).name).toBe('participants.xlsx');

    expect(summary).toHaveTextContent('Rows: 3');
    expect(summary).toHaveTextContent('Imported: 1');
    expect(summary).toHaveTextContent('Not imported: 2');
    const failed = within(summary).getByRole('table', { name: 'Rows not imported' });
    expect(failed).toHaveTextContent('Not a valid email address');
    expect(failed).toHaveTextContent('Already in the survey');
    const resultDialog = screen.getByRole('dialog', { name: 'Import participants' });
    // Only closing is left: no OK or Cancel.
    expect(within(resultDialog).queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
    expect(within(resultDialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    // The list is read again: the imported participant shows up.
    expect(await screen.findByText('p2@example.test')).toBeInTheDocument();

    await user.click(within(resultDialog).getByText('Close'));
    await waitFor(() => expect(screen.queryByTestId('import-summary')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Import participants' }));
    const again = await screen.findByRole('dialog', { name: 'Import participants' });
    expect(within(again).getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  /** Opens the dialog, imports a file the gateway refuses with `body`, returns the alert. */
  async function refused(status: number, body: unknown) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(status, body)),
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Import participants' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import participants' });
    await chooseFile(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    return { alert: await screen.findByRole('alert'), user };
  }

  it('shows the error text of a refused file and clears it on close', async () => {
    // The gateway's answer to the REST refusal of a file that is no spreadsheet.
    const { alert, user } = await refused(400, {
      code: 'BAD_USER_INPUT',
      message: 'The input was rejected.',
      detail: 'unsupported_file',
      fieldErrors: [{ field: 'file', message: 'import.notSpreadsheet' }],
    });
    expect(alert).toHaveTextContent('The file is not a spreadsheet. Choose an .xlsx or .xls file.');
    await user.click(within(screen.getByRole('dialog')).getByText('Close'));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('names the size limit when the gateway refuses a large file', async () => {
    const { alert } = await refused(413, { code: 'PAYLOAD_TOO_LARGE', message: 'Too large.' });
    expect(alert).toHaveTextContent('The file is larger than 10 MB.');
  });

  it("shows the gateway's own message for an error it does not know", async () => {
    const { alert } = await refused(403, { code: 'FORBIDDEN', message: 'Not allowed.' });
    expect(alert).toHaveTextContent('Not allowed.');
  });
});
