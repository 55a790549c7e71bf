import type { Draft, Questions } from '../model';

/** What every step gets: the answers so far, what is asked, and a way to change the answers. */
export interface StepProps {
  draft: Draft;
  questions: Questions;
  change: (update: (draft: Draft) => Draft) => void;
}
