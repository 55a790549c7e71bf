// The executable schema: the SDL of packages/schema with each feature's resolvers.
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { typeDefs } from '@survey/schema';
import type { Resolvers } from './__generated__/resolvers.js';
import { accountResolvers } from './features/account/resolvers.js';
import { aiResolvers } from './features/ai/resolvers.js';
import { commentsResolvers } from './features/comments/resolvers.js';
import { companiesResolvers } from './features/companies/resolvers.js';
import { configurationResolvers } from './features/configuration/resolvers.js';
import { participantsResolvers } from './features/participants/resolvers.js';
import { logsResolvers } from './features/logs/resolvers.js';
import { questionnaireResolvers } from './features/questionnaire/resolvers.js';
import { reportsResolvers } from './features/reports/resolvers.js';
import { supervisorsResolvers } from './features/supervisors/resolvers.js';
import { surveysResolvers } from './features/surveys/resolvers.js';
import { usersResolvers } from './features/users/resolvers.js';
import { DateTime, LanguageCode } from './lib/scalars.js';

const rootResolvers: Resolvers = {
  DateTime,
  LanguageCode,
  Query: { ping: () => true },
};

export function createSchema(): GraphQLSchema {
  return makeExecutableSchema({
    typeDefs,
    resolvers: [
      rootResolvers,
      accountResolvers,
      aiResolvers,
      commentsResolvers,
      companiesResolvers,
      configurationResolvers,
      logsResolvers,
      participantsResolvers,
      questionnaireResolvers,
      reportsResolvers,
      supervisorsResolvers,
      surveysResolvers,
      usersResolvers,
    ],
  });
}
