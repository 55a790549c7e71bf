// The surveys calls of the REST API (docs/rest-api.md, Surveys): their paths, query strings, bodies
// and answers. Other features read a survey and its response activity through these too.
import type { Survey } from '@survey/api';
import type { CreateSurveyInput, UpdateSurveyInput } from '../../__generated__/resolvers.js';
import type { BoundRestClient } from '../../lib/rest-client.js';
import { pagePath, path, withQuery, type ListQuery } from '../../lib/rest-params.js';

export type SurveyDto = Survey;

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

/** `GET /surveys/{skip}/{take}?query=&timeZone=&order=&direction=` (10 rows unless `take` says otherwise). */
export const surveyPage = (
  api: BoundRestClient,
  { query, timeZone, order, direction, ...page }: ListQuery & { timeZone?: string | null },
) => api.get<SurveyPageDto>(pagePath('/surveys', page, 10, { query, timeZone, order, direction }));

export const survey = (api: BoundRestClient, id: string) =>
  api.get<SurveyDto>(path`/surveys/${id}`);

export const responseActivity = (api: BoundRestClient, surveyId: string) =>
  api.get<ResponseActivityDto>(path`/surveys/responseactivity/${surveyId}`);

export const endingSurveys = (api: BoundRestClient) =>
  api.get<SurveyDto[]>('/surveys/endingsurveys');

/** The company's ended surveys a new survey may compare with. */
export const comparableSurveys = (api: BoundRestClient, companyId: string) =>
  api.get<SurveyDto[]>(withQuery('/surveys/comparablesurveys', { companyId }));

export const companyData = (api: BoundRestClient, companyId: string) =>
  api.get<SurveyCompanyDataDto>(path`/surveys/getcompanydata/${companyId}`);

export const createSurvey = (api: BoundRestClient, input: CreateSurveyInput) =>
  api.post<SurveyDto>('/surveys/create', {
    name: input.name,
    shortName: input.shortName,
    companyId: input.companyId,
    baseSurveyId: input.baseSurveyId ?? null,
  });

/** Changes the end message and the settings given; absent ones stay as they are. */
export const updateSurvey = (api: BoundRestClient, id: string, input: UpdateSurveyInput) =>
  api.put<SurveyDto>(path`/surveys/edit/${id}`, {
    ...(input.surveyEndMessage != null ? { surveyEndMessage: input.surveyEndMessage } : {}),
    ...(input.settings
      ? {
          settings: Object.fromEntries(
            Object.entries(input.settings).filter(([, value]) => value != null),
          ),
        }
      : {}),
  });

export const setEndDate = (api: BoundRestClient, id: string, endDate: string | null) =>
  api.post<SurveyDto>('/surveys/setenddate', { id, endDate });

export const setShowOpenComments = (api: BoundRestClient, id: string, from: string | null) =>
  api.post<SurveyDto>('/surveys/showopencomments', { id, showOpenComments: from });

export const deleteSurvey = (api: BoundRestClient, id: string) =>
  api.delete<unknown>(path`/surveys/${id}`);
