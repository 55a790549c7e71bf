// The units screen's supervisors column (issue 32): each unit's supervisors, and a dialog that sets
// them from the company's Users and SuperUsers with access to the unit.
import { ActionIcon, Button, Group, Modal, MultiSelect, Stack, Text, Tooltip } from '@mantine/core';
import { IconUserCog } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useUnitSupervisors_CandidatesQuery,
  useUnitSupervisors_SetMutation,
  useUnitSupervisorsQuery,
} from '../../../__generated__/graphql';
import { fieldErrorsMessage, useErrorMessage } from '../../../lib/errors';
import { toastSuccess } from '../../../lib/toasts';

export interface SupervisorName {
  id: string;
  displayName: string;
  email: string;
}

/** Each unit's supervisors by unit id, and a refetch after a change. */
export function useUnitSupervisors(companyId: string | undefined) {
  const { data, refetch } = useUnitSupervisorsQuery({
    variables: { companyId: companyId ?? '' },
    skip: !companyId,
    fetchPolicy: 'cache-and-network',
  });
  const byUnit = new Map<string, SupervisorName[]>(
    (data?.unitSupervisors ?? []).map((entry) => [entry.unitId, entry.supervisors]),
  );
  return { byUnit, refetch: () => void refetch() };
}

export function UnitSupervisorsCell(props: {
  unit: { id: string; name: string };
  supervisors: SupervisorName[];
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      {props.supervisors.length > 0 ? (
        <Text size="sm">{props.supervisors.map((s) => s.displayName).join(', ')}</Text>
      ) : (
        <Text size="sm" c="dimmed">
          {t('supervisors.none')}
        </Text>
      )}
      <Tooltip label={t('supervisors.edit')}>
        <ActionIcon
          variant="subtle"
          onClick={() => setOpen(true)}
          aria-label={t('supervisors.editLabel', { name: props.unit.name })}
        >
          <IconUserCog size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {open && (
        <SupervisorsDialog
          unit={props.unit}
          current={props.supervisors}
          onClose={(changed) => {
            setOpen(false);
            if (changed) props.onChanged();
          }}
        />
      )}
    </Group>
  );
}

function SupervisorsDialog(props: {
  unit: { id: string; name: string };
  current: SupervisorName[];
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { data, loading } = useUnitSupervisors_CandidatesQuery({
    variables: { unitId: props.unit.id },
    fetchPolicy: 'network-only',
  });
  const [chosen, setChosen] = useState(props.current.map((s) => s.id));
  const [problem, setProblem] = useState<string | null>(null);
  const [save, saving] = useUnitSupervisors_SetMutation();
  const options = (data?.supervisorCandidates ?? []).map((c) => ({
    value: c.id,
    label: `${c.displayName} (${c.email})`,
  }));
  const submit = async () => {
    setProblem(null);
    try {
      const result = await save({ variables: { unitId: props.unit.id, userIds: chosen } });
      const outcome = result.data?.setUnitSupervisors;
      if (!outcome?.ok) return setProblem(fieldErrorsMessage(outcome?.fieldErrors ?? [], t));
      toastSuccess(t('supervisors.saved', { name: props.unit.name }));
      props.onClose(true);
    } catch (failure) {
      setProblem(errorMessage(failure));
    }
  };
  return (
    <Modal
      opened
      onClose={() => props.onClose(false)}
      title={t('supervisors.dialogTitle', { name: props.unit.name })}
    >
      <Stack gap="sm">
        <Text size="sm">{t('supervisors.dialogText')}</Text>
        <MultiSelect
          label={t('supervisors.supervisors')}
          data={options}
          value={chosen}
          onChange={setChosen}
          searchable
          disabled={loading}
          nothingFoundMessage={t('supervisors.noCandidates')}
          error={problem}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => props.onClose(false)}>
            {t('supervisors.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={saving.loading}>
            {t('supervisors.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
