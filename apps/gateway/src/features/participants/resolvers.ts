import type { Resolvers } from '../../__generated__/resolvers.js';
import { orNull, writePayload } from '../../lib/results.js';
import * as rest from './rest.js';

export const participantsResolvers: Resolvers = {
  // GraphQL's INVITATION is REST's `invitation`.
  MailRunKind: { INVITATION: 'invitation', REMINDER: 'reminder' },

  Query: {
    async participant(_parent, args, { api }) {
      return orNull(rest.participant(api, args.id));
    },

    async mailRun(_parent, args, { api }) {
      return orNull(rest.mailRun(api, args.id));
    },

    participantEmailInUse(_parent, { surveyId, email }, { api }) {
      return rest.emailInUse(api, surveyId, email);
    },
  },

  Survey: {
    participants(survey, args, { loaders }) {
      return loaders.participants.page(survey.id, args);
    },

    async latestMailRun(survey, _args, { api }) {
      return orNull(rest.latestMailRun(api, survey.id));
    },
  },

  Participant: {
    async units(participant, _args, { loaders }) {
      if (participant.unitIds.length === 0) return [];
      const levels = await loaders.companies.unitLevelsByCompany.load(participant.companyId);
      const wanted = new Set(participant.unitIds);
      return levels.flatMap((level) => level.units.filter((unit) => wanted.has(unit.id)));
    },
  },

  Mutation: {
    addParticipant: (_parent, { input }, { api }) =>
      writePayload('participant', () => rest.addParticipant(api, input)),

    updateParticipant: (_parent, { id, input }, { api }) =>
      writePayload('participant', () => rest.updateParticipant(api, id, input)),

    async deleteParticipant(_parent, args, { api }) {
      await rest.deleteParticipation(api, args.id);
      return true;
    },

    reopenParticipation: (_parent, args, { api }) =>
      writePayload('participant', () => rest.reopenParticipation(api, args.id)),

    inviteParticipants: (_parent, { surveyId }, { api }) => rest.invite(api, surveyId),

    remindParticipants: (_parent, { surveyId }, { api }) => rest.remind(api, surveyId),

    inviteParticipant: (_parent, args, { api }) => rest.inviteOne(api, args.id),

    sendParticipationReport: (_parent, args, { api }) => rest.sendParticipationReport(api, args.id),
  },
};
