import type { Resolvers } from '../../__generated__/resolvers.js';
import { deliveryEvents } from './mappers.js';
import { logPage } from './rest.js';

export const logsResolvers: Resolvers = {
  // GraphQL's DELIVERED is REST's `delivered`, both ways.
  DeliveryEvent: deliveryEvents,

  Query: {
    deliveryLog(_parent, { filter, skip, take }, { api }) {
      return logPage(api, filter, { skip, take });
    },
  },
};
