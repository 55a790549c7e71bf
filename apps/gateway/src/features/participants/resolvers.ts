import type { GraphQLError } from 'graphql';
import type { FieldError, Resolvers } from '../../__generated__/resolvers.js';
import type { InvitationResultDto, ParticipantDto } from './mappers.js';
import { codeOf } from '../../lib/errors.js';

/** Input problems a person can fix come back as data; anything else stays an error. */
async function participantResult(action: () => Promise<ParticipantDto>) {
  try {
    return { ok: true, fieldErrors: [], participant: await action() };
  } catch (error) {
    if (codeOf(error) === 'BAD_USER_INPUT') {
      const fieldErrors = ((error as GraphQLError).extensions.fieldErrors as FieldError[]) ?? [];
      return { ok: false, fieldErrors, participant: null };
    }
    throw error;
  }
}

const id = encodeURIComponent;

export const participantsResolvers: Resolvers = {
  Query: {
    async participant(_parent, args, { api }) {
      try {
        return await api.get<ParticipantDto>(`/participations/${id(args.id)}`);
      } catch (error) {
        if (codeOf(error) === 'NOT_FOUND') return null;
        throw error;
      }
    },

    async participantEmailInUse(_parent, { surveyId, email }, { api }) {
      const answer = await api.post<{ emailInUse: boolean }>(
        `/responders/emailinuse/${id(surveyId)}`,
        { email },
      );
      return answer.emailInUse;
    },
  },

  Survey: {
    participants(survey, args, { loaders }) {
      return loaders.participants.page(survey.id, args);
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
    addParticipant(_parent, { input }, { api }) {
      return participantResult(() =>
        api.post<ParticipantDto>('/responders/newresponder', {
          surveyId: input.surveyId,
          companyId: input.companyId,
          companyDisplayName: input.companyDisplayName ?? '',
          unitIds: input.unitIds ?? [],
          firstName: input.firstName,
          lastName: input.lastName,
          languageCode: input.languageCode,
          email: input.email,
          surveyContinueLink: input.surveyContinueLink ?? '',
        }),
      );
    },

    updateParticipant(_parent, { id: participantId, input }, { api }) {
      const optional = Object.fromEntries(
        (
          ['pinCode', 'unitIds', 'companyDisplayName', 'email', 'surveyContinueLink'] as const
        ).flatMap((key) => (input[key] == null ? [] : [[key, input[key]]])),
      );
      return participantResult(() =>
        api.post<ParticipantDto>(`/responders/${id(participantId)}`, {
          firstName: input.firstName,
          lastName: input.lastName,
          languageCode: input.languageCode,
          ...optional,
        }),
      );
    },

    async deleteParticipant(_parent, args, { api }) {
      await api.delete(`/participations/delete/${id(args.id)}`);
      return true;
    },

    reopenParticipation(_parent, args, { api }) {
      return participantResult(() =>
        api.post<ParticipantDto>(`/participations/reopen/${id(args.id)}`, {}),
      );
    },

    inviteParticipants(_parent, { surveyId }, { api }) {
      return api.post<InvitationResultDto>(`/surveys/invite/${id(surveyId)}`, {});
    },

    remindParticipants(_parent, { surveyId }, { api }) {
      return api.post<InvitationResultDto>(`/surveys/remind/${id(surveyId)}`, {});
    },

    inviteParticipant(_parent, args, { api }) {
      return api.get<InvitationResultDto>(`/surveys/invitesingle/${id(args.id)}`);
    },

    sendParticipationReport(_parent, args, { api }) {
      return api.post<InvitationResultDto>(`/surveydata/${id(args.id)}`, {});
    },
  },
};
