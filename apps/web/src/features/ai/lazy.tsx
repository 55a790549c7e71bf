// Lazy wrappers: the AI code is a chunk of its own, fetched the first time a panel shows. A failing
// panel leaves the page around it standing (its own error boundary).
import { lazy, Suspense } from 'react';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import type { CommentAiPanelsProps } from './summaries/CommentAiPanels';
import type { SurveyAiSectionProps } from './search-index/SurveyAiSection';

const Panels = lazy(() => import('./summaries/CommentAiPanels'));
const Section = lazy(() => import('./search-index/SurveyAiSection'));

export function CommentAiPanels(props: CommentAiPanelsProps) {
  return (
    <ErrorBoundary what="The AI panels" fallback={() => null}>
      <Suspense fallback={null}>
        <Panels {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}

export function SurveyAiSection(props: SurveyAiSectionProps) {
  return (
    <ErrorBoundary what="The AI search index section" fallback={() => null}>
      <Suspense fallback={null}>
        <Section {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
