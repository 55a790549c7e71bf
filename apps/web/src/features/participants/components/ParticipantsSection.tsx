// The participants of a survey on /surveys/details/:id (administration.md sections 2, 4 and 6):
// 20 per page with a search on name and email, the edit column for Admin and PartnerAdmin, send
// invitations (everyone not yet invited) and reminders through dialogs that confirm and then show
// the result; "Add participant" and the import for surveys without a base survey.
import type { ApolloCache } from '@apollo/client';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileImport, IconMailForward, IconSend, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  useParticipantsSection_InviteMutation,
  useParticipantsSection_ParticipantsQuery,
  useParticipantsSection_RemindMutation,
  type ParticipantsSection_ParticipantFragment,
} from '../../../__generated__/graphql';
import { DataTable, useTableState, type DataTableColumn } from '../../../components/DataTable';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useErrorMessage } from '../../../lib/errors';
import { LANGUAGE_NAMES, type UiLanguage } from '../../../lib/i18n/languages';
import { getHref, paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session';
import { forgetSurveyParticipants } from '../cache';
import { formatDay, PARTICIPANTS_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '../participantForm';
import { ImportParticipantsDialog } from './ImportParticipantsDialog';
import { InvitationDialog } from './InvitationDialog';

export interface ParticipantsSectionProps {
  survey: { id: string; companyId: string; baseSurveyId?: string | null };
}

type Row = ParticipantsSection_ParticipantFragment;
type Kind = 'invite' | 'remind';
const KINDS: readonly Kind[] = ['invite', 'remind'];

export function ParticipantsSection({ survey }: ParticipantsSectionProps) {
  const { t } = useTranslation('admin');
  const errorMessage = useErrorMessage();
  const { account } = useSession();
  const canEdit = account?.role === 'ADMIN' || account?.role === 'PARTNER_ADMIN';
  const table = useTableState({
    defaultSort: { by: 'name', direction: 'ASC' },
    pageSize: PARTICIPANTS_PAGE_SIZE,
  });
  const [search] = useDebouncedValue(table.filter.trim(), SEARCH_DEBOUNCE_MS);
  const { data, previousData, loading, error } = useParticipantsSection_ParticipantsQuery({
    variables: {
      surveyId: survey.id,
      skip: table.skip,
      take: table.pageSize,
      search: search || undefined,
    },
    fetchPolicy: 'cache-and-network',
  });
  const page = (data ?? previousData)?.survey?.participants;
  const forget = { update: (cache: ApolloCache) => forgetSurveyParticipants(cache, survey.id) };
  const [invite] = useParticipantsSection_InviteMutation(forget);
  const [remind] = useParticipantsSection_RemindMutation(forget);
  const [dialog, setDialog] = useState<Kind | null>(null);
  const [importing, setImporting] = useState(false);

  /** Sends the survey's invitations or reminders; the dialog shows the result or the error. */
  const send = async (kind: Kind) => {
    const variables = { surveyId: survey.id };
    const data =
      kind === 'invite'
        ? (await invite({ variables })).data?.inviteParticipants
        : (await remind({ variables })).data?.remindParticipants;
    if (!data) throw new Error(t('participants.send.noAnswer'));
    return data;
  };

  const columns: DataTableColumn<Row>[] = [
    { key: 'name', header: t('participants.columns.name'), cell: (row) => row.name },
    { key: 'email', header: t('participants.columns.email'), cell: (row) => row.email },
    {
      key: 'language',
      header: t('participants.columns.language'),
      cell: (row) => LANGUAGE_NAMES[row.languageCode as UiLanguage] ?? row.languageCode,
    },
    {
      key: 'invited',
      header: t('participants.columns.invited'),
      cell: (row) => (
        <>
          {row.inviteSent ? formatDay(row.invited) : t('participants.notInvited')}
          {row.pinBlocked && (
            <Badge color="red" variant="light" ml="xs">
              {t('participants.pinBlocked')}
            </Badge>
          )}
        </>
      ),
    },
    {
      key: 'finished',
      header: t('participants.columns.finished'),
      cell: (row) => formatDay(row.finished),
    },
  ];
  if (canEdit) {
    columns.push({
      key: 'edit',
      header: t('participants.columns.edit'),
      cell: (row) => (
        <Anchor
          component={Link}
          to={getHref(paths.participantEdit, {
            id: String(row.responderId),
            surveyId: survey.id,
            pid: row.id,
            companyId: survey.companyId,
          })}
          aria-label={t('participants.editLabel', { name: row.name })}
        >
          {t('participants.edit')}
        </Anchor>
      ),
    });
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="participants-heading">
      <Title order={2} id="participants-heading">
        {t('participants.title')}
      </Title>
      <Group gap="sm">
        <Button
          leftSection={<IconSend size={16} aria-hidden />}
          onClick={() => setDialog('invite')}
        >
          {t('participants.invite.button')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconMailForward size={16} aria-hidden />}
          onClick={() => setDialog('remind')}
        >
          {t('participants.remind.button')}
        </Button>
        {!survey.baseSurveyId && (
          <Button
            component={Link}
            variant="default"
            leftSection={<IconUserPlus size={16} aria-hidden />}
            to={getHref(paths.participantAdd, { companyId: survey.companyId, surveyId: survey.id })}
          >
            {t('participants.add')}
          </Button>
        )}
        {!survey.baseSurveyId && (
          <Button
            variant="default"
            leftSection={<IconFileImport size={16} aria-hidden />}
            onClick={() => setImporting(true)}
          >
            {t('imports.participants.button')}
          </Button>
        )}
      </Group>
      {error && <ErrorAlert message={errorMessage(error)} />}
      <DataTable
        label={t('participants.tableLabel')}
        columns={columns}
        rows={page?.records ?? []}
        rowKey={(row) => row.id}
        totalRecords={page?.totalRecords ?? 0}
        state={table}
        filterLabel={t('participants.search')}
        loading={loading}
        emptyText={t('participants.empty')}
      />
      {KINDS.map((kind) => (
        <InvitationDialog
          key={kind}
          opened={dialog === kind}
          title={t(`participants.${kind}.title`)}
          confirmLabel={t(`participants.${kind}.confirm`)}
          send={() => send(kind)}
          onClose={() => setDialog(null)}
        >
          <Text>{t(`participants.${kind}.text`)}</Text>
        </InvitationDialog>
      ))}
      <ImportParticipantsDialog
        opened={importing}
        survey={survey}
        onClose={() => setImporting(false)}
      />
    </Stack>
  );
}
