// Index map (spec section 2): a multi-select of background variables and unit levels, and a table of
// their groups by criteria (and the L-index), shaded white to orange; a landscape PDF export.
import { MultiSelect, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLMapRouteQuery, type ReportGrouping } from '../../../__generated__/graphql';
import { ReportPage } from '../components/ReportPage';
import { defaultGrouping, useGroupingOptions } from '../tables/groupingChoices';
import { IndexMapTable } from '../tables/IndexMapTable';
import { exportIndexMapPdf } from '../tables/tablesPdf';
import { useReportLanguage } from '../useReportLanguage';
import { useReportQuery } from '../useReportQuery';
import { useReportRead } from '../useReportRead';
import { tileTitleKey } from '../landing';

export function LMapRoute() {
  const { t } = useTranslation('report');
  const { filters, sets, ready, search } = useReportQuery();
  const language = useReportLanguage(filters);
  const [groupings, setGroupings] = useState<ReportGrouping[]>([defaultGrouping(filters)]);
  const surveyId = filters.surveyIds[0] ?? '';
  const { data, previousData, loading, error, refetch } = useLMapRouteQuery({
    variables: {
      sets,
      language,
      groupings,
      withMap: groupings.length > 0,
      surveyId,
      withChoices: surveyId !== '',
    },
    skip: !ready,
  });
  const read = useReportRead({ loading, error, refetch });
  // While another breakdown loads, the choices stay those already shown (the same survey's).
  const choices = (data ?? previousData)?.reportFilterChoices;
  const options = useGroupingOptions(choices, surveyId !== '');
  const names = Object.fromEntries(options.map((option) => [option.value, option.label]));
  const map = groupings.length > 0 ? data?.report?.indexMap : undefined;
  const title = t(tileTitleKey('lMap'));
  return (
    <ReportPage
      title={title}
      description={map?.subtitle}
      search={search}
      exportKind="pdf"
      onExport={
        map
          ? () =>
              exportIndexMapPdf({
                title,
                subtitle: map.subtitle,
                language,
                map,
                groupingNames: names,
                labels: {
                  group: t('console.lmap.group'),
                  respondents: t('console.lmap.respondents'),
                  lIndex: t('console.lmap.lIndex'),
                  suppressed: t('console.common.suppressed'),
                  legend: t('console.lmap.legend'),
                },
              })
          : undefined
      }
      loading={loading}
      error={read.error}
      preparing={read.preparing}
      top={
        <MultiSelect
          label={t('console.lmap.groupings')}
          data={options}
          // Only choices the survey offers: while they load, or when its results are refused, the
          // chosen ids would otherwise show raw ('UNIT_LEVEL_1').
          value={groupings.filter((grouping) => Object.hasOwn(names, grouping))}
          onChange={(values) =>
            setGroupings(
              values.flatMap((value) => options.find((o) => o.value === value)?.value ?? []),
            )
          }
          maw={640}
          clearable
          searchable
        />
      }
    >
      {map ? (
        <IndexMapTable map={map} groupingNames={names} />
      ) : (
        groupings.length === 0 && <Text c="dimmed">{t('console.lmap.chooseGrouping')}</Text>
      )}
    </ReportPage>
  );
}

export { LMapRoute as Component };
