// What other features may use of the ai feature. Each piece loads its code (and the `ai` texts)
// only when it first renders, so the pages that embed it stay as small as they were.
export { CommentAiPanels, SurveyAiSection } from './lazy';
export type { CommentAiPanelsProps } from './summaries/CommentAiPanels';
