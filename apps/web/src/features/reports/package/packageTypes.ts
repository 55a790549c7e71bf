// What the package's slides and its charts share: the report data and the names of the charts. Both
// sides import these from here, so neither module imports the other.
import type { ReportPackageRouteQuery } from '../../../__generated__/graphql';

export type PackageData = NonNullable<ReportPackageRouteQuery['reportPackage']>;

export type PackageChartKey =
  | 'satisfaction'
  | 'usVsOrganisation'
  | 'realization'
  | 'scatter'
  | 'lIndexDistribution'
  | 'lIndexCompare'
  | 'enpsBubble';
