import { Notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n/i18n';
import type { Role } from '../../lib/roles';
import { renderRoutes, testAccount, testSession } from '../../test/render';
import { ExportButtons, fileNameOf } from './components/ExportButtons';

function render(role: Role) {
  return renderRoutes({
    routes: [
      {
        path: '/surveys/details/:id',
        element: (
          <>
            <Notifications />
            <ExportButtons surveyId="s1" />
          </>
        ),
      },
    ],
    initialEntries: ['/surveys/details/s1'],
    session: testSession({ account: testAccount({ role }) }),
  });
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Captures the file the page hands to the browser (jsdom has no downloads or object URLs). */
function captureDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  // jsdom's URL has no object URLs; these two are put back after each test.
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = (url: string) => void blobs.delete(url);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    if (blob) saved.push({ name: this.download, blob });
  });
  return saved;
}

const { createObjectURL, revokeObjectURL } = URL;

afterEach(async () => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await changeLanguage('en-US');
});

describe('export buttons', () => {
  it.each<Role>(['SUPER_USER', 'USER'])('are not offered to a %s', (role) => {
    render(role);
    expect(screen.queryByRole('button', { name: 'Download participants' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download responses' })).not.toBeInTheDocument();
  });

  it('download the file of the gateway route in the UI language under its own name', async () => {
    const fetchMock = vi.fn(
      async (_path: string, _init: RequestInit) =>
        new Response(new TextEncoder().encode('PK xlsx bytes'), {
          status: 200,
          headers: {
            'content-type': XLSX,
            'content-disposition':
              'attachment; filename="osallistujat-Kev?t.xlsx"; filename*=UTF-8\'\'osallistujat-Kev%C3%A4t.xlsx',
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const saved = captureDownloads();
    await changeLanguage('fi-FI');
    const user = userEvent.setup();
    render('PARTNER_ADMIN');
    await user.click(await screen.findByRole('button', { name: 'Lataa osallistujat' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(fetchMock).toHaveBeenCalledWith('/files/export/participants/s1/fi-FI', {
      credentials: 'same-origin',
    });
    expect(saved[0]?.name).toBe('osallistujat-Kevät.xlsx');
    expect(await saved[0]?.blob.text()).toBe('PK xlsx bytes');
    // Loading the Finnish texts takes a while on a busy machine.
  });

  it('say when a survey has too few responses to download them anonymously', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              code: 'BAD_USER_INPUT',
              message: 'The input was rejected.',
              detail: 'too_few_responses',
            }),
            { status: 409, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    const saved = captureDownloads();
    const user = userEvent.setup();
    render('ADMIN');
    await user.click(await screen.findByRole('button', { name: 'Download responses' }));
    expect(await screen.findByText('The download failed.')).toBeInTheDocument();
    expect(
      screen.getByText('Too few finished responses to download them anonymously.'),
    ).toBeInTheDocument();
    expect(saved).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Download responses' })).toBeEnabled();
  });
});

describe('fileNameOf', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(fileNameOf('attachment; filename="a.xlsx"; filename*=UTF-8\'\'%C3%A4.xlsx', 'x')).toBe(
      'ä.xlsx',
    );
    expect(fileNameOf('attachment; filename=vastaukset-W.xlsx', 'x')).toBe('vastaukset-W.xlsx');
    expect(fileNameOf(null, 'participants.xlsx')).toBe('participants.xlsx');
  });
});
