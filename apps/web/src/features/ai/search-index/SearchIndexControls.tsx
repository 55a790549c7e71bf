// The survey's search index: its state and progress, and the create and delete buttons with their
// dialogs (Admin; the survey details page and the playground's chat panel).
import { Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDatabasePlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateIndexDialog } from './CreateIndexDialog';
import { DeleteIndexDialog } from './DeleteIndexDialog';
import { type DialogStep, isBuilding, progressPercent } from './indexRules';
import { useSearchIndex } from './useSearchIndex';

const STATUS_COLOR = { QUEUED: 'gray', BUILDING: 'blue', READY: 'teal', FAILED: 'red' } as const;

export function SearchIndexControls({ surveyId }: { surveyId: string }) {
  const { t } = useTranslation('ai');
  const searchIndex = useSearchIndex(surveyId);
  const { index } = searchIndex;
  const [createStep, setCreateStep] = useState<DialogStep>('closed');
  const [deleteStep, setDeleteStep] = useState<DialogStep>('closed');
  const [starting, setStarting] = useState(false);

  // While the dialog watches the build, its end shows as the result or the error.
  const status = index?.status;
  const watching = createStep === 'running';
  const shownStep: DialogStep =
    watching && status === 'READY'
      ? 'result'
      : watching && status === 'FAILED'
        ? 'error'
        : createStep;
  useEffect(() => {
    if (watching && status === 'FAILED')
      console.error('AI search index build failed', index?.error);
  }, [watching, status, index?.error]);

  const create = async () => {
    setStarting(true);
    try {
      await searchIndex.create();
      setCreateStep('running');
    } catch (error) {
      console.error('AI search index creation failed', error);
      setCreateStep('error');
    } finally {
      setStarting(false);
    }
  };

  const remove = async () => {
    setDeleteStep('running');
    try {
      await searchIndex.remove();
      setDeleteStep('result');
    } catch (error) {
      console.error('AI search index deletion failed', error);
      setDeleteStep('error');
    }
  };

  const building = isBuilding(status);
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {t('searchIndex.title')}
        </Text>
        {index ? (
          <Badge color={STATUS_COLOR[index.status]} variant="light" tt="none">
            {t(`searchIndex.status.${index.status}`)}
          </Badge>
        ) : (
          !searchIndex.loading && (
            <Text size="sm" c="dimmed">
              {t('searchIndex.none')}
            </Text>
          )
        )}
        {index && (
          <Text size="sm" c="dimmed">
            {t('searchIndex.progress', { done: index.done, total: index.total })}
          </Text>
        )}
      </Group>
      {index && building && (
        <Progress
          value={progressPercent(index.progress)}
          animated
          aria-label={t('searchIndex.title')}
          maw={400}
        />
      )}
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconDatabasePlus size={16} aria-hidden />}
          loading={false}
          disabled={searchIndex.creating || searchIndex.deleting}
          onClick={() => setCreateStep('confirm')}
        >
          {searchIndex.creating ? t('searchIndex.creating') : t('searchIndex.create')}
        </Button>
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          disabled={!index || searchIndex.creating || searchIndex.deleting}
          onClick={() => setDeleteStep('confirm')}
        >
          {searchIndex.deleting ? t('searchIndex.deleting') : t('searchIndex.delete')}
        </Button>
      </Group>
      <CreateIndexDialog
        step={shownStep}
        index={index}
        starting={starting}
        onConfirm={() => void create()}
        onClose={() => setCreateStep('closed')}
      />
      <DeleteIndexDialog
        step={deleteStep}
        onConfirm={() => void remove()}
        onClose={() => setDeleteStep('closed')}
      />
    </Stack>
  );
}
