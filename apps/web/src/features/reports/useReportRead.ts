// What a report page shows of its read: the data, a failure's message, or that the survey's results
// are still being prepared. A fresh API's first read of a large survey can come while the survey's
// anonymity gate is built (docs/anonymity.md): the gateway answers RESULTS_PREPARING with the seconds
// to wait, and the page says so and reads again on its own then, instead of showing an error.
import { useEffect, useRef, useState } from 'react';
import { preparingRetryAfter, useErrorMessage } from '../../lib/errors';

export interface ReportRead {
  loading: boolean;
  error?: unknown;
  /** Reads again (Apollo's refetch). */
  refetch: () => Promise<unknown>;
}

export interface ReportReadState {
  /** The message of a failed read; null when it went well or while its results are prepared. */
  error: string | null;
  /** True while the survey's results are being prepared: the page reads again on its own. */
  preparing: boolean;
}

export function useReportRead({ loading, error, refetch }: ReportRead): ReportReadState {
  const message = useErrorMessage();
  const retryAfter = preparingRetryAfter(error);
  // Kept while the read again is under way, so the notice does not give way to a loader and back
  // on each try (state adjusted while rendering, React's pattern for state that follows props).
  const [preparing, setPreparing] = useState(false);
  const now = retryAfter !== null || (loading && preparing);
  if (now !== preparing) setPreparing(now);
  // The latest refetch, so a new function from Apollo does not restart the wait.
  const again = useRef(refetch);
  useEffect(() => {
    again.current = refetch;
  }, [refetch]);
  // Each refusal (a new error object) waits its own Retry-After; leaving the page cancels it.
  useEffect(() => {
    if (retryAfter === null) return undefined;
    const timer = setTimeout(() => {
      // A refusal again comes back as the query's error, and waits again.
      again.current().catch(() => undefined);
    }, retryAfter * 1000);
    return () => clearTimeout(timer);
  }, [error, retryAfter]);
  return { error: error && retryAfter === null ? message(error) : null, preparing: now };
}
