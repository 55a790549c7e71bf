// The questionnaire's answers as the page holds them, the steps it shows, and what each step still
// misses. The server checks everything again when finishing (docs/rest-api.md, Questionnaire).
import type {
  BackgroundQuestion,
  CommentType,
  QuestionnaireAnswersInput,
  QuestionnaireRoute_QuestionnaireQuery,
  TrendChange,
} from '../../__generated__/graphql';

export type Loaded = NonNullable<QuestionnaireRoute_QuestionnaireQuery['questionnaire']>;
export type Questions = NonNullable<Loaded['questions']>;
type ServerAnswers = NonNullable<Loaded['answers']>;

export interface DraftComment {
  /** A key for React: comments have no id until saved. */
  key: number;
  criterionId: number;
  type: CommentType;
  text: string;
}

export interface Draft {
  background: Partial<Record<BackgroundQuestion, string>>;
  important: number[];
  /** Criterion id to 0..100; a criterion not here is not rated yet. */
  realizations: Record<number, number>;
  satisfaction: number | null;
  enps: number | null;
  changeJob: boolean | null;
  comments: DraftComment[];
  trend: Record<number, TrendChange>;
}

export const emptyDraft = (): Draft => ({
  background: {},
  important: [],
  realizations: {},
  satisfaction: null,
  enps: null,
  changeJob: null,
  comments: [],
  trend: {},
});

let commentKey = 0;
export const nextCommentKey = () => (commentKey += 1);

export function fromServer(answers: ServerAnswers | null): Draft {
  if (!answers) return emptyDraft();
  return {
    background: Object.fromEntries(answers.background.map((b) => [b.question, b.value])),
    important: [...answers.important],
    realizations: Object.fromEntries(answers.realizations.map((r) => [r.criterionId, r.value])),
    satisfaction: answers.satisfaction,
    enps: answers.enps,
    changeJob: answers.changeJob,
    comments: answers.comments.map((c) => ({ ...c, key: nextCommentKey() })),
    trend: Object.fromEntries(answers.trend.map((t) => [t.criterionId, t.change])),
  };
}

/** The background value of "I prefer not to answer": chosen on the page, never sent. */
export const DECLINED = '';

export function toInput(draft: Draft): QuestionnaireAnswersInput {
  return {
    background: Object.entries(draft.background)
      .filter(([, value]) => value !== DECLINED)
      .map(([question, value]) => ({ question: question as BackgroundQuestion, value })),
    important: draft.important,
    realizations: Object.entries(draft.realizations).map(([id, value]) => ({
      criterionId: Number(id),
      value,
    })),
    satisfaction: draft.satisfaction,
    enps: draft.enps,
    changeJob: draft.changeJob,
    comments: draft.comments.map(({ criterionId, type, text }) => ({ criterionId, type, text })),
    // Only the important criteria are asked; a change left from an unpicked one is dropped.
    trend: Object.entries(draft.trend)
      .map(([id, change]) => ({ criterionId: Number(id), change }))
      .filter((t) => draft.important.includes(t.criterionId)),
  };
}

export type StepName =
  'background' | 'important' | 'realization' | 'overall' | 'comments' | 'trend';

/** The steps this questionnaire shows, in order. */
export function stepsOf(questions: Questions): StepName[] {
  return [
    ...(questions.background.length > 0 ? (['background'] as const) : []),
    'important',
    'realization',
    'overall',
    'comments',
    ...(questions.trend ? (['trend'] as const) : []),
  ];
}

/** The realization step shows this many criteria at a time. */
export const REALIZATION_GROUP_SIZE = 6;

/** `items` in consecutive groups of `size` (the last may be shorter). */
export function groupsOf<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size));
  return groups;
}

/** A thing still missing: a `questionnaire` text key with its values. */
export interface Missing {
  key:
    | 'missing.important'
    | 'missing.realization'
    | 'missing.satisfaction'
    | 'missing.enps'
    | 'missing.changeJob'
    | 'missing.trend'
    | 'missing.commentEmpty'
    | 'missing.commentTooLong';
  values?: Record<string, number>;
}

/** What the step still needs before the questionnaire can be sent. */
export function missingIn(step: StepName, draft: Draft, questions: Questions): Missing[] {
  switch (step) {
    case 'background':
      return [];
    case 'important':
      return draft.important.length === questions.importantCount
        ? []
        : [
            {
              key: 'missing.important',
              values: { count: questions.importantCount, chosen: draft.important.length },
            },
          ];
    case 'realization': {
      const missing = questions.criteria.filter((id) => draft.realizations[id] === undefined);
      return missing.length === 0
        ? []
        : [{ key: 'missing.realization', values: { missing: missing.length } }];
    }
    case 'overall':
      return [
        ...(draft.satisfaction === null ? [{ key: 'missing.satisfaction' } as const] : []),
        ...(draft.enps === null ? [{ key: 'missing.enps' } as const] : []),
        ...(draft.changeJob === null ? [{ key: 'missing.changeJob' } as const] : []),
      ];
    case 'comments':
      return draft.comments.flatMap((comment, index): Missing[] => {
        if (comment.text.trim() === '')
          return [{ key: 'missing.commentEmpty', values: { number: index + 1 } }];
        if (comment.text.length > questions.commentMaxLength)
          return [{ key: 'missing.commentTooLong', values: { number: index + 1 } }];
        return [];
      });
    case 'trend': {
      const missing = draft.important.filter((id) => draft.trend[id] === undefined);
      return missing.length === 0
        ? []
        : [{ key: 'missing.trend', values: { missing: missing.length } }];
    }
  }
}

/**
 * Where "Continue where I left off" opens (index into `steps`): the first step that still misses
 * an answer, after the optional ones the person has passed; with nothing missing, the last step.
 * A draft is saved on every step change, so what is saved tells how far the person got.
 */
export function resumeStep(steps: StepName[], draft: Draft, questions: Questions): number {
  const firstIncomplete = steps.findIndex((step) => missingIn(step, draft, questions).length > 0);
  return firstIncomplete >= 0 ? firstIncomplete : steps.length - 1;
}

/** The step a server field path (`realizations.7`, `comments.0.text`, …) belongs to. */
export function stepOfField(field: string): StepName {
  const head = field.split('.')[0];
  if (head === 'background') return 'background';
  if (head === 'important') return 'important';
  if (head === 'realizations') return 'realization';
  if (head === 'comments') return 'comments';
  if (head === 'trend') return 'trend';
  return 'overall';
}
