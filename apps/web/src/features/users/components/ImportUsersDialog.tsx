// "Import users" on /users (administration.md sections 2, 5 and 7): a company and an .xlsx with
// email, display name (or first and last name), language code and unit1..unit10 go to
// POST /files/import/users; OK needs both. The user list is read again afterwards.
import { useApolloClient } from '@apollo/client/react';
import { Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportUsersDialog_CompaniesQuery } from '../../../__generated__/graphql';
import { ImportDialog } from '../../../components/ImportDialog';
import { uploadImport } from '../../../lib/upload';

export interface ImportUsersDialogProps {
  opened: boolean;
  onClose: () => void;
}

export function ImportUsersDialog({ opened, onClose }: ImportUsersDialogProps) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const [companyId, setCompanyId] = useState<string | null>(null);
  const { data } = useImportUsersDialog_CompaniesQuery({ skip: !opened });
  const companies = data?.companyChoices ?? [];
  return (
    <ImportDialog
      opened={opened}
      title={t('imports.users.title')}
      description={`${t('imports.users.description')} ${t('imports.unitParents')}`}
      ready={companyId !== null}
      upload={(file) => uploadImport('/files/import/users', { companyId: companyId ?? '' }, file)}
      onImported={() => {
        client.cache.evict({ fieldName: 'users' });
        client.cache.gc();
      }}
      onClose={() => {
        setCompanyId(null);
        onClose();
      }}
    >
      <Select
        label={t('imports.users.company')}
        data={companies.map((company) => ({ value: company.id, label: company.name }))}
        value={companyId}
        onChange={setCompanyId}
        searchable
        required
        comboboxProps={{ withinPortal: true }}
      />
    </ImportDialog>
  );
}
