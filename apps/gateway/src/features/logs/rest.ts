// The delivery log call of the REST API (docs/rest-api.md, Logging): its path, query string and answer.
import type { DeliveryLogFilter } from '../../__generated__/resolvers.js';
import type { BoundRestClient } from '../../lib/rest-client.js';
import { paging, withQuery, type PageArgs } from '../../lib/rest-params.js';
import type { DeliveryEventDto } from './mappers.js';

export interface LogEntryDto {
  id: string;
  /** ISO 8601 UTC. */
  date: string;
  event: DeliveryEventDto;
  email: string;
  subject: string;
  reason: string | null;
}

export interface LogPageDto {
  records: LogEntryDto[];
  totalRecords: number;
}

/** `GET /logging/filter/?…&skip=&take=`: the filter's values that are given (section 5), 50 rows a page. */
export function logPage(
  api: BoundRestClient,
  filter: DeliveryLogFilter | null | undefined,
  page: PageArgs,
) {
  return api.get<LogPageDto>(
    withQuery('/logging/filter/', {
      event: filter?.event,
      startDate: filter?.startDate,
      endDate: filter?.endDate,
      timeZone: filter?.timeZone,
      query: filter?.query?.trim(),
      hasReason: filter?.hasReason,
      ...paging(page, 50),
    }),
  );
}
