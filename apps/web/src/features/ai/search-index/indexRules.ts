// The search index's states as the dialogs show them (administration.md section 4: confirm, loading,
// result message, error; a build may take 5-10 minutes).
import type { SearchIndexStatus } from '../../../__generated__/graphql';

/** How often the page asks for the build's progress while it runs. */
export const PROGRESS_POLL_MS = 1000;

export const isBuilding = (status: SearchIndexStatus | null | undefined) =>
  status === 'QUEUED' || status === 'BUILDING';

export type DialogStep = 'closed' | 'confirm' | 'running' | 'result' | 'error';

/** Progress 0..100 for the bar (the server's 0..1, rounded down so 100 means done). */
export const progressPercent = (progress: number) =>
  Math.max(0, Math.min(100, Math.floor(progress * 100)));
