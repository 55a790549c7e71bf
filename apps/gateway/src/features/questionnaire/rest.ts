// The questionnaire calls of the REST API (docs/rest-api.md, Questionnaire): their paths, bodies and
// answers. The participation token travels in the request body only.
import type {
  MutationFinishQuestionnaireArgs,
  MutationQuestionnaireTokenArgs,
  MutationSaveQuestionnaireDraftArgs,
  QuestionnaireAnswersInput,
} from '../../__generated__/resolvers.js';
import type { BoundRestClient } from '../../lib/rest-client.js';

export type QuestionnaireStatusDto = 'open' | 'notStarted' | 'ended' | 'answered' | 'notInvited';
export type BackgroundKey =
  | 'age'
  | 'gender'
  | 'employmentDuration'
  | 'education'
  | 'position'
  | 'contractType'
  | 'workingHours';

/** Answers as the REST API takes and returns them: background is a record by question key. */
export interface AnswersDto {
  background: Partial<Record<BackgroundKey, string>>;
  important: number[];
  realizations: { criterionId: number; value: number }[];
  satisfaction: number | null;
  enps: number | null;
  changeJob: boolean | null;
  comments: { criterionId: number; type: 'positive' | 'negative' | 'neutral'; text: string }[];
  trend: { criterionId: number; change: 'better' | 'same' | 'worse' }[];
}

export interface BackgroundChoiceDto {
  key: BackgroundKey;
  options: string[];
}

/** `POST /questionnaire/open`. */
export interface QuestionnaireDto {
  status: QuestionnaireStatusDto;
  surveyId: string;
  surveyName: string;
  companyName: string;
  languageCode: string;
  endMessage: string;
  questions: {
    background: BackgroundChoiceDto[];
    criteria: number[];
    commentCriteria: number[];
    importantCount: number;
    commentMaxLength: number;
    trend: { baseSurveyName: string } | null;
  } | null;
  answers: AnswersDto | null;
  savedAt: string | null;
}

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

/** The token, the answers and the language they were given in, as the draft and finish calls take them. */
const answersBody = ({ token, answers, languageCode }: MutationSaveQuestionnaireDraftArgs) => ({
  token,
  answers: toRest(answers),
  ...(languageCode ? { languageCode } : {}),
});

export const open = (api: BoundRestClient, token: string) =>
  api.post<QuestionnaireDto>('/questionnaire/open', { token });

/** The participation token of a survey's PIN sign-in. */
export const pinToken = (api: BoundRestClient, body: MutationQuestionnaireTokenArgs) =>
  api.post<{ token: string }>('/questionnaire/pin', body);

export const saveDraft = (api: BoundRestClient, args: MutationSaveQuestionnaireDraftArgs) =>
  api.put<{ savedAt: string }>('/questionnaire/draft', answersBody(args));

export const finish = (api: BoundRestClient, args: MutationFinishQuestionnaireArgs) =>
  api.post<{ status: 'answered'; endMessage: string }>('/questionnaire/finish', answersBody(args));
