// The answers of the report reads (docs/rest-api.md "Reports"), as zod schemas: the OpenAPI
// description is generated from them, and openapi.test.ts checks every report answer on the demo data
// against them, so the description cannot drift from what the API sends.
import { z } from 'zod';
import { RANGE_NAMES } from './comment-ranges.js';

const count = z.number().int().min(0);
const percent = z.number().min(0).max(100).describe('Percent, 0..100, not rounded.');
const index = z.number().min(0).max(100).describe('An index out of 100, not rounded.');

const header = {
  reportMainHeader: z.string().describe('The report title in the report language.'),
  reportSubHeader: z.string().describe('Company and set names, "Company – Set / Set".'),
};

/** Why a group is not shown (docs/anonymity.md). */
const reason = z
  .enum(['belowThreshold', 'differencing'])
  .describe(
    'belowThreshold: fewer finished participants than the threshold; differencing: not a union of ' +
      'whole anonymity cells, so shown figures could be subtracted to reveal a smaller group.',
  );

/** A group the gate does not show: its name and why, never values or counts. */
const suppressed = z
  .object({ name: z.string(), suppressed: z.literal(true), reason })
  .describe('A group the report may not show: no values and no counts.');

/** A set or group with its values, or suppressed. */
function group<T extends z.ZodRawShape>(values: T) {
  return z.union([z.object({ name: z.string(), participants: count, ...values }), suppressed]);
}

const criterion = {
  id: z.number().int().describe('Criterion id (2..31).'),
  description: z.string(),
};
/** A range of values out of 100, as numbers: clients name it, never parse a name back. */
const indexRange = z.object({
  from: z.number().int().min(0).max(100).describe('Lower bound, included.'),
  to: z.number().int().min(0).max(100).describe('Upper bound, excluded (100 is in the top range).'),
});
const bands = z
  .array(indexRange)
  .describe('Realization bands, best first: 90-100, 80-90, 70-80, 60-70, 0-60.');
const spread = z
  .array(percent)
  .describe('Percent of participants per band, in the order of bands.');

const distribution = z.object({
  ...header,
  bins: z.array(indexRange).describe('Histogram bins: 0-30, 30-40, .., 90-100.'),
  data: z.array(
    group({
      average: index,
      values: z.array(percent).describe('Percent of participants per bin.'),
      counts: z.array(count).describe('Participants per bin.'),
    }),
  ),
});

const enps = z.object({
  ...header,
  data: z.array(
    group({
      raw: z.array(count).describe('Answers per score 0..10.'),
      enps: z.object({
        percentage0to6: percent,
        percentage7to8: percent,
        percentage9to10: percent,
        score: z.number().min(-100).max(100).describe('Promoters minus detractors, percent.'),
      }),
    }),
  ),
});

const datasets = z.array(group({})).describe('The compared sets or groups.');

const importance = z.object({
  ...header,
  datasets,
  data: z.array(
    z.object({
      ...criterion,
      index: z.number().int().describe('Place, 1 first.'),
      percentage: percent.describe('Percent of the first group who picked the criterion.'),
      comparePercentage: percent.nullable().describe('The same in the second group.'),
    }),
  ),
});

const realizationTop10 = z.object({
  ...header,
  bands,
  datasets,
  data: z.array(
    z.object({
      ...criterion,
      index: z.number().int(),
      percentage: percent,
      value: index.nullable().describe('Mean realization in the first group.'),
      spread: spread.nullable(),
      compareValue: index.nullable(),
      compareSpread: spread.nullable(),
    }),
  ),
});

const trendCriterion = z.union([
  z.object({
    ...criterion,
    answered: count,
    better: percent,
    same: percent,
    worse: percent,
  }),
  z.object({ ...criterion, suppressed: z.literal(true) }),
]);

const realizationByVariables = z.object({
  ...header,
  bands,
  data: z.array(
    z.object({
      groups: datasets,
      topcriteria: z.array(
        z.object({
          ...criterion,
          values: z.array(index.nullable()).describe('Mean realization per group.'),
          spreads: z.array(spread.nullable()),
          importances: z
            .array(percent.nullable())
            .optional()
            .describe('With reportPackage=true: percent who picked it, per group.'),
        }),
      ),
      trends: z
        .array(z.object({ baseSurveyId: z.string(), criteria: z.array(trendCriterion) }).nullable())
        .describe('Per group: how the criteria changed since the base survey (trend surveys).'),
    }),
  ),
});

const lIndexGrouped = z.object({
  ...header,
  bands,
  data: z.array(group({ lindex: index, spread })),
});

const lmap = z.object({
  ...header,
  data: z.object({
    criteria: z.array(
      z.union([
        z.object(criterion),
        z.object({ id: z.literal('lindex'), description: z.string().optional() }),
      ]),
    ),
    rows: z.array(
      z.union([
        z.object({
          groupName: z.string(),
          variable: z.string().describe('The breakdown: unitN or a background variable.'),
          participants: count,
          values: z.array(index.nullable()).describe('The criteria in order, then the L-index.'),
        }),
        z.object({
          groupName: z.string(),
          variable: z.string(),
          suppressed: z.literal(true),
          reason,
        }),
      ]),
    ),
  }),
});

const correlation = z.object({
  ...header,
  data: z.union([
    z.object({
      name: z.string(),
      participants: count,
      criteria: z.array(z.object(criterion)),
      matrix: z
        .array(z.array(z.number().min(-1).max(1).nullable()))
        .describe('Pearson correlation; null where a criterion has no variance.'),
    }),
    suppressed,
  ]),
});

