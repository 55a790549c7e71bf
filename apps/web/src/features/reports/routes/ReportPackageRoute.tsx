// The report package page (spec section 2): the package's data for the chosen survey and unit (or
// the whole organisation) in one request, its charts drawn off-screen into images, and a create-PDF
// button once everything is there and the unit has enough responders. The survey, unit and report
// language can be changed on the page; any change (or a new grouping in the address) starts over:
// Apollo drops the old request for the new variables and the off-screen charts remount, which
// aborts their image work and forgets the old images.
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportPackageRouteQuery } from '../../../__generated__/graphql';
import { downloadBlob } from '../../../lib/download';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useErrorMessage } from '../../../lib/errors';
import { normalizeLanguage } from '../../../lib/i18n/languages';
import { useSession } from '../../../lib/session/session';
import { ReportPage } from '../components/ReportPage';
import { PackageChoices } from '../package/PackageChoices';
import type { ChartImage } from '../package/chartImages';
import { PackageCharts, type PackageChartKey } from '../package/packageCharts';
import { packageFileName, packageState } from '../package/packageRules';
import { useReportLanguage } from '../useReportLanguage';
import type { ReportFilterState } from '../reportQuery';
import { useReportQuery } from '../useReportQuery';
import { useReportRead } from '../useReportRead';
import { tileTitleKey } from '../landing';

interface KeyedImages {
  key: string;
  images: Map<PackageChartKey, ChartImage>;
}

export function ReportPackageRoute() {
  const { t, i18n } = useTranslation('report');
  const message = useErrorMessage();
  const { configuration } = useSession();
  const query = useReportQuery();
  const language = useReportLanguage(query.filters);
  const surveyId = query.filters.surveyIds[0] ?? null;
  const unitId = query.filters.units[0] ?? null;
  const { data, previousData, loading, error, refetch } = useReportPackageRouteQuery({
    variables: { surveyId: surveyId ?? '', unitId, language },
    skip: !surveyId,
  });
  const read = useReportRead({ loading, error, refetch });
  const pkg = data?.reportPackage ?? null;
  // The choices stay on screen while the package of a new choice loads.
  const choices = data ?? previousData;
  const chartsKey = [surveyId, unitId, language, query.filters.groupBy].join('|');
  const [images, setImages] = useState<KeyedImages | null>(null);
  // Keyed like the images: a new survey, unit, language or grouping starts without the last error.
  const [failure, setFailure] = useState<{ key: string; message: string } | null>(null);
  const imageError = failure?.key === chartsKey ? failure.message : null;
  const [busy, setBusy] = useState(false);
  const currentImages = images?.key === chartsKey ? images.images : null;
  // The image work of these choices; a choice made on the page stops it at once.
  const imageWork = useMemo(
    () => ({ key: chartsKey, controller: new AbortController() }),
    [chartsKey],
  );
  const { update } = query;
  const choose = useCallback(
    (patch: Partial<ReportFilterState>) => {
      imageWork.controller.abort();
      update(patch);
    },
    [imageWork, update],
  );

  // The charts' own texts are in the report language: have its texts at hand before they draw.
  const [textsReady, setTextsReady] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void i18n.loadLanguages(normalizeLanguage(language)).then(() => {
      if (current) setTextsReady(language);
    });
    return () => {
      current = false;
    };
  }, [i18n, language]);

  const onImages = useCallback(
    (ready: Map<PackageChartKey, ChartImage>) => setImages({ key: chartsKey, images: ready }),
    [chartsKey],
  );
  const onImageError = useCallback(
    (error: Error) => setFailure({ key: chartsKey, message: error.message }),
    [chartsKey],
  );

  // The off-screen charts draw in a deferred render: the status below paints first, and drawing
  // them (seconds on a slow device) never holds back the summary or the choices.
  const drawnKey = useDeferredValue(chartsKey, null);

  const state = packageState({
    surveyChosen: Boolean(surveyId),
    loading: loading || textsReady !== language,
    enoughResponders: pkg ? pkg.enoughResponders : null,
    imagesReady: currentImages !== null,
  });

  const create = async () => {
    if (!pkg || !currentImages) return;
    setBusy(true);
    try {
      const { createPackagePdf } = await import('../package/createPackagePdf');
      const blob = await createPackagePdf(
        pkg,
        currentImages,
        language,
        configuration.anonymityThreshold,
      );
      downloadBlob(
        blob,
        packageFileName(pkg.survey.name, t('console.package.defaultTitle'), pkg.unitName),
      );
    } catch (error) {
      setFailure({ key: chartsKey, message: message(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ReportPage
      title={t(tileTitleKey('package'))}
      description={t('console.package.description')}
      search={query.search}
      exportKind="pdf"
      loading={state === 'loading'}
      error={read.error}
      preparing={read.preparing}
      top={
        surveyId && (
          <PackageChoices
            surveys={choices?.comparableSurveys ?? []}
            units={choices?.reportFilterChoices?.units ?? []}
            languages={choices?.me?.localizedReports ? choices.configuration.reportLanguages : null}
            surveyId={surveyId}
            unitId={unitId}
            language={language}
            update={choose}
          />
        )
      }
    >
      <Stack gap="md">
        {state === 'idle' && <Text>{t('console.package.chooseSurvey')}</Text>}
        {pkg && (
          <Text fw={500}>
            {t('console.package.summary', {
              survey: pkg.survey.name,
              unit: pkg.unitName,
              finished: pkg.finished,
            })}
          </Text>
        )}
        {state === 'notEnoughResponders' && pkg && (
          <Alert color="orange" role="status">
            {t('console.package.notEnoughResponders', { count: pkg.minimumResponders })}
          </Alert>
        )}
        <ErrorAlert message={imageError} />
        {state === 'preparing' && !imageError && (
          <Group gap="sm">
            <Loader size="sm" aria-hidden />
            <Text c="dimmed">{t('console.package.preparing')}</Text>
          </Group>
        )}
        {state === 'ready' && (
          <Group>
            <Button
              leftSection={<IconFileTypePdf size={18} aria-hidden />}
              loading={busy}
              onClick={() => void create()}
            >
              {t('console.package.create')}
            </Button>
          </Group>
        )}
        {pkg?.enoughResponders && textsReady === language && drawnKey === chartsKey && (
          <PackageCharts
            key={chartsKey}
            data={pkg}
            language={language}
            onImages={onImages}
            onError={onImageError}
            signal={imageWork.controller.signal}
          />
        )}
      </Stack>
    </ReportPage>
  );
}

export { ReportPackageRoute as Component };
