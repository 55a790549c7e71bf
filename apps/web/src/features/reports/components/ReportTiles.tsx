// The grid of report tiles on the landing page. A tile links to its report with the current filters;
// a disabled tile, or one with no filters to carry yet, is plain text.
import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconChartBar,
  IconChartDots3,
  IconChartHistogram,
  IconFileTypePdf,
  IconGridDots,
  IconListNumbers,
  IconMessage2,
  IconMoodSmile,
  IconRobot,
  IconTable,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tileHref, type ReportTile, type TileKey } from '../landing';

const ICONS: Record<TileKey, Icon> = {
  currentSatisfaction: IconMoodSmile,
  mostImportant: IconListNumbers,
  mostImportantGrouped: IconUsersGroup,
  realizations: IconChartBar,
  lIndexCompare: IconChartHistogram,
  lIndexGrouped: IconUsersGroup,
  realizationsByVariables: IconChartBar,
  enps: IconChartDots3,
  openComments: IconMessage2,
  askKiddy: IconRobot,
  correlation: IconGridDots,
  lMap: IconTable,
  package: IconFileTypePdf,
};

interface ReportTilesProps {
  tiles: readonly ReportTile[];
  /** The filters' query string. */
  search: string;
  /** False while nothing is chosen or the chosen survey is loading: no tile is a link yet. */
  ready: boolean;
}

export function ReportTiles({ tiles, search, ready }: ReportTilesProps) {
  const { t } = useTranslation('report');
  const trend = tiles.some((tile) => tile.reason === 'trend');
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {tiles.map((tile) => {
          const href = tileHref(tile, search, ready);
          const TileIcon = ICONS[tile.key];
          const body = (
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <ThemeIcon variant="light" size="lg" color={href ? undefined : 'gray'} aria-hidden>
                <TileIcon size={20} />
              </ThemeIcon>
              <div>
                <Text fw={600}>{t(`console.landing.tiles.${tile.key}.title`)}</Text>
                <Text size="sm" c="dimmed">
                  {tile.reason
                    ? t(`console.landing.disabled.${tile.reason}`)
                    : t(`console.landing.tiles.${tile.key}.description`)}
                </Text>
              </div>
            </Group>
          );
          return href ? (
            <Card
              key={tile.key}
              component={Link}
              to={href}
              withBorder
              padding="md"
              data-tile={tile.key}
            >
              {body}
            </Card>
          ) : (
            <Card
              key={tile.key}
              withBorder
              padding="md"
              aria-disabled
              data-tile={tile.key}
              style={{ opacity: tile.disabled ? 0.55 : 0.8, cursor: 'default' }}
            >
              {body}
            </Card>
          );
        })}
      </SimpleGrid>
      {/* "Not available for a trend survey" on a tile: what a trend survey is, and why. */}
      {trend && (
        <Text size="sm" c="dimmed" id="trend-explained" data-testid="trend-explained">
          {t('console.landing.trendExplained')}
        </Text>
      )}
    </Stack>
  );
}
