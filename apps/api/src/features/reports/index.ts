// What other features may use of the reports feature.
export { reportsRoutes } from './routes.js';
export {
  anonymityGate,
  onGateBuild,
  type GateBuild,
  type SurveyGate,
  type SuppressionReason,
} from './gate.js';
export { anonymityThreshold } from './anonymity.js';
export { warmGates } from './warm.js';
export { endIdlePartitionWorkers } from './partition-thread.js';
export { reportsService, type ReportsService } from './service.js';
export { UNIT_KEYS, type GroupKey, type ReportQuery } from './schemas.js';
export type { GatedComment } from './families/comments.queries.js';
export type { GatedIndex, UnitIndexes } from './families/unit-indexes.js';
