// Below the edit form of a PartnerAdmin: the companies it is assigned to.
import { Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface CompanyAccessProps {
  companies: readonly { id: string; name: string }[];
  selected: readonly string[];
  saving?: boolean;
  /** Without it there is no save button: the create form saves the choice with the user. */
  onSave?: (companyIds: string[]) => void;
  onChange?: (companyIds: string[]) => void;
}

export function CompanyAccess({
  companies,
  selected,
  saving,
  onSave,
  onChange,
}: CompanyAccessProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState<string[]>([...selected]);
  return (
    <Stack gap="sm" maw={520}>
      <Title order={2} size="h3">
        {t('users.companies.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('users.companies.description')}
      </Text>
      {companies.length === 0 ? (
        <Text size="sm">{t('users.companies.none')}</Text>
      ) : (
        <Checkbox.Group
          value={value}
          onChange={(next) => {
            setValue(next);
            onChange?.(next);
          }}
          role="group"
          aria-label={t('users.companies.title')}
        >
          <Stack gap={4} mt="xs" mah={500} style={{ overflowY: 'auto' }}>
            {companies.map((company) => (
              <Checkbox key={company.id} value={company.id} label={company.name} />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      {onSave && (
        <Group>
          <Button variant="light" loading={saving} onClick={() => onSave(value)}>
            {t('users.companies.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
