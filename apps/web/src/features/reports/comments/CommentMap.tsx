// The distribution map of one section: a tile per criterion with its comment count (the counts only),
// shaded by its share of the busiest criterion. A tile opens that criterion's comments with five related criteria
// ("also look at these"); the close button returns to the map.
import {
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_COLORS } from '../charts/theme';
import { relatedCriteria } from '../relatedCriteria';
import { mapTiles, type CriterionCount, type Section } from './commentRules';
import type { CommentTopicSlot } from './CommentSections';
import { CriterionComments } from './CriterionComments';
import type { CommentPageSource } from './useCommentPages';

/** The tile's fill: the product orange at the tile's opacity (the text stays fully dark). */
function tileBackground(opacity: number): string {
  const alpha = Math.round(opacity * 255)
    .toString(16)
    .padStart(2, '0');
  return `${CHART_COLORS.orange}${alpha}`;
}

export function CommentMap({
  section,
  criteria,
  source,
  locale,
  besideTopic,
}: {
  section: Section;
  criteria: readonly CriterionCount[];
  source: CommentPageSource;
  locale: string;
  besideTopic?: CommentTopicSlot | undefined;
}) {
  const { t } = useTranslation('report');
  // null: no tile chosen, the map shows.
  const [selected, setSelected] = useState<number | null>(null);
  const tiles = mapTiles(criteria, locale);
  const chosen = tiles.find((tile) => tile.criterion.id === selected);

  if (chosen) {
    const related = relatedCriteria(chosen.criterion.id).map((id) => ({
      id,
      tile: tiles.find((tile) => tile.criterion.id === id),
    }));
    return (
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{chosen.criterion.name}</Title>
          <Button
            variant="subtle"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={() => setSelected(null)}
          >
            {t('console.openComments.close')}
          </Button>
        </Group>
        {/* A new topic is a new list and panel: its pages, summary and translation start over. */}
        <CriterionComments
          key={JSON.stringify([chosen.criterion.id, source])}
          section={section}
          criterion={chosen.criterion}
          total={chosen.count}
          source={source}
          besideTopic={besideTopic}
        />
        <Title order={5}>{t('console.openComments.alsoLook')}</Title>
        <Group gap="xs">
          {related.map(({ id, tile }) => (
            <Button
              key={id}
              size="xs"
              variant="default"
              disabled={!tile}
              onClick={() => setSelected(id)}
            >
              {tile
                ? t('console.openComments.tile', { name: tile.criterion.name, count: tile.count })
                : t(`criteria.${id}`, { defaultValue: String(id) })}
            </Button>
          ))}
        </Group>
      </Stack>
    );
  }

  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="xs">
      {tiles.map((tile) => (
        <UnstyledButton
          key={tile.criterion.id}
          onClick={() => setSelected(tile.criterion.id)}
          aria-label={t('console.openComments.tile', {
            name: tile.criterion.name,
            count: tile.count,
          })}
          data-opacity={tile.opacity}
        >
          <Paper
            p="sm"
            h="100%"
            withBorder
            style={{ backgroundColor: tileBackground(tile.opacity), color: '#1a1a1a' }}
          >
            <Text size="sm" fw={600} lineClamp={2}>
              {tile.criterion.name}
            </Text>
            <Text size="xl" fw={700}>
              {tile.count}
            </Text>
          </Paper>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
