// The unit dropdown of the report filter panel: a search, unit levels that open and close one by
// one or all at once (a search opens the levels it matches), checkboxes for the units, at most
// 500px high.
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Collapse,
  Group,
  Popover,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { levelsMatching, toggleLevel, unitLevelGroups, type UnitChoice } from '../landing';

/** The spec's cap on the dropdown's height. */
export const UNIT_DROPDOWN_MAX_HEIGHT = 500;
/** Up to this many chosen units are named on the button; more are counted. */
const SHOWN_NAMES = 2;

interface UnitFilterProps {
  units: readonly UnitChoice[];
  selected: readonly string[];
  onChange: (units: string[]) => void;
  disabled?: boolean;
}

export function UnitFilter({ units, selected, onChange, disabled }: UnitFilterProps) {
  const { t } = useTranslation('report');
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [openLevels, setOpenLevels] = useState<number[]>([]);
  const groups = unitLevelGroups(units, search);
  const allLevels = unitLevelGroups(units, '').map((group) => group.level);
  const names = units.filter((unit) => selected.includes(unit.id)).map((unit) => unit.name);

  const searchFor = (text: string) => {
    setSearch(text);
    if (text.trim()) setOpenLevels(levelsMatching(units, text));
  };
  const toggleUnit = (id: string) =>
    onChange(selected.includes(id) ? selected.filter((each) => each !== id) : [...selected, id]);

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      width={360}
      shadow="md"
      trapFocus
    >
      <Popover.Target>
        <Button
          variant="default"
          onClick={() => setOpened((open) => !open)}
          disabled={disabled}
          rightSection={<IconChevronDown size={16} aria-hidden />}
          aria-expanded={opened}
          justify="space-between"
          miw={240}
        >
          {names.length === 0
            ? t('console.landing.units.all')
            : names.length <= SHOWN_NAMES
              ? names.join(', ')
              : t('console.landing.units.chosen', { count: names.length })}
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Stack gap="xs">
          <TextInput
            aria-label={t('console.landing.units.search')}
            placeholder={t('console.landing.units.search')}
            value={search}
            onChange={(event) => searchFor(event.currentTarget.value)}
            leftSection={<IconSearch size={14} aria-hidden />}
            rightSection={
              search ? (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('console.landing.units.clearSearch')}
                  onClick={() => searchFor('')}
                >
                  <IconX size={14} aria-hidden />
                </ActionIcon>
              ) : null
            }
          />
          <Group gap="xs">
            <Button size="compact-xs" variant="subtle" onClick={() => setOpenLevels(allLevels)}>
              {t('console.landing.units.expandAll')}
            </Button>
            <Button size="compact-xs" variant="subtle" onClick={() => setOpenLevels([])}>
              {t('console.landing.units.collapseAll')}
            </Button>
            {selected.length > 0 && (
              <Button size="compact-xs" variant="subtle" color="gray" onClick={() => onChange([])}>
                {t('console.landing.units.clear')}
              </Button>
            )}
          </Group>
          <ScrollArea.Autosize mah={UNIT_DROPDOWN_MAX_HEIGHT - 110} type="auto">
            {groups.length === 0 && (
              <Text size="sm" c="dimmed" p="xs">
                {t('console.landing.units.noMatch')}
              </Text>
            )}
            {groups.map((group) => {
              const open = openLevels.includes(group.level);
              const count = group.units.filter((unit) => selected.includes(unit.id)).length;
              return (
                <Stack key={group.level} gap={4} mb={4}>
                  <UnstyledButton
                    onClick={() => setOpenLevels((levels) => toggleLevel(levels, group.level))}
                    aria-expanded={open}
                  >
                    <Group gap={6}>
                      {open ? (
                        <IconChevronDown size={14} aria-hidden />
                      ) : (
                        <IconChevronRight size={14} aria-hidden />
                      )}
                      <Text size="sm" fw={600}>
                        {t('console.landing.units.level', { level: group.level })}
                      </Text>
                      {count > 0 && (
                        <Badge size="xs" variant="light">
                          {count}
                        </Badge>
                      )}
                    </Group>
                  </UnstyledButton>
                  <Collapse expanded={open}>
                    <Stack gap={6} pl="lg" py={4}>
                      {group.units.map((unit) => (
                        <Checkbox
                          key={unit.id}
                          label={unit.name}
                          checked={selected.includes(unit.id)}
                          onChange={() => toggleUnit(unit.id)}
                        />
                      ))}
                    </Stack>
                  </Collapse>
                </Stack>
              );
            })}
          </ScrollArea.Autosize>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
