import type { Resolvers } from '../../__generated__/resolvers.js';
import { deliveryEvents, type LogPageDto } from './mappers.js';

/** The filter as REST query parameters; absent and empty values are left out (section 5). */
export function logQuery(params: Record<string, string | number | boolean | null | undefined>) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '' || value === false) continue;
    query.set(name, String(value));
  }
  return query.toString();
}

export const logsResolvers: Resolvers = {
  // GraphQL's DELIVERED is REST's `delivered`, both ways.
  DeliveryEvent: deliveryEvents,

  Query: {
    deliveryLog(_parent, { filter, skip, take }, { api }) {
      const query = logQuery({
        event: filter?.event,
        startDate: filter?.startDate,
        endDate: filter?.endDate,
        timeZone: filter?.timeZone,
        query: filter?.query?.trim(),
        hasReason: filter?.hasReason,
        skip: skip ?? 0,
        take: take ?? 50,
      });
      return api.get<LogPageDto>(`/logging/filter/?${query}`);
    },
  },
};
