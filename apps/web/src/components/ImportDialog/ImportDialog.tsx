// The spreadsheet import dialog (administration.md sections 4 and 5): a file input (.xlsx, .xls) and
// any fields the import needs; OK only with a file and those fields. Then the result summary (total,
// succeeded, failed and a table of the failed rows with their reasons translated) or the error text,
// with only a close button. Closing clears the file, the result and the error.
import { Button, FileInput, Group, Modal, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ConfirmDialog';
import { DataTable, useTableState, type DataTableColumn } from '../DataTable';
import { ErrorAlert } from '../ErrorAlert';
import { ImportError, type ImportResult } from '../../lib/upload';

export interface ImportDialogProps {
  opened: boolean;
  title: string;
  /** What the file should hold (columns). */
  description: ReactNode;
  /** Fields besides the file, e.g. a company choice. */
  children?: ReactNode;
  /** Whether those fields are complete; OK needs them and a file. */
  ready?: boolean;
  upload: (file: File) => Promise<ImportResult>;
  /** After an import that added rows (e.g. to read a list again). */
  onImported?: (result: ImportResult) => void;
  /** Also called when the dialog closes, to clear the fields it shows. */
  onClose: () => void;
}

type FailedRow = ImportResult['failedImports'][number];

const FAILED_PAGE_SIZE = 10;

export function ImportDialog({
  opened,
  title,
  description,
  children,
  ready = true,
  upload,
  onImported,
  onClose,
}: ImportDialogProps) {
  const { t, i18n } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const table = useTableState({
    defaultSort: { by: 'row', direction: 'ASC' },
    pageSize: FAILED_PAGE_SIZE,
  });

  const close = () => {
    setFile(null);
    setResult(null);
    setError(null);
    table.setPage(0);
    onClose();
  };

  const errorText = (failure: unknown): string => {
    if (!(failure instanceof ImportError)) return String(failure);
    // The most specific text the console has, else the server's own message.
    const known = failure.keys
      .map((key) => `imports.errors.${key}`)
      .find((key) => i18n.exists(key, { ns: 'admin' }));
    const fallback = failure.message || t('imports.errors.failed');
    return known ? t(known, { defaultValue: fallback }) : fallback;
  };

  const confirm = async () => {
    if (!file) return;
    setSending(true);
    try {
      const answer = await upload(file);
      setResult(answer);
      if (answer.successfulImportsCount > 0) onImported?.(answer);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setSending(false);
    }
  };

  if (result === null && error === null) {
    return (
      <ConfirmDialog
        opened={opened}
        title={title}
        confirmLabel={t('imports.ok')}
        confirmDisabled={!file || !ready}
        loading={sending}
        onConfirm={() => void confirm()}
        onClose={close}
      >
        <Text size="sm">{description}</Text>
        {children}
        <FileInput
          label={t('imports.file')}
          description={t('imports.fileFormats')}
          placeholder={t('imports.choose')}
          accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          value={file}
          onChange={setFile}
          clearable
          required
        />
      </ConfirmDialog>
    );
  }

  const failed = result?.failedImports ?? [];
  const succeeded = result?.successfulImportsCount ?? 0;
  const columns: DataTableColumn<FailedRow>[] = [
    { key: 'row', header: t('imports.columns.row'), cell: (row) => row.row, width: 70 },
    { key: 'email', header: t('imports.columns.email'), cell: (row) => row.email },
    {
      key: 'reason',
      header: t('imports.columns.reason'),
      cell: (row) => t(`imports.reasons.${row.reason}`, { defaultValue: row.reason }),
    },
  ];
  const page = failed.slice(table.skip, table.skip + table.pageSize);
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        {error !== null ? (
          <ErrorAlert message={error} />
        ) : (
          <Stack gap="xs" data-testid="import-summary">
            <Text>{t('imports.total', { n: succeeded + failed.length })}</Text>
            <Text c="green.8">{t('imports.succeeded', { n: succeeded })}</Text>
            <Text c={failed.length > 0 ? 'red.8' : undefined}>
              {t('imports.failed', { n: result?.failedImportsCount ?? failed.length })}
            </Text>
            {failed.length > 0 && (
              <DataTable
                label={t('imports.failedTable')}
                showCaption
                columns={columns}
                rows={page}
                rowKey={(row) => `${row.row}:${row.email}`}
                totalRecords={failed.length}
                state={{ page: table.page, pageSize: table.pageSize, setPage: table.setPage }}
              />
            )}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button onClick={close}>{t('common.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
