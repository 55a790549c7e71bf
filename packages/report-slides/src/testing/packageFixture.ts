// A report package as the API answers it for a unit of Demo Oy (set 1) against the whole organisation
// (set 2), for the package's tests. Rows read through shared fragments carry their __typename: a
// mocked Apollo cache matches a fragment by type.
import type { PackageData } from '../types.js';

const criterion = (id: number) => ({ id, name: `Criterion ${id}` });
const EDGES = [0, 30, 40, 50, 60, 70, 80, 90, 100];
const bins = (shares: number[]) =>
  shares.map((share, index) => ({ from: EDGES[index] ?? 0, to: EDGES[index + 1] ?? 100, share }));
const spread = [
  { label: '90-100', share: 20 },
  { label: '80-89', share: 20 },
  { label: '70-79', share: 20 },
  { label: '60-69', share: 20 },
  { label: '<60', share: 20 },
];

export function packageFixture(overrides: Partial<PackageData> = {}): PackageData {
  const datasets = [
    { name: 'HK24: Development', suppressed: false, suppressedBecause: null, participants: 332 },
    { name: 'HK24', suppressed: false, suppressedBecause: null, participants: 460 },
  ].map((dataset) => ({ __typename: 'ReportDataset' as const, ...dataset }));
  const group = <T extends string>(__typename: T) =>
    datasets.map(({ __typename: _dataset, ...dataset }) => ({ __typename, ...dataset }));
  return {
    survey: { id: 's1', name: 'HK24' },
    companyName: 'Demo Oy',
    baseSurvey: null,
    trend: false,
    unit: { id: 'u1', name: 'Development' },
    unitName: 'Development',
    endDate: '2024-10-31T12:00:00.000Z',
    invited: 361,
    finished: 332,
    minimumResponders: 5,
    enoughResponders: true,
    report: {
      satisfaction: {
        title: 'Current satisfaction',
        groups: group('IndexDistributionGroup' as const).map((dataset) => ({
          ...dataset,
          average: 69.2,
          bins: bins([2, 5, 9, 15, 17, 23, 12, 17]),
        })),
      },
      lIndex: {
        title: 'L-index',
        groups: group('IndexDistributionGroup' as const).map((dataset) => ({
          ...dataset,
          average: 66.4,
          bins: bins([0, 1, 10, 25, 29, 24, 11, 2]),
        })),
      },
      enps: {
        title: 'eNPS',
        groups: group('EnpsGroup' as const).map((dataset) => ({
          ...dataset,
          score: 3.1,
          detractors: 27,
          passives: 43,
          promoters: 30,
        })),
      },
      mostImportant: {
        title: 'Most important',
        datasets,
        criteria: Array.from({ length: 10 }, (_, index) => ({
          __typename: 'ImportantCriterion' as const,
          rank: index + 1,
          criterion: criterion(index + 2),
          share: 64 - 3 * index,
          compareShare: 63 - 3 * index,
        })),
      },
      realizations: {
        title: 'Realizations',
        datasets,
        criteria: Array.from({ length: 10 }, (_, index) => ({
          rank: index + 1,
          criterion: criterion(index + 2),
          importance: 64 - 3 * index,
          realizations: [
            { value: 70, spread },
            { value: 68, spread },
          ],
        })),
      },
      realizationsBy: {
        title: 'Realizations by',
        datasets,
        criteria: Array.from({ length: 30 }, (_, index) => ({
          criterion: criterion(31 - index),
          realizations: [
            { value: 60 + index, importance: 10 + index },
            { value: 61 + index, importance: 11 + index },
          ],
        })),
      },
    },
    ...overrides,
  };
}

/** The package with its second set (the organisation) hidden by the gate for `reason`. */
export function withOrganisationHidden(
  data: PackageData,
  reason: 'BELOW_THRESHOLD' | 'DIFFERENCING',
): PackageData {
  const hide = <T extends { suppressed: boolean }>(groups: readonly T[]): T[] =>
    groups.map((group, index) =>
      index === 1 ? { ...group, suppressed: true, suppressedBecause: reason } : group,
    );
  const report = data.report;
  return {
    ...data,
    report: {
      ...report,
      satisfaction: report.satisfaction && {
        ...report.satisfaction,
        groups: hide(report.satisfaction.groups).map((g) =>
          g.suppressed ? { ...g, average: null } : g,
        ),
      },
      lIndex: report.lIndex && {
        ...report.lIndex,
        groups: hide(report.lIndex.groups).map((g) => (g.suppressed ? { ...g, average: null } : g)),
      },
      enps: report.enps && {
        ...report.enps,
        groups: hide(report.enps.groups).map((g) => (g.suppressed ? { ...g, score: null } : g)),
      },
      mostImportant: report.mostImportant && {
        ...report.mostImportant,
        datasets: hide(report.mostImportant.datasets),
      },
    },
  };
}
