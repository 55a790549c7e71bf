// The search settings: how many comments to fetch (presets 50, 80, 100, 150; 0..150), the similarity
// threshold (0.05..0.9 step 0.05; empty is 0.1), and for the Admin only the search type and agentic
// mode with the figures the agent may use.
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AiDatasource, AiSearchType } from '../../../../__generated__/graphql';
import {
  AMOUNT_PRESETS,
  DATASOURCES,
  MAX_AMOUNT,
  THRESHOLD_MAX,
  THRESHOLD_MIN,
  THRESHOLD_STEP,
  clampAmount,
} from '../rules';

export interface AskSettings {
  amount: number;
  /** The threshold as typed: '' is allowed and means 0.1 at search time. */
  threshold: number | '';
  searchType: AiSearchType;
  agentic: boolean;
  datasources: AiDatasource[];
}

interface AskSettingsPanelProps {
  settings: AskSettings;
  /** Search type, agentic mode and datasources (Admin). */
  expert: boolean;
  /** A model is configured and may answer agentically: else the switch is not shown. */
  agenticAvailable: boolean;
  onChange: (patch: Partial<AskSettings>) => void;
}

export function AskSettingsPanel(props: AskSettingsPanelProps) {
  const { settings, expert, agenticAvailable, onChange } = props;
  const { t } = useTranslation('ai');
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="ask-settings-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="ask-settings-title">
          {t('ask.settings.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap={6}>
            <NumberInput
              label={t('ask.settings.amount')}
              description={t('ask.settings.amountHint')}
              min={0}
              max={MAX_AMOUNT}
              allowDecimal={false}
              clampBehavior="strict"
              value={settings.amount}
              onChange={(value) => onChange({ amount: clampAmount(value) })}
            />
            <Group gap="xs" role="group" aria-label={t('ask.settings.presets')}>
              {AMOUNT_PRESETS.map((preset) => (
                <Button
                  key={preset}
                  size="compact-sm"
                  variant={settings.amount === preset ? 'filled' : 'default'}
                  aria-pressed={settings.amount === preset}
                  onClick={() => onChange({ amount: preset })}
                >
                  {preset}
                </Button>
              ))}
            </Group>
          </Stack>
          <NumberInput
            label={t('ask.settings.threshold')}
            description={t('ask.settings.thresholdHint')}
            min={THRESHOLD_MIN}
            max={THRESHOLD_MAX}
            step={THRESHOLD_STEP}
            decimalScale={2}
            clampBehavior="strict"
            value={settings.threshold}
            onChange={(value) =>
              onChange({ threshold: value === '' ? '' : typeof value === 'number' ? value : '' })
            }
          />
        </SimpleGrid>
        {expert && (
          <Stack gap="md">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="ask-search-type">
                {t('ask.settings.searchType')}
              </Text>
              <SegmentedControl
                aria-labelledby="ask-search-type"
                value={settings.searchType}
                onChange={(value) =>
                  onChange({ searchType: value === 'VECTOR' ? 'VECTOR' : 'HYBRID' })
                }
                data={[
                  { value: 'HYBRID', label: t('ask.settings.hybrid') },
                  { value: 'VECTOR', label: t('ask.settings.vector') },
                ]}
              />
            </Stack>
            {agenticAvailable && (
              <Switch
                label={t('ask.settings.agentic')}
                description={t('ask.settings.agenticHint')}
                checked={settings.agentic}
                onChange={(event) => onChange({ agentic: event.currentTarget.checked })}
              />
            )}
            {agenticAvailable && settings.agentic && (
              <Checkbox.Group
                label={t('ask.settings.datasources')}
                value={settings.datasources}
                onChange={(values) =>
                  onChange({ datasources: DATASOURCES.filter((each) => values.includes(each)) })
                }
              >
                <Group gap="md" mt={6}>
                  {DATASOURCES.map((source) => (
                    <Checkbox key={source} value={source} label={t(`ask.settings.${source}`)} />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
