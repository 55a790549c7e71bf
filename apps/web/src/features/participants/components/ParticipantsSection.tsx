// The participants of a survey on /surveys/details/:id (administration.md sections 2, 4 and 6):
// 20 per page with a search on name and email, the edit column for Admin and PartnerAdmin, send
// invitations (everyone not yet invited) and reminders through dialogs that confirm and then show
// the run's progress (also under the heading for the newest run); "Add participant" and the import for surveys without a base survey.
import type { ApolloCache } from '@apollo/client';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileImport, IconMailForward, IconSend, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  useParticipantsSection_InviteMutation,
  useParticipantsSection_ParticipantsQuery,
  useParticipantsSection_RemindMutation,
  type ParticipantsSection_ParticipantFragment,
} from '../../../__generated__/graphql';
import { EmailText } from '../../../components/EmailText';
import { DataTable, useTableState, type DataTableColumn } from '../../../components/DataTable';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useErrorMessage } from '../../../lib/errors';
import { LANGUAGE_NAMES, type UiLanguage } from '../../../lib/i18n/languages';
import { getHref, paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session';
import { forgetSurveyParticipants } from '../cache';
import {
  formatDay,
  PARTICIPANTS_PAGE_SIZE,
  PARTICIPANT_SEARCH_PARAM,
  SEARCH_DEBOUNCE_MS,
} from '../participantForm';
import { ImportParticipantsDialog } from './ImportParticipantsDialog';
import { InvitationDialog } from './InvitationDialog';
import { MailRunStatus } from './MailRunStatus';

export interface ParticipantsSectionProps {
  survey: { id: string; companyId: string; baseSurveyId?: string | null; hasEnded?: boolean };
}

type Row = ParticipantsSection_ParticipantFragment;
type Kind = 'invite' | 'remind';
const KINDS: readonly Kind[] = ['invite', 'remind'];

export function ParticipantsSection({ survey }: ParticipantsSectionProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { account } = useSession();
  const canEdit = account?.role === 'ADMIN' || account?.role === 'PARTNER_ADMIN';
  // The search lives in the page's address too, so coming back from a participant keeps it.
  const [params, setParams] = useSearchParams();
  const table = useTableState({
    defaultSort: { by: 'name', direction: 'ASC' },
    pageSize: PARTICIPANTS_PAGE_SIZE,
    initialFilter: params.get(PARTICIPANT_SEARCH_PARAM) ?? '',
  });
  const [search] = useDebouncedValue(table.filter.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (search) next.set(PARTICIPANT_SEARCH_PARAM, search);
        else next.delete(PARTICIPANT_SEARCH_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [search, setParams]);
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
  // The progress line under the heading follows the new run.
  const sent = { ...forget, refetchQueries: ['MailRunStatus'] };
  const [invite] = useParticipantsSection_InviteMutation(sent);
  const [remind] = useParticipantsSection_RemindMutation(sent);
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

  const editHref = (row: Row) =>
    getHref(paths.participantEdit, {
      id: String(row.responderId),
      surveyId: survey.id,
      pid: row.id,
      companyId: survey.companyId,
    }) +
    (search ? `?${new URLSearchParams({ [PARTICIPANT_SEARCH_PARAM]: search }).toString()}` : '');

  const columns = participantColumns(t, canEdit, editHref);

  return (
    <Stack gap="sm" component="section" aria-labelledby="participants-heading">
      <Title order={2} id="participants-heading">
        {t('participants.title')}
      </Title>
      {survey.hasEnded && (
        <Text size="sm" c="dimmed">
          {t('participants.surveyEnded')}
        </Text>
      )}
      <Group gap="sm">
        {/* An ended survey takes no answers: nothing to invite to or remind of (the API refuses too). */}
        {!survey.hasEnded && (
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            onClick={() => setDialog('invite')}
          >
            {t('participants.invite.button')}
          </Button>
        )}
        {!survey.hasEnded && (
          <Button
            variant="default"
            leftSection={<IconMailForward size={16} aria-hidden />}
            onClick={() => setDialog('remind')}
          >
            {t('participants.remind.button')}
          </Button>
        )}
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
      <MailRunStatus surveyId={survey.id} />
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
        scrollHint
        cards
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

/**
 * The list's columns; on a phone each row is a card with the name as its heading and the edit link
 * at its bottom.
 */
function participantColumns(
  t: TFunction,
  canEdit: boolean,
  editHref: (row: Row) => string,
): DataTableColumn<Row>[] {
  const columns: DataTableColumn<Row>[] = [
    {
      key: 'name',
      header: t('participants.columns.name'),
      // The name opens the participant too (the heading of its card on a phone).
      card: 'title',
      cell: (row) =>
        canEdit ? (
          <Anchor component={Link} to={editHref(row)}>
            {row.name}
          </Anchor>
        ) : (
          row.name
        ),
    },
    {
      key: 'email',
      header: t('participants.columns.email'),
      cell: (row) => <EmailText email={row.email} />,
      cardWide: true,
    },
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
      card: 'action',
      cell: (row) => (
        <Anchor
          component={Link}
          to={editHref(row)}
          aria-label={t('participants.editLabel', { name: row.name })}
        >
          {t('participants.edit')}
        </Anchor>
      ),
    });
  }
  return columns;
}
