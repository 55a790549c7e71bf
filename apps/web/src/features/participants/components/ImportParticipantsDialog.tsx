// "Import participants" on the survey details page (administration.md sections 2, 4, 5 and 7): an
// .xlsx with email, first name, last name, language code and unit1..unit10 goes to
// POST /files/import/participants with the survey and its company; the participant list and counts
// are read again afterwards.
import { useApolloClient } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { ImportDialog } from '../../../components/ImportDialog';
import { uploadImport } from '../../../lib/upload';
import { forgetSurveyParticipants } from '../cache';

export interface ImportParticipantsDialogProps {
  opened: boolean;
  survey: { id: string; companyId: string };
  onClose: () => void;
}

export function ImportParticipantsDialog({
  opened,
  survey,
  onClose,
}: ImportParticipantsDialogProps) {
  const { t } = useTranslation();
  const client = useApolloClient();
  return (
    <ImportDialog
      opened={opened}
      title={t('imports.participants.title')}
      description={`${t('imports.participants.description')} ${t('imports.unitParents')}`}
      upload={(file) =>
        uploadImport(
          '/files/import/participants',
          { companyId: survey.companyId, surveyId: survey.id },
          file,
        )
      }
      onImported={() => forgetSurveyParticipants(client.cache, survey.id)}
      onClose={onClose}
    />
  );
}
