// The REST shapes of the questionnaire (docs/rest-api.md, Questionnaire) that its GraphQL types
// resolve from. Codegen maps `Questionnaire`, `QuestionnaireAnswers` and `BackgroundQuestionChoice`
// to these; the enums map to the REST strings (codegen.ts enumValues).

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
