import type { AskRoute_AskMutation } from '../../../../__generated__/graphql';

/** One answer of the Ask page, as the page's mutation reads it. */
export type AskAnswer = AskRoute_AskMutation['askSurvey'];
export type AskAnswerComment = AskAnswer['comments'][number];
