// The REST shapes (docs/rest-api.md, Companies section) the company GraphQL types resolve from.
// Codegen maps `Company`, `CompanyPage`, `Unit` and friends to these, so a changed REST field breaks
// the build.

export interface CompanySettingsDto {
  groupCommentsUnit1: boolean;
  groupCommentsUnit2: boolean;
  groupCommentsUnit3: boolean;
  groupCommentsUnit4: boolean;
  groupCommentsUnit5: boolean;
  groupCommentsUnit6: boolean;
  groupCommentsUnit7: boolean;
  groupCommentsUnit8: boolean;
  groupCommentsUnit9: boolean;
  groupCommentsUnit10: boolean;
  allowViewCommentsOfSmallGroup: boolean;
  localizedReports: boolean;
  reportPackage: boolean;
  showPassQuestions: boolean;
  restrictOpenCommentsByUnit: boolean;
  sendEmailAfterSurvey: boolean;
  showBackgroundAge: boolean;
  showBackgroundGender: boolean;
  showBackgroundEmploymentDuration: boolean;
  showBackgroundEducation: boolean;
  showBackgroundPosition: boolean;
  showBackgroundContractType: boolean;
  showBackgroundWorkingHours: boolean;
}

/** `GET /companies/{id}`, an entry of `GET /companies` and of a page. */
export interface CompanyDto {
  id: string;
  name: string;
  industryId: string;
  sizeId: string;
  settings: CompanySettingsDto;
  /** ISO 8601 instant. */
  created: string;
}

/** `GET /companies/{skip}/{take}`. */
export interface CompanyPageDto {
  records: CompanyDto[];
  totalRecords: number;
}

export interface UnitDto {
  id: string;
  index: number;
  name: string;
  parentId: string | null;
}

/** An entry of `GET /companies/units/newresponder/{id}`'s `levels`. */
export interface UnitLevelDto {
  index: number;
  units: UnitDto[];
}

export interface UnitLevelsDto {
  levels: UnitLevelDto[];
}

export interface CompanySurveyDto {
  id: string;
  name: string;
  created: string;
  invitesSent: string | null;
  finished: string | null;
  hasStarted: boolean;
  hasEnded: boolean;
  baseSurveyId: string | null;
}

/** An entry of `GET /companies/companiesandsurveys`. */
export interface CompanyWithSurveysDto {
  id: string;
  name: string;
  surveys: CompanySurveyDto[];
}
