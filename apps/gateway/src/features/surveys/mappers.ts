// The REST shapes (docs/rest-api.md, Surveys section) that the survey GraphQL types resolve from.
// Codegen maps `Survey`, `SurveyPage`, `SurveyCompanyData` and `ResponseActivity` to these, so a
// changed REST field breaks the build. A survey's company comes from the companies feature's
// `companyById` loader.

export interface SurveySettingsDto {
  showBackgroundAge: boolean;
  showBackgroundGender: boolean;
  showBackgroundEmploymentDuration: boolean;
  showBackgroundEducation: boolean;
  showBackgroundPosition: boolean;
  showBackgroundContractType: boolean;
  showBackgroundWorkingHours: boolean;
  showAskKiddyManager: boolean;
  showAskKiddyUser: boolean;
  showAgenticAskKiddy: boolean;
  shouldUseVectorSearchAskKiddy: boolean;
  showAiSummarizationManager: boolean;
  showAiSummarizationUser: boolean;
  showAiTranslationManager: boolean;
  showAiTranslationUser: boolean;
}

export interface SurveyDto {
  id: string;
  name: string;
  shortName: string;
  companyId: string;
  baseSurveyId: string | null;
  tracking: boolean;
  /** ISO 8601 instants. */
  created: string;
  invitesSent: string | null;
  finished: string | null;
  hasStarted: boolean;
  hasEnded: boolean;
  showOpenComments: string | null;
  surveyEndMessage: string;
  settings: SurveySettingsDto | null;
  participantCount: number;
  finishedCount: number;
}

/** `GET /surveys/{skip}/{take}`. */
export interface SurveyPageDto {
  records: SurveyDto[];
  totalRecords: number;
}

/** `GET /surveys/getcompanydata/{companyId}`. */
export interface SurveyCompanyDataDto {
  companyId: string;
  companyName: string;
  openSurvey: SurveyDto | null;
  latestEndedSurvey: SurveyDto | null;
}

/** One row of `byUnits` in `GET /surveys/responseactivity/{id}`. */
export interface UnitActivityDto {
  /** A unit's uuid, or "999" for the whole company. */
  unitId: string;
  /** True for the whole company's row (read this, not the id). */
  wholeCompany: boolean;
  index: number;
  name: string;
  count: number;
  invited: number;
  finished: number;
  responsePercentage: number;
}

/** `GET /surveys/responseactivity/{id}`. */
export interface ResponseActivityDto {
  count: number;
  invited: number;
  finishedCount: number;
  byUnits: UnitActivityDto[];
}
