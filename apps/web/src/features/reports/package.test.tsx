// The report package page: the create button's rule (data, images, enough responders), the
// not-enough-responders message and the file name.
import type { MockedResponse } from '@apollo/client/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ReportPackageRouteDocument,
  type ReportPackageRouteQuery,
} from '../../__generated__/graphql';
import { renderRoutes, testAccount, testSession } from '../../test/render';
import { PackageChoices } from './package/PackageChoices';
import { packageFixture } from './package/packageFixture';
import { packageFileName, packageState } from './package/packageRules';
import { ReportPackageRoute } from './routes/ReportPackageRoute';

describe('report package rules', () => {
  const ready = { surveyChosen: true, loading: false, enoughResponders: true, imagesReady: true };

  it('offers the PDF only with the data loaded, the images made and enough responders', () => {
    expect(packageState(ready)).toBe('ready');
    expect(packageState({ ...ready, loading: true })).toBe('loading');
    expect(packageState({ ...ready, enoughResponders: null })).toBe('loading');
    expect(packageState({ ...ready, imagesReady: false })).toBe('preparing');
    expect(packageState({ ...ready, surveyChosen: false })).toBe('idle');
  });

  it('shows the not-enough-responders message instead, whatever the images', () => {
    expect(packageState({ ...ready, enoughResponders: false })).toBe('notEnoughResponders');
    expect(packageState({ ...ready, enoughResponders: false, imagesReady: false })).toBe(
      'notEnoughResponders',
    );
  });

  it('names the file product, report title and unit', () => {
    expect(packageFileName('HK24', 'Report package', 'Development')).toBe(
      'Survey Console - HK24 - Development.pdf',
    );
  });

  it('falls back to the default title and keeps the whole-data label', () => {
    expect(packageFileName('  ', 'Report package', 'Whole organisation')).toBe(
      'Survey Console - Report package - Whole organisation.pdf',
    );
    expect(packageFileName(null, 'Raporttipaketti', 'Koko organisaatio')).toBe(
      'Survey Console - Raporttipaketti - Koko organisaatio.pdf',
    );
  });

  it('keeps characters file systems refuse out of the name', () => {
    expect(packageFileName('HK 1/2024', 'Report package', 'R&D: "core"')).toBe(
      'Survey Console - HK 1-2024 - R&D- -core-.pdf',
    );
  });
});

function packageMock(
  data: ReportPackageRouteQuery['reportPackage'],
  unitId: string | null = 'u1',
): MockedResponse {
  return {
    request: {
      query: ReportPackageRouteDocument,
      variables: { surveyId: 's1', unitId, language: 'en-US' },
    },
    result: {
      data: {
        me: { __typename: 'Account', id: 'a1', localizedReports: false },
        configuration: { __typename: 'Configuration', reportLanguages: ['en-US', 'fi-FI'] },
        comparableSurveys: [{ __typename: 'Survey', id: 's1', name: 'HK24' }],
        reportFilterChoices: {
          __typename: 'ReportFilterChoices',
          units: [{ __typename: 'ReportUnitChoice', id: 'u1', name: 'Development', level: 1 }],
        },
        // The slides' fields come through a fragment on ReportPackage: the cache matches it by type.
        reportPackage: data && { __typename: 'ReportPackage', ...data },
      },
    },
  };
}

function renderPackage(...mocks: MockedResponse[]) {
  return renderRoutes({
    routes: [{ path: '/report/package', element: <ReportPackageRoute /> }],
    initialEntries: ['/report/package?companyId=c1&surveyId=s1&unit=u1'],
    session: testSession({ account: testAccount({ role: 'SUPER_USER', language: 'en-US' }) }),
    mocks,
  });
}

// The page draws its 7 package charts off-screen with Highcharts, in jsdom: 2.5 s on an idle machine,
// over 60 s in a CI run at load 20-30 on 2 cores.
describe('ReportPackageRoute', { timeout: 180_000 }, () => {
  beforeEach(() => {
    // The chart images embed the report font, fetched from the dev server's files: jsdom's fetch
    // cannot resolve such a path, and the image error then raced the preparing state.
    vi.stubGlobal('fetch', async () => ({ blob: async () => new Blob(['font']) }));
  });
  afterEach(() => {
    Reflect.deleteProperty(HTMLImageElement.prototype, 'decode');
  });

  it('shows the not-enough-responders message and no create button for a small unit', async () => {
    renderPackage(
      packageMock(packageFixture({ finished: 3, invited: 4, enoughResponders: false })),
    );
    expect(
      await screen.findByText('Too few responders for a report package: at least 5 are needed.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create PDF' })).not.toBeInTheDocument();
  });

  it('holds the create button back while the chart images are being made', async () => {
    // jsdom draws no images: an image that never finishes decoding keeps the page preparing.
    Object.defineProperty(HTMLImageElement.prototype, 'decode', {
      configurable: true,
      value: () => new Promise<void>(() => undefined),
    });
    renderPackage(packageMock(packageFixture()));
    expect(await screen.findByText('HK24 · Development: 332 responders')).toBeInTheDocument();
    expect(await screen.findByText('Preparing the charts…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create PDF' })).not.toBeInTheDocument();
  });

  it('changes the unit on the page: the address follows and the new package loads', async () => {
    Object.defineProperty(HTMLImageElement.prototype, 'decode', {
      configurable: true,
      value: () => new Promise<void>(() => undefined),
    });
    const whole = packageFixture({ unit: null, unitName: 'Whole organisation', finished: 460 });
    const { router } = renderPackage(packageMock(packageFixture()), packageMock(whole, null));
    expect(await screen.findByText('HK24 · Development: 332 responders')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Survey' })).toHaveValue('HK24');
    await userEvent.click(screen.getByRole('combobox', { name: 'Unit' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Whole organisation' }));
    expect(
      await screen.findByText('HK24 · Whole organisation: 460 responders'),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?companyId=c1&surveyId=s1');
    expect(await screen.findByText('Preparing the charts…')).toBeInTheDocument();
  });
});

describe('PackageChoices', () => {
  it('passes on only a real change: choosing the unit already chosen stops nothing', async () => {
    const update = vi.fn();
    renderRoutes({
      routes: [
        {
          path: '/report/package',
          element: (
            <PackageChoices
              surveys={[{ id: 's1', name: 'HK24' }]}
              units={[{ id: 'u1', name: 'Development', level: 1 }]}
              languages={null}
              surveyId="s1"
              unitId="u1"
              language="en-US"
              update={update}
            />
          ),
        },
      ],
      initialEntries: ['/report/package?surveyId=s1&unit=u1'],
      session: testSession({ account: testAccount({ role: 'SUPER_USER', language: 'en-US' }) }),
      mocks: [],
    });
    await userEvent.click(screen.getByRole('combobox', { name: 'Unit' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Development' }));
    expect(update).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('combobox', { name: 'Unit' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Whole organisation' }));
    expect(update).toHaveBeenCalledWith({ units: [] });
  });
});
