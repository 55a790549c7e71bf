// What other features use of the reports feature: the report query in the address and the unit
// filter (the AI Ask page follows the report's filter with them).
export { UnitFilter } from './components/UnitFilter';
export { useReportQuery } from './useReportQuery';
