// "Download participants" and "Download responses" on the survey details page (administration.md
// sections 2, 6 and 7): Admin and PartnerAdmin only. The .xlsx comes from the gateway's file route
// `GET /files/export/<kind>/<surveyId>/<language>` in the current UI language, with the session cookie.
import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session/session';
import { toastFailure } from '../../../lib/toasts';
import { downloadBlob } from '../../../lib/download';

export type ExportKind = 'participants' | 'responses';

/** The file name of a Content-Disposition header (RFC 6266: `filename*` wins over `filename`). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: the plain name below still serves.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
  return (plain?.[2] ?? plain?.[1])?.trim() || fallback;
}

/** A refused download as the gateway answers it: `{ code, message, detail? }`. */
class DownloadError extends Error {
  constructor(
    readonly detail: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

async function download(kind: ExportKind, surveyId: string, language: string): Promise<void> {
  const path = `/files/export/${kind}/${encodeURIComponent(surveyId)}/${encodeURIComponent(language)}`;
  const response = await fetch(path, { credentials: 'same-origin' });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as {
      detail?: unknown;
      message?: unknown;
    };
    throw new DownloadError(
      typeof body.detail === 'string' ? body.detail : undefined,
      typeof body.message === 'string' ? body.message : response.statusText,
    );
  }
  const blob = await response.blob();
  downloadBlob(blob, fileNameOf(response.headers.get('content-disposition'), `${kind}.xlsx`));
}

export function ExportButtons({ surveyId }: { surveyId: string }) {
  const { t, i18n } = useTranslation();
  const { account } = useSession();
  const [busy, setBusy] = useState<ExportKind | null>(null);
  if (account?.role !== 'ADMIN' && account?.role !== 'PARTNER_ADMIN') return null;

  const start = async (kind: ExportKind) => {
    setBusy(kind);
    try {
      await download(kind, surveyId, i18n.language);
    } catch (failure) {
      const tooFew = failure instanceof DownloadError && failure.detail === 'too_few_responses';
      const message = tooFew
        ? t('exports.download.tooFewResponses')
        : failure instanceof Error
          ? failure.message
          : '';
      toastFailure(t('exports.download.failed'), message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Group gap="sm" role="group" aria-label={t('exports.download.title')}>
      {(['participants', 'responses'] as const).map((kind) => (
        <Button
          key={kind}
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={busy === kind}
          disabled={busy !== null && busy !== kind}
          onClick={() => void start(kind)}
        >
          {t(`exports.download.${kind}`)}
        </Button>
      ))}
    </Group>
  );
}
