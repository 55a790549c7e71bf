import { z } from 'zod';
import { timeZone as zoneName } from '../../lib/search.js';

/** Every event the delivery log records (administration.md section 9), in the screen's order. */
export const DELIVERY_EVENTS = [
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
export type DeliveryEventName = (typeof DELIVERY_EVENTS)[number];

export const MAX_TAKE = 500;
export const DEFAULT_TAKE = 50;
const INVALID = 'validation.invalid';
export const END_BEFORE_START = 'logs.filter.endBeforeStart';

// Query strings skip empty values (section 5); an empty one that still arrives counts as absent.
const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** A whole number from the path or query string, within `min`..`max`. */
const count = (min: number, max: number) =>
  z
    .string({ error: INVALID })
    .regex(/^\d{1,9}$/, INVALID)
    .transform(Number)
    .pipe(z.number().min(min, INVALID).max(max, INVALID));

/** A calendar day `YYYY-MM-DD` that exists (no 31.2.). */
const day = z
  .string({ error: INVALID })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: INVALID, abort: true })
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, INVALID);

const timeZone = zoneName(INVALID);

export const pageParams = z.object({
  skip: count(0, Number.MAX_SAFE_INTEGER),
  take: count(1, MAX_TAKE),
});

export const filterQuery = z
  .object({
    event: optional(z.enum([...DELIVERY_EVENTS, 'all'], { error: INVALID })),
    startDate: optional(day),
    endDate: optional(day),
    // Days are the caller's days: `2026-03-05` in Europe/Helsinki starts at 2026-03-04T22:00Z.
    timeZone: optional(timeZone),
    query: optional(z.string({ error: INVALID }).trim().max(200, INVALID)),
    hasReason: optional(
      z.enum(['true', 'false'], { error: INVALID }).transform((v) => v === 'true'),
    ),
    skip: optional(count(0, Number.MAX_SAFE_INTEGER)),
    take: optional(count(1, MAX_TAKE)),
  })
  .refine((f) => !f.startDate || !f.endDate || f.startDate <= f.endDate, {
    path: ['endDate'],
    message: END_BEFORE_START,
  });

export type LogFilter = z.infer<typeof filterQuery>;
