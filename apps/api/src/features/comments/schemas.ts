import { z } from 'zod';

const INVALID = 'validation.invalid';
const REQUIRED = 'validation.required';
const uuid = () => z.uuid({ error: INVALID });

/** `GET /adminsurveydata/allcomments/?surveyId=`. */
export const listQuery = z.object({ surveyId: z.string({ error: REQUIRED }).pipe(uuid()) });

/** `PATCH /adminsurveydata/toggleVisibility/`: the spec's Comment and SurveyId. */
export const toggleBody = z.object({
  commentId: z.string({ error: REQUIRED }).pipe(uuid()),
  surveyId: z.string({ error: REQUIRED }).pipe(uuid()),
});