const comment = z.object({
  comment: z.string(),
  id: z.number().int().describe('Criterion id (99: something else).'),
  commentId: z
    .uuid()
    .describe("The comment's id (a random uuid): what the AI summary and translation take."),
  description: z.string().describe('Criterion name in the report language.'),
  languageCode: z.string(),
  lindex: index.nullable().describe("The writer's L-index; null in a small group's comments."),
});

const openComments = z.object({
  ...header,
  trend: z.boolean().describe('A trend survey: the sections read better / worse / important.'),
  sections: z.object({ positive: z.string(), negative: z.string(), neutral: z.string() }),
  data: z.union([
    z.object({
      name: z.string(),
      positive: z.array(comment),
      negative: z.array(comment),
      neutral: z.array(comment),
      next: z
        .string()
        .nullable()
        .describe(
          'The cursor of the next page (pass it as `after`); null after the last page. The pages ' +
            'in order are the whole list: positive, then negative, then neutral comments.',
        ),
    }),
    suppressed,
  ]),
});

const commentSectionsOf = {
  trend: z.boolean().describe('A trend survey: the sections read better / worse / important.'),
  sections: z.object({ positive: z.string(), negative: z.string(), neutral: z.string() }),
};
const commentType = z.enum(['positive', 'negative', 'neutral']);
const indexRangeName = z
  .enum(RANGE_NAMES)
  .nullable()
  .describe('The L-index range asked (indexRange), or null for all comments.');

const openCommentCounts = z.object({
  ...header,
  ...commentSectionsOf,
  data: z.union([
    z.object({
      name: z.string(),
      rangeFilter: z
        .boolean()
        .describe(
          'Whether the page offers the L-index range filter: the index is shown and every range ' +
            'of /reportsettings/opencomments has at least minCommentsPerRange visible comments ' +
            '(of the whole set, whatever indexRange was asked).',
        ),
      indexRange: indexRangeName,
      counts: z
        .array(
          z.object({
            type: commentType,
            id: z.number().int().describe('Criterion id (99: something else).'),
            description: z.string().describe('Criterion name in the report language.'),
            count: z.number().int().min(1),
          }),
        )
        .describe(
          'Visible comments per type and criterion, those with any, by type then criterion ' +
            '(with indexRange: of writers in that range).',
        ),
    }),
    suppressed,
  ]),
});

const openCommentPage = z.object({
  ...header,
  ...commentSectionsOf,
  data: z.union([
    z.object({
      name: z.string(),
      type: commentType,
      id: z.number().int().describe('Criterion id.'),
      indexRange: indexRangeName,
      comments: z.array(comment).describe('Oldest first, then by comment id.'),
      next: z
        .string()
        .nullable()
        .describe('The cursor of the next page (pass it as `after`); null after the last page.'),
    }),
    suppressed,
  ]),
});

const filterChoices = z.object({
  ...header,
  data: z.object({
    units: z.array(
      z.object({ id: z.string(), name: z.string(), index: z.number().int().describe('Level.') }),
    ),
    wholeData: z.object({ name: z.string() }).optional(),
    background: z.array(
      z.object({
        key: z.string(),
        name: z.string(),
        values: z.array(z.object({ value: z.string(), name: z.string() })),
      }),
    ),
  }),
});

const changeJob = z.object({
  ...header,
  data: z.union([
    z.object({
      name: z.string(),
      participants: count,
      count,
      willingToChangeJobCount: count,
      percentage: percent,
    }),
    suppressed,
  ]),
});

const groupChoices = z.array(z.object({ key: z.string(), name: z.string() }));

const range = z.object({ from: z.number().int(), to: z.number().int() });

const enpsSettings = z.object({ detractors: range, passives: range, promoters: range });

const openCommentSettings = z.object({
  indexRanges: z.array(range),
  minCommentsPerRange: count,
  anonymityThreshold: count,
});

function rollupEntry<Key extends 'enps' | 'sindex' | 'lindex'>(key: Key, value: z.ZodNumber) {
  return z.array(
    z.object({
      surveyId: z.string(),
      surveyName: z.string(),
      companyName: z.string(),
      // Typed by its name (a computed key alone would type every field as string | number).
      ...({ [key]: value } as Record<Key, z.ZodNumber>),
    }),
  );
}

const top20 = z.object({
  currentYearEnps: rollupEntry('enps', z.number()),
  allTimeEnps: rollupEntry('enps', z.number()),
  currentYearSindex: rollupEntry('sindex', index),
  allTimeSindex: rollupEntry('sindex', index),
  currentYearLindex: rollupEntry('lindex', index),
  allTimeLindex: rollupEntry('lindex', index),
});

const trendPoint = { surveyId: z.string(), name: z.string(), date: z.string() };
const trend = z.array(
  z.union([
    z.object({ ...trendPoint, trackingSurvey: z.boolean(), value: index }),
    z.object({ ...trendPoint, trackingSurvey: z.boolean(), suppressed: z.literal(true), reason }),
  ]),
);

const responders = z.array(z.object({ surveyId: z.string(), responders: count }));

export const reportResponses = {
  distribution,
  enps,
  importance,
  realizationTop10,
  realizationByVariables,
  lIndexGrouped,
  lmap,
  correlation,
  openComments,
  openCommentCounts,
  openCommentPage,
  filterChoices,
  changeJob,
  groupChoices,
  enpsSettings,
  openCommentSettings,
  top20,
  trend,
  responders,
};

/** The report answers as the API sends them, by the names above (the gateway's report DTOs). */
export type ReportAnswers = {
  [Name in keyof typeof reportResponses]: z.output<(typeof reportResponses)[Name]>;
};
