import type { Resolvers } from '../../__generated__/resolvers.js';
import { orNull, writePayload } from '../../lib/results.js';
import * as rest from './rest.js';

export const supervisorsResolvers: Resolvers = {
  // The API's package outcomes as the schema's enum values.
  SupervisorPackageStatus: {
    SENT: 'sent',
    BELOW_THRESHOLD: 'belowThreshold',
    DIFFERENCING: 'differencing',
    NO_SUPERVISOR: 'noSupervisor',
  },
  Query: {
    async unitSupervisors(_parent, { companyId }, { api }) {
      return (await rest.companySupervisors(api, companyId)).units;
    },
    supervisorCandidates: (_parent, { unitId }, { api }) => rest.candidates(api, unitId),
    supervisorOverview: (_parent, { surveyId, level, withoutSupervisor }, { api }) =>
      orNull(rest.overview(api, surveyId, { level, withoutSupervisor })),
    supervisorPackage: (_parent, { id }, { api }) => orNull(rest.supervisorPackage(api, id)),
  },

  Mutation: {
    setUnitSupervisors: (_parent, { unitId, userIds }, { api }) =>
      writePayload('unitSupervisors', () => rest.setUnitSupervisors(api, unitId, [...userIds])),
    sendSupervisorPackages: (_parent, { surveyId }, { api }) =>
      writePayload('run', () => rest.sendPackages(api, surveyId)),
  },
};
