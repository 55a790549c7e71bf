// The supervisors endpoints' inputs (docs/rest-api.md, Supervisors).
import { z } from 'zod';

const INVALID = 'validation.invalid';
const uuid = () => z.uuid({ error: INVALID });

export const idParams = z.object({ id: uuid() });

export const setSupervisorsBody = z
  .object({ userIds: z.array(uuid(), INVALID).max(50, INVALID) })
  .strict();

export const overviewQuery = z.object({
  level: z.coerce
    .number({ error: INVALID })
    .int(INVALID)
    .min(1, INVALID)
    .max(10, INVALID)
    .optional(),
  withoutSupervisor: z
    .enum(['true', 'false'], INVALID)
    .transform((value) => value === 'true')
    .optional(),
});
export type OverviewQuery = z.output<typeof overviewQuery>;

/** A console language code (a locales folder: en-US, sv, cz, …); the PDF is stored per language. */
export const pdfQuery = z.object({
  language: z.string({ error: INVALID }).regex(/^[A-Za-z]{2,3}(-[A-Za-z]{2,4})?$/, INVALID),
});
