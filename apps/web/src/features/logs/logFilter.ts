// The rules of the log screen's filters (administration.md sections 4, 5 and 9), free of React.
import dayjs from 'dayjs';
import type { DeliveryEvent, DeliveryLogFilter } from '../../__generated__/graphql';

/** The event choices in the spec's order; `all` is no event filter. */
export const EVENT_OPTIONS = [
  'all',
  'request',
  'delivered',
  'unique_opened',
  'opened',
  'proxy_open',
  'error',
  'click',
  'soft_bounce',
  'hard_bounce',
  'invalid_email',
  'deferred',
  'unsubscribed',
  'spam',
] as const;
export type EventOption = (typeof EVENT_OPTIONS)[number];

export const LOG_PAGE_SIZE = 50;
/** The date pickers reach from 1900 to 2100. */
export const FIRST_DAY = '1900-01-01';
export const LAST_DAY = '2100-12-31';
/** How the pickers show a chosen day, and how the table shows an event's time. */
export const DAY_FORMAT = 'D.M.YYYY';
export const DATE_TIME_FORMAT = 'D.M.YYYY HH:mm:ss';

export interface LogFilterState {
  event: EventOption;
  /** `YYYY-MM-DD` or null (no bound). */
  startDate: string | null;
  endDate: string | null;
  /** Only entries with a reason. */
  onlyErrors: boolean;
  /** The submitted text search. */
  query: string;
}

export const EMPTY_FILTER: LogFilterState = {
  event: 'all',
  startDate: null,
  endDate: null,
  onlyErrors: false,
  query: '',
};

export const isEventOption = (value: string | null): value is EventOption =>
  (EVENT_OPTIONS as readonly (string | null)[]).includes(value);

/** The earliest day the end picker offers: not before the start day. */
export const endDateMin = (filter: LogFilterState): string => filter.startDate ?? FIRST_DAY;
/** The latest day the start picker offers: not after the end day. */
export const startDateMax = (filter: LogFilterState): string => filter.endDate ?? LAST_DAY;

/** A day from a picker, kept only when it is a real day from 1900 to 2100. */
export function validDay(value: string | null): string | null {
  const text = value?.slice(0, 10) ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || dayjs(text).format('YYYY-MM-DD') !== text) return null;
  return text >= FIRST_DAY && text <= LAST_DAY ? text : null;
}

/** Sets the start day; an end day before it moves up to it, so start never lies after end. */
export function withStartDate(filter: LogFilterState, value: string | null): LogFilterState {
  const startDate = validDay(value);
  const endDate =
    startDate && filter.endDate && filter.endDate < startDate ? startDate : filter.endDate;
  return { ...filter, startDate, endDate };
}

/** Sets the end day; a start day after it moves down to it, so end never lies before start. */
export function withEndDate(filter: LogFilterState, value: string | null): LogFilterState {
  const endDate = validDay(value);
  const startDate =
    endDate && filter.startDate && filter.startDate > endDate ? endDate : filter.startDate;
  return { ...filter, startDate, endDate };
}

/** The GraphQL filter: empty values are left out; days are read in the browser's time zone. */
export function toDeliveryLogFilter(
  filter: LogFilterState,
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
): DeliveryLogFilter {
  const query = filter.query.trim();
  const result: DeliveryLogFilter = {};
  if (filter.event !== 'all') result.event = filter.event.toUpperCase() as DeliveryEvent;
  if (filter.startDate) result.startDate = filter.startDate;
  if (filter.endDate) result.endDate = filter.endDate;
  if ((filter.startDate || filter.endDate) && timeZone) result.timeZone = timeZone;
  if (query) result.query = query;
  if (filter.onlyErrors) result.hasReason = true;
  return result;
}

/** `2026-03-05T07:04:09.000Z` as `5.3.2026 09:04:09` in the browser's time zone. */
export const formatLogDate = (iso: string): string => dayjs(iso).format(DATE_TIME_FORMAT);

/** The calendar's dayjs locale for a UI language: Finnish, Swedish, else English. */
export function calendarLocale(language: string): 'fi' | 'sv' | 'en' {
  if (language.startsWith('fi')) return 'fi';
  if (language.startsWith('sv')) return 'sv';
  return 'en';
}
