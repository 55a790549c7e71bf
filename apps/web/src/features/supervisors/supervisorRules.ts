// The Supervisors page's rules, free of React: which surveys can be chosen, who may send, how a
// unit's index and last package read.
import type { Role, SuppressionReason, SupervisorPackageStatus } from '../../__generated__/graphql';

export interface SurveyChoice {
  id: string;
  name: string;
  created: string;
  hasStarted: boolean;
  hasEnded: boolean;
}

/** Admins and PartnerAdmins read any started survey; SuperUsers and Users ended ones. Newest first. */
export function surveyChoices(role: Role, surveys: readonly SurveyChoice[]): SurveyChoice[] {
  const early = role === 'ADMIN' || role === 'PARTNER_ADMIN';
  return surveys
    .filter((survey) => (early ? survey.hasStarted || survey.hasEnded : survey.hasEnded))
    .sort((a, b) => b.created.localeCompare(a.created));
}

/** Sending each supervisor their unit's results: Admins and SuperUsers. */
export const maySend = (role: Role): boolean => role === 'ADMIN' || role === 'SUPER_USER';

/** The text key of a hidden index's reason (issue 29 item 4: say which). */
export const reasonKey = (reason: SuppressionReason) =>
  reason === 'DIFFERENCING'
    ? ('supervisors.hidden.differencing' as const)
    : ('supervisors.hidden.belowThreshold' as const);

/** The text key of a unit's latest package outcome. */
const STATUS_KEYS = {
  SENT: 'supervisors.status.sent',
  BELOW_THRESHOLD: 'supervisors.status.belowThreshold',
  DIFFERENCING: 'supervisors.status.differencing',
  NO_SUPERVISOR: 'supervisors.status.noSupervisor',
} as const;

export const statusKey = (status: SupervisorPackageStatus) => STATUS_KEYS[status];

/** The unit's index against the company's, e.g. `+3.2`; null when either is hidden. */
export function indexDifference(unit: number | null, company: number | null): string | null {
  if (unit === null || company === null) return null;
  const difference = Math.round((unit - company) * 10) / 10;
  return `${difference > 0 ? '+' : difference < 0 ? '−' : '±'}${Math.abs(difference).toFixed(1)}`;
}

/** Who looks at the Supervisors page. */
export interface Viewer {
  id: string | null;
  role: Role;
}

/**
 * Whether the viewer may open a unit's package PDF: the company's staff and Admins any unit's, a
 * User only a unit they supervise (the gateway refuses the others, as it does the link).
 */
export function mayOpenPackage(viewer: Viewer, supervisors: readonly { id: string }[]): boolean {
  if (viewer.role !== 'USER') return true;
  return supervisors.some((supervisor) => supervisor.id === viewer.id);
}

/** The server-made PDF of a sent package, in a console language. */
export const packagePdfHref = (packageId: string, language: string): string =>
  `/files/supervisor-packages/${encodeURIComponent(packageId)}.pdf?language=${encodeURIComponent(language)}`;

/** True while the run has units left to do. */
export const running = (run: { finishedAt?: string | null } | null | undefined): boolean =>
  !!run && !run.finishedAt;
