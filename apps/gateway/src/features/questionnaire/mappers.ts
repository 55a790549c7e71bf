// The REST shapes of the questionnaire (docs/rest-api.md, Questionnaire; defined in rest.ts) that its
// GraphQL types resolve from. Codegen maps `Questionnaire`, `QuestionnaireAnswers` and
// `BackgroundQuestionChoice` to these; the enums map to the REST strings (codegen.ts enumValues).
export type { AnswersDto, QuestionnaireDto } from './rest.js';
