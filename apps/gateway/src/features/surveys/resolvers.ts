import { GraphQLError } from 'graphql';
import type { FieldError, Resolvers } from '../../__generated__/resolvers.js';
import { codeOf, gatewayError } from '../../lib/errors.js';
import { selectedFieldArguments, selectsField } from '../../lib/selection.js';
import type { SurveyCompanyDataDto, SurveyDto, SurveyPageDto } from './mappers.js';

/** Input problems a person can fix come back as data; anything else stays an error. */
async function asResult<T>(
  action: () => Promise<T>,
): Promise<{ ok: boolean; fieldErrors: FieldError[]; value?: T }> {
  try {
    return { ok: true, fieldErrors: [], value: await action() };
  } catch (error) {
    if (error instanceof GraphQLError && error.extensions.code === 'BAD_USER_INPUT') {
      return { ok: false, fieldErrors: (error.extensions.fieldErrors as FieldError[]) ?? [] };
    }
    throw error;
  }
}

const surveyResult = async (action: () => Promise<SurveyDto>) => {
  const { ok, fieldErrors, value } = await asResult(action);
  return { ok, fieldErrors, survey: value ?? null };
};

const id = encodeURIComponent;

export const surveysResolvers: Resolvers = {
  Query: {
    surveys(_parent, { skip, take, search, timeZone, orderBy, direction }, { api }) {
      const params = new URLSearchParams();
      if (search?.trim()) params.set('query', search.trim());
      if (timeZone) params.set('timeZone', timeZone);
      params.set('order', orderBy ?? 'created');
      params.set('direction', direction ?? 'DESC');
      return api.get<SurveyPageDto>(`/surveys/${skip ?? 0}/${take ?? 10}?${params.toString()}`);
    },

    async survey(_parent, args, { api, loaders }, info) {
      // The activity and participant pages need only the id: read them beside the survey, not after it.
      if (selectsField(info, 'responseActivity')) loaders.surveys.prefetchResponseActivity(args.id);
      for (const page of selectedFieldArguments(info, 'participants'))
        loaders.participants.prefetchPage(args.id, page);
      try {
        return await api.get<SurveyDto>(`/surveys/${id(args.id)}`);
      } catch (error) {
        if (codeOf(error) === 'NOT_FOUND') return null;
        throw error;
      }
    },

    responseActivity(_parent, { surveyId }, { loaders }) {
      return loaders.surveys.responseActivity(surveyId);
    },

    endingSurveys(_parent, _args, { api }) {
      return api.get<SurveyDto[]>('/surveys/endingsurveys');
    },

    async comparableSurveys(_parent, { companyId, surveyId }, { api }) {
      let company = companyId;
      if (!company && surveyId)
        company = (await api.get<SurveyDto>(`/surveys/${id(surveyId)}`)).companyId;
      if (!company) {
        throw gatewayError('BAD_USER_INPUT', {
          fieldErrors: [{ field: 'companyId', message: 'validation.required' }],
        });
      }
      return api.get<SurveyDto[]>(`/surveys/comparablesurveys?companyId=${id(company)}`);
    },

    surveyCompanyData(_parent, { companyId }, { api }) {
      return api.get<SurveyCompanyDataDto>(`/surveys/getcompanydata/${id(companyId)}`);
    },
  },

  Mutation: {
    createSurvey(_parent, { input }, { api }) {
      // The parallel-survey block (409) arrives as BAD_USER_INPUT and so comes back as data.
      return surveyResult(() =>
        api.post<SurveyDto>('/surveys/create', {
          name: input.name,
          shortName: input.shortName,
          companyId: input.companyId,
          baseSurveyId: input.baseSurveyId ?? null,
        }),
      );
    },

    updateSurvey(_parent, { id: surveyId, input }, { api }) {
      return surveyResult(() =>
        api.put<SurveyDto>(`/surveys/edit/${id(surveyId)}`, {
          ...(input.surveyEndMessage != null ? { surveyEndMessage: input.surveyEndMessage } : {}),
          ...(input.settings
            ? {
                settings: Object.fromEntries(
                  Object.entries(input.settings).filter(([, value]) => value != null),
                ),
              }
            : {}),
        }),
      );
    },

    setSurveyEndDate(_parent, { id: surveyId, endDate }, { api }) {
      return surveyResult(() =>
        api.post<SurveyDto>('/surveys/setenddate', { id: surveyId, endDate: endDate ?? null }),
      );
    },

    setShowOpenComments(_parent, { id: surveyId, from }, { api }) {
      return surveyResult(() =>
        api.post<SurveyDto>('/surveys/showopencomments', {
          id: surveyId,
          showOpenComments: from ?? null,
        }),
      );
    },

    async deleteSurvey(_parent, { id: surveyId }, { api }) {
      const { ok, fieldErrors } = await asResult(() => api.delete(`/surveys/${id(surveyId)}`));
      return { ok, fieldErrors };
    },
  },

  Survey: {
    // One loader per request for every survey of a page (companies feature).
    company: (survey, _args, { loaders }) => loaders.companies.companyById.load(survey.companyId),
    responseActivity: (survey, _args, { loaders }) => loaders.surveys.responseActivity(survey.id),
  },

  SurveyCompanyData: {
    async company(data, _args, { loaders }) {
      const company = await loaders.companies.companyById.load(data.companyId);
      if (!company) throw gatewayError('NOT_FOUND');
      return company;
    },
  },

  SurveyOrderBy: {
    NAME: 'name',
    SHORT_NAME: 'shortName',
    CREATED: 'created',
    INVITES_SENT: 'invitesSent',
    FINISHED: 'finished',
  },
};
