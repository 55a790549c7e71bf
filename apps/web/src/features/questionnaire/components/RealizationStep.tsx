// How well each criterion is realized, 0..100: the criteria in groups of a few, one group at a time
// (no endless page on a phone). Each group's button tells how many of its criteria are rated.
import { Button, Divider, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { Fragment, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { groupsOf, REALIZATION_GROUP_SIZE } from '../model';
import { RatingSlider } from './RatingSlider';
import type { StepProps } from './stepProps';

export function RealizationStep({ draft, questions, change }: StepProps) {
  const { t } = useTranslation(['questionnaire', 'report']);
  const groups = groupsOf(questions.criteria, REALIZATION_GROUP_SIZE);
  const isRated = (id: number) => draft.realizations[id] !== undefined;
  // Opens at the first group with an unrated criterion.
  const [shown, setShown] = useState(() =>
    Math.max(
      0,
      groups.findIndex((group) => !group.every(isRated)),
    ),
  );
  const top = useRef<HTMLParagraphElement>(null);
  const show = (index: number) => {
    setShown(index);
    // From the button under the group: the next group starts at the top of the screen.
    requestAnimationFrame(() => top.current?.scrollIntoView?.({ block: 'start' }));
  };
  const rated = questions.criteria.filter(isRated).length;
  const group = groups[shown] ?? [];
  const from = shown * REALIZATION_GROUP_SIZE + 1;
  return (
    <Stack gap="md">
      <Text>{t('realization.intro')}</Text>
      <Text size="sm" c="dimmed">
        {t('realization.howTo')}
      </Text>
      <Text fw={600} aria-live="polite">
        {t('realization.rated', { rated, count: questions.criteria.length })}
      </Text>
      <Group gap={6} role="group" aria-label={t('realization.groups')}>
        {groups.map((ids, index) => {
          const done = ids.filter(isRated).length;
          const start = index * REALIZATION_GROUP_SIZE + 1;
          const visible = `${start}–${start + ids.length - 1}`;
          return (
            <Button
              key={ids[0]}
              size="compact-md"
              variant={index === shown ? 'filled' : 'default'}
              aria-current={index === shown ? 'step' : undefined}
              rightSection={
                done === ids.length ? (
                  <IconCircleCheckFilled
                    size={16}
                    aria-hidden
                    color={index === shown ? 'white' : 'var(--mantine-color-teal-7)'}
                  />
                ) : (
                  <Text span size="xs">{`${done}/${ids.length}`}</Text>
                )
              }
              onClick={() => setShown(index)}
            >
              {/* The name is the visible text plus the count spelt out (WCAG 2.5.3, label in name). */}
              {visible}
              <VisuallyHidden>
                {`: ${t('realization.rated', { rated: done, count: ids.length })}`}
              </VisuallyHidden>
            </Button>
          );
        })}
      </Group>
      <Text size="sm" fw={600} ref={top} style={{ scrollMarginTop: 16 }}>
        {t('realization.group', { from, to: from + group.length - 1 })}
      </Text>
      {group.map((id, index) => (
        <Fragment key={id}>
          {index > 0 && <Divider />}
          <RatingSlider
            label={t(`report:criteria.${id}`, { defaultValue: String(id) })}
            value={draft.realizations[id] ?? null}
            max={100}
            onChange={(value) =>
              change((d) => ({ ...d, realizations: { ...d.realizations, [id]: value } }))
            }
          />
        </Fragment>
      ))}
      {shown < groups.length - 1 && (
        <Button variant="outline" style={{ alignSelf: 'flex-end' }} onClick={() => show(shown + 1)}>
          {t('realization.nextGroup')}
        </Button>
      )}
    </Stack>
  );
}
