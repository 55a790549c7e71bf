// Below the edit form of a SuperUser or User: the units of the user's company it is limited to.
import { Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface UnitAccessProps {
  companyName: string;
  levels: readonly { index: number; units: readonly { id: string; name: string }[] }[];
  selected: readonly string[];
  saving?: boolean;
  /** Without it there is no save button: the create form saves the choice with the user. */
  onSave?: (unitIds: string[]) => void;
  onChange?: (unitIds: string[]) => void;
}

export function UnitAccess({
  companyName,
  levels,
  selected,
  saving,
  onSave,
  onChange,
}: UnitAccessProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState<string[]>([...selected]);
  const withUnits = levels.filter((level) => level.units.length > 0);
  return (
    <Stack gap="sm" maw={520}>
      <Title order={2} size="h3">
        {t('users.units.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('users.units.description', { company: companyName })}
      </Text>
      {withUnits.length === 0 ? (
        <Text size="sm">{t('users.units.none')}</Text>
      ) : (
        <Checkbox.Group
          value={value}
          onChange={(next) => {
            setValue(next);
            onChange?.(next);
          }}
          role="group"
          aria-label={t('users.units.title')}
        >
          <Stack gap="xs" mt="xs" mah={500} style={{ overflowY: 'auto' }}>
            {withUnits.map((level) => (
              <Stack key={level.index} gap={4}>
                <Text size="sm" fw={600}>
                  {t('users.units.level', { index: level.index })}
                </Text>
                {level.units.map((unit) => (
                  <Checkbox key={unit.id} value={unit.id} label={unit.name} />
                ))}
              </Stack>
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      {onSave && (
        <Group>
          <Button variant="light" loading={saving} onClick={() => onSave(value)}>
            {t('users.units.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
