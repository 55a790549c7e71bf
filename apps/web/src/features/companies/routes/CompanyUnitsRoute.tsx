// /companies/units/:id (Admin): a company's units on levels 1..10, each under a parent one level up.
// Units are added here (not only through a participant import), renamed, moved and deleted.
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowLeft, IconCheck, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  useCompanyUnitsRoute_CreateMutation,
  useCompanyUnitsRoute_DeleteMutation,
  useCompanyUnitsRoute_UpdateMutation,
  useCompanyUnitsRouteQuery,
  type CompanyUnitsRouteQuery,
} from '../../../__generated__/graphql';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { fieldErrorsMessage, useErrorMessage } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { toastFailure, toastSuccess } from '../../../lib/toasts';
import { usePageTitle } from '../../../lib/usePageTitle';
import {
  UnitSupervisorsCell,
  useUnitSupervisors,
  type SupervisorName,
} from '../components/UnitSupervisors';
import { ancestorNames, parentChoices, UNIT_LEVEL_NUMBERS, type UnitNode } from '../units';

type Level = NonNullable<CompanyUnitsRouteQuery['company']>['unitLevels'][number];

export function CompanyUnitsRoute() {
  const { t } = useTranslation();
  usePageTitle(t('companies.units.title'));
  const errorMessage = useErrorMessage();
  const { id = '' } = useParams();
  const { data, loading, error, refetch } = useCompanyUnitsRouteQuery({
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const [deleting, setDeleting] = useState<UnitNode | null>(null);
  const [deleteUnit, deletion] = useCompanyUnitsRoute_DeleteMutation();
  const company = data?.company;
  const units: UnitNode[] = company?.unitLevels.flatMap((level) => level.units) ?? [];
  const supervisors = useUnitSupervisors(company?.id);

  const confirmDelete = async () => {
    if (!deleting) return;
    const { name } = deleting;
    try {
      const result = await deleteUnit({ variables: { id: deleting.id } });
      const outcome = result.data?.deleteUnit;
      if (outcome?.ok) {
        toastSuccess(t('companies.units.deleted', { name }));
        await refetch();
      } else {
        const reason = fieldErrorsMessage(outcome?.fieldErrors ?? [], t);
        toastFailure(t('companies.units.deleteFailed'), reason);
      }
    } catch (failure) {
      toastFailure(t('companies.units.deleteFailed'), errorMessage(failure));
    }
    setDeleting(null);
  };

  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.companies} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('companies.form.back')}
        </Group>
      </Anchor>
      <Stack gap={0}>
        <Title order={1}>{t('companies.units.title')}</Title>
        {company && (
          <Text size="lg" c="dimmed">
            {company.name}
          </Text>
        )}
      </Stack>
      <ErrorAlert message={error ? errorMessage(error) : null} />
      {!loading && data && !company && <Text>{t('companies.form.notFound')}</Text>}
      {company && (
        <>
          <AddUnitForm companyId={company.id} units={units} onAdded={() => void refetch()} />
          {company.unitLevels.length === 0 && <Text>{t('companies.units.empty')}</Text>}
          {company.unitLevels.map((level) => (
            <LevelTable
              key={level.index}
              level={level}
              units={units}
              supervisors={supervisors.byUnit}
              onSupervisorsChanged={supervisors.refetch}
              onChanged={() => void refetch()}
              onDelete={setDeleting}
            />
          ))}
        </>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('companies.units.deleteTitle')}
        confirmLabel={t('companies.units.deleteConfirm')}
        danger
        loading={deletion.loading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {t('companies.units.deleteText', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}

function AddUnitForm(props: { companyId: string; units: UnitNode[]; onAdded: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [level, setLevel] = useState('1');
  const [parentId, setParentId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [createUnit, creation] = useCompanyUnitsRoute_CreateMutation();
  const index = Number(level);
  const parents = parentChoices(props.units, index);

  const submit = async () => {
    setProblem(null);
    try {
      const result = await createUnit({
        variables: { input: { companyId: props.companyId, index, name: name.trim(), parentId } },
      });
      const outcome = result.data?.createUnit;
      if (!outcome?.ok) {
        setProblem(fieldErrorsMessage(outcome?.fieldErrors ?? [], t));
        return;
      }
      toastSuccess(t('companies.units.created', { name: name.trim() }));
      setName('');
      props.onAdded();
    } catch (failure) {
      setProblem(errorMessage(failure));
    }
  };

  return (
    <Paper withBorder p="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('companies.units.addTitle')}
          </Title>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={t('companies.units.level')}
              data={UNIT_LEVEL_NUMBERS.map((n) => ({
                value: String(n),
                label: t('companies.units.levelN', { n }),
              }))}
              value={level}
              onChange={(value) => {
                setLevel(value ?? '1');
                setParentId(null);
              }}
              allowDeselect={false}
              w={140}
            />
            <Select
              label={t('companies.units.parent')}
              placeholder={t('companies.units.noParent')}
              data={parents.map((unit) => ({ value: unit.id, label: unit.name }))}
              value={parentId}
              onChange={setParentId}
              disabled={parents.length === 0}
              clearable
              searchable
              miw={200}
            />
            <TextInput
              label={t('companies.units.name')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              required
              miw={220}
            />
            <Button type="submit" disabled={name.trim() === ''} loading={creation.loading}>
              {t('companies.units.add')}
            </Button>
          </Group>
          {problem && (
            <Text c="var(--mantine-color-error)" role="alert">
              {problem}
            </Text>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

function LevelTable(props: {
  level: Level;
  units: UnitNode[];
  supervisors: Map<string, SupervisorName[]>;
  onSupervisorsChanged: () => void;
  onChanged: () => void;
  onDelete: (unit: UnitNode) => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  // Level 1 has no parent; below it the parent column shows the whole path from the top.
  const hasParents = props.level.index > 1;
  const caption = t('companies.units.levelN', { n: props.level.index });
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {caption}
      </Title>
      <Table.ScrollContainer
        minWidth={340}
        scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': caption } }}
      >
        <Table aria-label={t('companies.units.tableLabel', { n: props.level.index })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('companies.units.name')}</Table.Th>
              {hasParents && <Table.Th>{t('companies.units.parent')}</Table.Th>}
              <Table.Th>{t('supervisors.supervisors')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{t('companies.list.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.level.units.map((unit) =>
              editing === unit.id ? (
                <EditUnitRow
                  key={unit.id}
                  unit={unit}
                  units={props.units}
                  hasParents={hasParents}
                  onDone={(changed) => {
                    setEditing(null);
                    if (changed) props.onChanged();
                  }}
                />
              ) : (
                <Table.Tr key={unit.id}>
                  <Table.Td>{unit.name}</Table.Td>
                  {hasParents && (
                    <Table.Td>
                      <ParentPath units={props.units} unit={unit} />
                    </Table.Td>
                  )}
                  <Table.Td>
                    <UnitSupervisorsCell
                      unit={unit}
                      supervisors={props.supervisors.get(unit.id) ?? []}
                      onChanged={props.onSupervisorsChanged}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Tooltip label={t('companies.units.edit')}>
                        <ActionIcon
                          variant="subtle"
                          onClick={() => setEditing(unit.id)}
                          aria-label={t('companies.units.editLabel', { name: unit.name })}
                        >
                          <IconPencil size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('companies.units.delete')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          onClick={() => props.onDelete(unit)}
                          aria-label={t('companies.units.deleteLabel', { name: unit.name })}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ),
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** "Development › Platform": the unit's parent with the units above it; else "No parent". */
function ParentPath({ units, unit }: { units: UnitNode[]; unit: UnitNode }) {
  const { t } = useTranslation();
  const names = ancestorNames(units, unit);
  if (names.length === 0) {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {t('companies.units.noParent')}
      </Text>
    );
  }
  const parent = names[names.length - 1];
  return (
    <Text size="sm">
      {names.length > 1 && (
        <Text span size="sm" c="dimmed">
          {`${names.slice(0, -1).join(' › ')} › `}
        </Text>
      )}
      <Text span size="sm" fw={500}>
        {parent}
      </Text>
    </Text>
  );
}

function EditUnitRow(props: {
  unit: UnitNode;
  units: UnitNode[];
  hasParents: boolean;
  onDone: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [name, setName] = useState(props.unit.name);
  const [parentId, setParentId] = useState<string | null>(props.unit.parentId ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  const [updateUnit, update] = useCompanyUnitsRoute_UpdateMutation();
  const parents = parentChoices(props.units, props.unit.index);

  const save = async () => {
    setProblem(null);
    try {
      const result = await updateUnit({
        variables: { id: props.unit.id, input: { name: name.trim(), parentId } },
      });
      const outcome = result.data?.updateUnit;
      if (!outcome?.ok) {
        setProblem(fieldErrorsMessage(outcome?.fieldErrors ?? [], t));
        return;
      }
      toastSuccess(t('companies.units.saved', { name: name.trim() }));
      props.onDone(true);
    } catch (failure) {
      setProblem(errorMessage(failure));
    }
  };

  return (
    <Table.Tr>
      <Table.Td>
        <TextInput
          aria-label={t('companies.units.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={problem}
          size="xs"
        />
      </Table.Td>
      {props.hasParents && (
        <Table.Td>
          <Select
            aria-label={t('companies.units.parent')}
            placeholder={t('companies.units.noParent')}
            data={parents.map((unit) => ({ value: unit.id, label: unit.name }))}
            value={parentId}
            onChange={setParentId}
            disabled={parents.length === 0}
            clearable
            size="xs"
          />
        </Table.Td>
      )}
      <Table.Td />
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <ActionIcon
            variant="subtle"
            onClick={() => void save()}
            loading={update.loading}
            disabled={name.trim() === ''}
            aria-label={t('companies.units.save')}
          >
            <IconCheck size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => props.onDone(false)}
            aria-label={t('companies.units.cancel')}
          >
            <IconX size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export { CompanyUnitsRoute as Component };
