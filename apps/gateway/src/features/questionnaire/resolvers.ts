import { GraphQLError } from 'graphql';
import type {
  FieldError,
  QuestionnaireAnswersInput,
  Resolvers,
} from '../../__generated__/resolvers.js';
import type {
  AnswersDto,
  BackgroundKey,
  QuestionnaireDto,
  QuestionnaireStatusDto,
} from './mappers.js';

const STATUSES: readonly string[] = ['open', 'notStarted', 'ended', 'answered', 'notInvited'];

const codeOf = (error: unknown) =>
  error instanceof GraphQLError ? error.extensions.code : undefined;

/** The REST body's answers: everything present, background as a record by question key. */
function toRest(input: QuestionnaireAnswersInput): AnswersDto {
  return {
    background: Object.fromEntries(
      (input.background ?? []).map((answer) => [answer.question, answer.value]),
    ) as AnswersDto['background'],
    important: input.important ?? [],
    realizations: input.realizations ?? [],
    satisfaction: input.satisfaction ?? null,
    enps: input.enps ?? null,
    changeJob: input.changeJob ?? null,
    comments: input.comments ?? [],
    trend: input.trend ?? [],
  };
}

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
    if (codeOf(error) !== 'BAD_USER_INPUT') throw error;
    const fieldErrors = ((error as GraphQLError).extensions.fieldErrors as FieldError[]) ?? [];
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
    async questionnaire(_parent, { token }, { api }) {
      try {
        return await api.post<QuestionnaireDto>('/questionnaire/open', { token });
      } catch (error) {
        // Unknown (404) or malformed (400) tokens are the same to the person: no questionnaire.
        const code = codeOf(error);
        if (code === 'NOT_FOUND' || code === 'BAD_USER_INPUT') return null;
        throw error;
      }
    },
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
        const { token } = await api.post<{ token: string }>('/questionnaire/pin', {
          surveyId,
          email,
          pin,
        });
        return { ok: true, fieldErrors: [], token };
      } catch (error) {
        const code = codeOf(error);
        if (code === 'NOT_FOUND')
          return {
            ok: false,
            fieldErrors: [{ field: 'pin', message: 'questionnaire.errors.pinMismatch' }],
            token: null,
          };
        if (code === 'BAD_USER_INPUT') {
          const fieldErrors =
            ((error as GraphQLError).extensions.fieldErrors as FieldError[]) ?? [];
          return { ok: false, fieldErrors, token: null };
        }
        throw error;
      }
    },

    saveQuestionnaireDraft(_parent, { token, answers, languageCode }, { api }) {
      return saveResult(() =>
        api.put<{ savedAt: string }>('/questionnaire/draft', {
          token,
          answers: toRest(answers),
          ...(languageCode ? { languageCode } : {}),
        }),
      );
    },

    finishQuestionnaire(_parent, { token, answers, languageCode }, { api }) {
      return saveResult(async () => {
        const done = await api.post<{ status: 'answered'; endMessage: string }>(
          '/questionnaire/finish',
          { token, answers: toRest(answers), ...(languageCode ? { languageCode } : {}) },
        );
        return { status: done.status, endMessage: done.endMessage, savedAt: null };
      });
    },
  },
};
