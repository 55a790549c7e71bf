// What other features use of the reports feature: the report query in the address and the unit
// filter (the AI Ask page follows the report's filter with them), and a gated read's "results are
// being prepared" state with its notice (the Supervisors page reads gated indexes).
export { ResultsPreparingNotice } from './components/ResultsPreparingNotice';
export { UnitFilter } from './components/UnitFilter';
export { useReportQuery } from './useReportQuery';
export { useReportRead } from './useReportRead';
