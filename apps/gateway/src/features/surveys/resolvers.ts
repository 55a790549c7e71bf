import type { Resolvers } from '../../__generated__/resolvers.js';
import { gatewayError } from '../../lib/errors.js';
import { orNull, writePayload, writeResult } from '../../lib/results.js';
import { selectedFieldArguments, selectsField } from '../../lib/selection.js';
import * as rest from './rest.js';

export const surveysResolvers: Resolvers = {
  Query: {
    surveys(_parent, { skip, take, search, timeZone, orderBy, direction }, { api }) {
      return rest.surveyPage(api, {
        skip,
        take,
        query: search?.trim(),
        timeZone,
        order: orderBy ?? 'created',
        direction: direction ?? 'DESC',
      });
    },

    async survey(_parent, args, { api, loaders }, info) {
      // The activity and participant pages need only the id: read them beside the survey, not after it.
      if (selectsField(info, 'responseActivity')) loaders.surveys.prefetchResponseActivity(args.id);
      for (const page of selectedFieldArguments(info, 'participants'))
        loaders.participants.prefetchPage(args.id, page);
      return orNull(rest.survey(api, args.id));
    },

    responseActivity(_parent, { surveyId }, { loaders }) {
      return loaders.surveys.responseActivity(surveyId);
    },

    endingSurveys(_parent, _args, { api }) {
      return rest.endingSurveys(api);
    },

    async comparableSurveys(_parent, { companyId, surveyId }, { api }) {
      let company = companyId;
      if (!company && surveyId) company = (await rest.survey(api, surveyId)).companyId;
      if (!company) {
        throw gatewayError('BAD_USER_INPUT', {
          fieldErrors: [{ field: 'companyId', message: 'validation.required' }],
        });
      }
      return rest.comparableSurveys(api, company);
    },

    surveyCompanyData(_parent, { companyId }, { api }) {
      return rest.companyData(api, companyId);
    },
  },

  Mutation: {
    // The parallel-survey block (409) arrives as BAD_USER_INPUT and so comes back as data.
    createSurvey: (_parent, { input }, { api }) =>
      writePayload('survey', () => rest.createSurvey(api, input)),

    updateSurvey: (_parent, { id, input }, { api }) =>
      writePayload('survey', () => rest.updateSurvey(api, id, input)),

    setSurveyEndDate: (_parent, { id, endDate }, { api }) =>
      writePayload('survey', () => rest.setEndDate(api, id, endDate ?? null)),

    setShowOpenComments: (_parent, { id, from }, { api }) =>
      writePayload('survey', () => rest.setShowOpenComments(api, id, from ?? null)),

    async deleteSurvey(_parent, { id }, { api }) {
      const { ok, fieldErrors } = await writeResult(() => rest.deleteSurvey(api, id));
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
