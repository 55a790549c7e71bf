// /surveys/managecomments/:id (Admin): every open comment of the survey, hidden ones included,
// grouped by criterion (sorted by the criterion's name, "Something else" last). Each can be hidden
// or shown again; the list is read again afterwards. A hidden comment never reaches a report.
import { RESPONDENT_CONTENT } from '../../../lib/respondent';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { toastFailure, toastSuccess } from '../../../lib/toasts';
import { IconArrowLeft, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  ManageCommentsRoute_SurveyDocument,
  useManageCommentsRoute_SurveyQuery,
  useManageCommentsRoute_ToggleMutation,
  type CommentType,
  type ManageCommentsRoute_CommentFragment,
} from '../../../__generated__/graphql';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useErrorMessage } from '../../../lib/errors';
import { getHref, paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/usePageTitle';

type Comment = ManageCommentsRoute_CommentFragment;
type Shown = 'all' | 'visible' | 'hidden';

const SOMETHING_ELSE = 99;
const TYPE_COLOR: Record<CommentType, string> = {
  POSITIVE: 'teal.9',
  NEGATIVE: 'red.9',
  NEUTRAL: 'gray.7',
};
const TYPE_KEY = {
  plain: { POSITIVE: 'positive', NEGATIVE: 'negative', NEUTRAL: 'neutral' },
  trend: { POSITIVE: 'better', NEGATIVE: 'worse', NEUTRAL: 'important' },
} as const;

/** Comments by criterion, groups sorted by the criterion's name, "Something else" last. */
export function groupByCriterion(
  comments: readonly Comment[],
  nameOf: (criterionId: number) => string,
  locale: string,
): { criterionId: number; name: string; comments: Comment[] }[] {
  const groups = new Map<number, Comment[]>();
  for (const comment of comments) {
    groups.set(comment.criterionId, [...(groups.get(comment.criterionId) ?? []), comment]);
  }
  return [...groups.entries()]
    .map(([criterionId, list]) => ({ criterionId, name: nameOf(criterionId), comments: list }))
    .sort((a, b) =>
      a.criterionId === SOMETHING_ELSE
        ? 1
        : b.criterionId === SOMETHING_ELSE
          ? -1
          : a.name.localeCompare(b.name, locale),
    );
}

export function ManageCommentsRoute() {
  const { t, i18n } = useTranslation(['admin', 'report']);
  const errorMessage = useErrorMessage();
  const { id = '' } = useParams();
  usePageTitle(t('comments.title'));
  const { data, loading, error } = useManageCommentsRoute_SurveyQuery({ variables: { id } });
  const [toggle] = useManageCommentsRoute_ToggleMutation({
    refetchQueries: [{ query: ManageCommentsRoute_SurveyDocument, variables: { id } }],
  });
  const [shown, setShown] = useState<Shown>('all');
  const [busy, setBusy] = useState<string | null>(null);
  const survey = data?.survey;

  const groups = useMemo(() => {
    const comments = (survey?.comments ?? []).filter((comment) =>
      shown === 'all' ? true : shown === 'hidden' ? comment.hidden : !comment.hidden,
    );
    return groupByCriterion(
      comments,
      (criterionId) => t(`report:criteria.${criterionId}`, { defaultValue: String(criterionId) }),
      i18n.language,
    );
  }, [survey, shown, t, i18n.language]);

  const back = (
    <Anchor component={Link} to={getHref(paths.surveyDetails, { id })}>
      <IconArrowLeft size={14} aria-hidden /> {t('surveys.backToDetails')}
    </Anchor>
  );
  if (loading && !survey) return <Loader aria-label={t('common.loading')} />;
  if (error || !survey) {
    return (
      <Stack gap="md">
        {back}
        <ErrorAlert message={error ? errorMessage(error) : t('surveys.details.notFound')} />
      </Stack>
    );
  }

  const hiddenCount = survey.comments.filter((comment) => comment.hidden).length;
  const typeKeys = survey.tracking ? TYPE_KEY.trend : TYPE_KEY.plain;

  const change = async (comment: Comment) => {
    setBusy(comment.id);
    try {
      await toggle({ variables: { surveyId: survey.id, commentId: comment.id } });
      toastSuccess(t(comment.hidden ? 'comments.toast.shown' : 'comments.toast.hidden'));
    } catch (failure) {
      toastFailure(t('comments.toast.failed'), errorMessage(failure));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="lg">
      {back}
      <Stack gap={4}>
        <Title order={1}>{t('comments.title')}</Title>
        <Text c="dimmed">{survey.name}</Text>
      </Stack>
      <Text>{t('comments.intro')}</Text>
      <Group justify="space-between" align="center">
        <Text fw={500}>
          {t('comments.summary', { total: survey.comments.length, hidden: hiddenCount })}
        </Text>
        <SegmentedControl
          aria-label={t('comments.filter.label')}
          value={shown}
          onChange={(value) => setShown(value as Shown)}
          data={[
            { value: 'all', label: t('comments.filter.all') },
            { value: 'visible', label: t('comments.filter.visible') },
            { value: 'hidden', label: t('comments.filter.hidden') },
          ]}
        />
      </Group>
      {groups.length === 0 && <Text c="dimmed">{t('comments.empty')}</Text>}
      {groups.map((group) => (
        <section key={group.criterionId} aria-labelledby={`criterion-${group.criterionId}`}>
          <Title order={2} size="h4" mb="xs" id={`criterion-${group.criterionId}`}>
            {group.name}{' '}
            <Text span c="dimmed" size="sm">
              ({group.comments.length})
            </Text>
          </Title>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {group.comments.map((comment) => (
              <Paper
                key={comment.id}
                component="li"
                withBorder
                p="sm"
                radius="sm"
                bg={comment.hidden ? 'var(--mantine-color-gray-0)' : undefined}
              >
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
                  <Stack gap={6} style={{ flex: 1 }}>
                    <Group gap={6}>
                      <Badge color={TYPE_COLOR[comment.type]} variant="filled" size="sm">
                        {t(`comments.type.${typeKeys[comment.type]}`)}
                      </Badge>
                      <Badge color="dark" variant="outline" size="sm">
                        {comment.languageCode}
                      </Badge>
                      {comment.hidden && (
                        <Badge color="dark" variant="filled" size="sm">
                          {t('comments.hiddenBadge')}
                        </Badge>
                      )}
                    </Group>
                    <Text td={comment.hidden ? 'line-through' : undefined} {...RESPONDENT_CONTENT}>
                      {comment.text}
                    </Text>
                  </Stack>
                  <Button
                    variant={comment.hidden ? 'light' : 'default'}
                    size="xs"
                    leftSection={
                      comment.hidden ? (
                        <IconEye size={14} aria-hidden />
                      ) : (
                        <IconEyeOff size={14} aria-hidden />
                      )
                    }
                    loading={busy === comment.id}
                    onClick={() => void change(comment)}
                  >
                    {t(comment.hidden ? 'comments.unhide' : 'comments.hide')}
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}

export { ManageCommentsRoute as Component };
