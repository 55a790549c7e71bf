// Pick exactly `importantCount` criteria. An 11th pick is refused with a spoken message rather than
// by disabling the rest, so every checkbox stays reachable.
import { Checkbox, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StepProps } from './stepProps';

export function ImportantStep({ draft, questions, change }: StepProps) {
  const { t } = useTranslation(['questionnaire', 'report']);
  const [full, setFull] = useState(false);
  const count = questions.importantCount;
  const chosen = draft.important.length;

  const toggle = (id: number, checked: boolean) => {
    if (checked && chosen >= count) {
      setFull(true);
      return;
    }
    setFull(false);
    change((d) => ({
      ...d,
      important: checked ? [...d.important, id] : d.important.filter((x) => x !== id),
    }));
  };

  return (
    <Stack gap="md">
      <Text>{t('important.intro', { count })}</Text>
      <Text fw={600} aria-live="polite">
        {t('important.chosen', { chosen, count })}
        {full && chosen >= count ? ` ${t('important.full', { count })}` : ''}
      </Text>
      <Checkbox.Group value={draft.important.map(String)} aria-label={t('steps.important')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {questions.criteria.map((id) => (
            <Checkbox
              key={id}
              value={String(id)}
              size="md"
              label={t(`report:criteria.${id}`, { defaultValue: String(id) })}
              checked={draft.important.includes(id)}
              onChange={(event) => toggle(id, event.currentTarget.checked)}
              styles={{ body: { alignItems: 'center' }, label: { paddingBlock: 6 } }}
            />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </Stack>
  );
}
