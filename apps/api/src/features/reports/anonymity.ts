// Anonymity of survey-model.md: no value for a group below the threshold, and suppression that
// survives differencing (gate.ts decides; docs/anonymity.md explains).
import type { SuppressionReason } from './gate.js';

/** The smallest group a report may show: the configured value, never below 3. */
export const anonymityThreshold = (configured: number): number =>
  Math.max(3, Math.floor(configured));

/** What a report answers for a group it may not show: never zeros that look like data. */
export interface Suppressed {
  name: string;
  suppressed: true;
  /** belowThreshold: fewer than T people; differencing: shown, it would isolate fewer than T. */
  reason: SuppressionReason;
}

export const suppressed = (name: string, reason: SuppressionReason): Suppressed => ({
  name,
  suppressed: true,
  reason,
});
