// What the package's slides and its charts share: the report data (the shared slide fragment,
// packages/report-slides/src/package.graphql) and the names of the charts.
export type { PackageChartKey, PackageData } from '@survey/report-slides';
