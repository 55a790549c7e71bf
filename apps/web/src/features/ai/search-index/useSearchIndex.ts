// A survey's search index: its state, polled while a build runs, and create and delete.
import { useEffect } from 'react';
import {
  useSearchIndexControls_CreateMutation,
  useSearchIndexControls_DeleteMutation,
  useSearchIndexControls_IndexQuery,
} from '../../../__generated__/graphql';
import { isBuilding, PROGRESS_POLL_MS } from './indexRules';

export function useSearchIndex(surveyId: string) {
  const query = useSearchIndexControls_IndexQuery({
    variables: { surveyId },
    notifyOnNetworkStatusChange: false,
  });
  const [createIndex, createState] = useSearchIndexControls_CreateMutation();
  const [deleteIndex, deleteState] = useSearchIndexControls_DeleteMutation();
  const index = query.data?.survey?.searchIndex ?? null;
  const building = isBuilding(index?.status);
  const { startPolling, stopPolling } = query;

  useEffect(() => {
    if (!building) return;
    startPolling(PROGRESS_POLL_MS);
    return () => stopPolling();
  }, [building, startPolling, stopPolling]);

  return {
    index,
    loading: query.loading && !query.data,
    error: query.error,
    creating: createState.loading || building,
    deleting: deleteState.loading,
    async create() {
      await createIndex({ variables: { surveyId } });
      await query.refetch();
    },
    async remove() {
      await deleteIndex({ variables: { surveyId } });
      await query.refetch();
    },
  };
}
