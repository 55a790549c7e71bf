// The REST shapes of `GET /logging/filter/` (docs/rest-api.md, Logging; defined in rest.ts) that the
// delivery log types resolve from. Codegen maps `DeliveryLogEntry` and `DeliveryLogPage` to these and `DeliveryEvent`
// to the REST event names, so a changed REST field or event breaks the build.
import type { DeliveryEventResolvers } from '../../__generated__/resolvers.js';

/** The REST event names (lower case): GraphQL's `DELIVERED` is REST's `delivered`. */
export const deliveryEvents = {
  REQUEST: 'request',
  DELIVERED: 'delivered',
  UNIQUE_OPENED: 'unique_opened',
  OPENED: 'opened',
  PROXY_OPEN: 'proxy_open',
  ERROR: 'error',
  CLICK: 'click',
  SOFT_BOUNCE: 'soft_bounce',
  HARD_BOUNCE: 'hard_bounce',
  INVALID_EMAIL: 'invalid_email',
  DEFERRED: 'deferred',
  UNSUBSCRIBED: 'unsubscribed',
  SPAM: 'spam',
} as const satisfies Required<DeliveryEventResolvers>;

export type DeliveryEventDto = (typeof deliveryEvents)[keyof typeof deliveryEvents];

export type { LogEntryDto, LogPageDto } from './rest.js';
