import type { FieldError, Resolvers } from '../../__generated__/resolvers.js';
import { codeOf } from '../../lib/errors.js';
import { fieldErrorsOf, orNull } from '../../lib/results.js';
import * as rest from './rest.js';
import type { BackgroundKey, QuestionnaireStatusDto } from './rest.js';

const STATUSES: readonly string[] = ['open', 'notStarted', 'ended', 'answered', 'notInvited'];

/**
 * Invalid answers and a questionnaire that is no longer open are expected (the person fixes them or
 * reads why): they come back as data. A 409 carries the status as its one field error.
 */
async function saveResult<T extends object>(
  action: () => Promise<T>,
): Promise<T & { ok: boolean; fieldErrors: FieldError[]; status: QuestionnaireStatusDto }> {
  try {
    const done = await action();
    return { status: 'open', ...done, ok: true, fieldErrors: [] };
  } catch (error) {
    const fieldErrors = fieldErrorsOf(error);
    if (!fieldErrors) throw error;
    const closed = fieldErrors.find((e) => e.field === 'status' && STATUSES.includes(e.message));
    if (closed) {
      return {
        ok: false,
        fieldErrors: [],
        status: closed.message as QuestionnaireStatusDto,
      } as T & {
        ok: boolean;
        fieldErrors: FieldError[];
        status: QuestionnaireStatusDto;
      };
    }
    return { ok: false, fieldErrors, status: 'open' } as T & {
      ok: boolean;
      fieldErrors: FieldError[];
      status: QuestionnaireStatusDto;
    };
  }
}

/**
 * The participant's questionnaire (issue 16): public operations, no session. The participation
 * token goes to the REST API in the request body only.
 */
export const questionnaireResolvers: Resolvers = {
  // Each enum value resolves from the REST string (codegen.ts enumValues).
  QuestionnaireStatus: {
    OPEN: 'open',
    NOT_STARTED: 'notStarted',
    ENDED: 'ended',
    ANSWERED: 'answered',
    NOT_INVITED: 'notInvited',
  },
  BackgroundQuestion: {
    AGE: 'age',
    GENDER: 'gender',
    EMPLOYMENT_DURATION: 'employmentDuration',
    EDUCATION: 'education',
    POSITION: 'position',
    CONTRACT_TYPE: 'contractType',
    WORKING_HOURS: 'workingHours',
  },
  TrendChange: { BETTER: 'better', SAME: 'same', WORSE: 'worse' },

  Query: {
    // Unknown (404) or malformed (400) tokens are the same to the person: no questionnaire.
    questionnaire: (_parent, { token }, { api }) =>
      orNull(rest.open(api, token), ['NOT_FOUND', 'BAD_USER_INPUT']),
  },

  Questionnaire: {
    questions: ({ questions }) =>
      questions && {
        ...questions,
        background: questions.background.map(({ key, options }) => ({ question: key, options })),
      },
  },

  QuestionnaireAnswers: {
    background: (answers) =>
      Object.entries(answers.background).map(([question, value]) => ({
        question: question as BackgroundKey,
        value: value ?? '',
      })),
  },

  Mutation: {
    async questionnaireToken(_parent, { surveyId, email, pin }, { api }) {
      try {
        const { token } = await rest.pinToken(api, { surveyId, email, pin });
        return { ok: true, fieldErrors: [], token };
      } catch (error) {
        if (codeOf(error) === 'NOT_FOUND')
          return {
            ok: false,
            fieldErrors: [{ field: 'pin', message: 'questionnaire.errors.pinMismatch' }],
            token: null,
          };
        const fieldErrors = fieldErrorsOf(error);
        if (!fieldErrors) throw error;
        return { ok: false, fieldErrors, token: null };
      }
    },

    saveQuestionnaireDraft: (_parent, args, { api }) => saveResult(() => rest.saveDraft(api, args)),

    finishQuestionnaire(_parent, args, { api }) {
      return saveResult(async () => {
        const done = await rest.finish(api, args);
        return { status: done.status, endMessage: done.endMessage, savedAt: null };
      });
    },
  },
};
