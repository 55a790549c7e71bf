import type { Resolvers } from '../../__generated__/resolvers.js';

export const configurationResolvers: Resolvers = {
  Query: {
    configuration: (_parent, _args, { loaders }) =>
      loaders.configuration.configuration.load('configuration'),
  },
};
