// The read-only tools an agentic answer may call, over gated data only: more comments (through the
// same gate, mask and audit), and the report figures the asker may read, as far as the data-source
// picker allows. The reports service is read in process, typed; unit names are replaced by aliases
// before anything leaves (docs/ai.md), and the answer maps them back for the asker.
import type { AuthUser } from '../../../lib/auth.js';
import { UNIT_KEYS, type GroupKey, type ReportQuery } from '../../reports/index.js';
import type { AgentTools, Datasource } from '../engines/engine.js';
import type { Masker } from '../policy/masking.js';
import { rank, type SearchOptions } from '../search/search-index.js';
import type { AskReader } from './ask-reader.js';
import type { AiContext } from './context.js';

export interface AgentToolsInput {
  user: AuthUser;
  surveyId: string;
  languageCode: string;
  /** The data-source picker's choice; nothing chosen: comments only. */
  datasources: readonly Datasource[];
  reader: AskReader;
  searchOptions: SearchOptions;
  mask: Masker;
  /** Comment ids a tool gave the model (they go to the audit of the call). */
  sent: Set<string>;
  /** Unit aliases given out, alias -> name (the answer maps them back). */
  aliases: Map<string, string>;
}

const surveyQuery = (
  surveyId: string,
  reportLanguage: string,
  groupBy?: GroupKey,
): ReportQuery => ({
  sets: [{ surveyId, filters: {} }],
  reportLanguage,
  ...(groupBy ? { groupBy } : {}),
});

/** The group names of a breakdown replaced by `unit-N` aliases (stable within one answer). */
function aliased<T extends { name: string }>(groups: readonly T[], aliases: Map<string, string>) {
  const byName = new Map([...aliases].map(([alias, name]) => [name, alias]));
  return groups.map((group) => {
    let alias = byName.get(group.name);
    if (!alias) {
      alias = `unit-${aliases.size + 1}`;
      aliases.set(alias, group.name);
      byName.set(group.name, alias);
    }
    return { ...group, name: alias };
  });
}

export function agentTools(ctx: AiContext, input: AgentToolsInput): AgentTools {
  const { reports } = ctx;
  const { user, surveyId, languageCode, reader, mask, sent } = input;
  const allowed = new Set(input.datasources);
  const query = (groupBy?: GroupKey) => surveyQuery(surveyId, languageCode, groupBy);
  const DATASOURCE_READS = {
    LIT_INDEX: () => reports.lindexCompare(user, query()),
    REALIZATIONS: () => reports.realizationTop10(user, query()),
    NPS: () => reports.enps(user, query()),
    CURRENT_SATISFACTION: () => reports.currentSatisfaction(user, query()),
  } satisfies Record<Datasource, () => Promise<unknown>>;
  return {
    datasources: input.datasources,
    searchComments: async (text: string) => {
      const ranking = await rank(reader.memory, reader.allowed, {
        ...input.searchOptions,
        query: text,
        amount: 20,
      });
      const hits = await reader.commentsOf(ranking.ranked);
      for (const hit of hits) sent.add(hit.id);
      return hits.map((hit) => ({ ...hit, text: mask(hit.text) }));
    },
    datasource:
      allowed.size > 0
        ? async (name: Datasource) => {
            if (!allowed.has(name)) throw new Error(`Datasource ${name} was not chosen`);
            // The whole survey's figures: no breakdown, so no unit names.
            return DATASOURCE_READS[name]();
          }
        : undefined,
    criterionStatistics: allowed.has('REALIZATIONS')
      ? () => reports.realizationByVariables(user, query())
      : undefined,
    unitStatistics: allowed.has('LIT_INDEX')
      ? async (level: number) => {
          const key = UNIT_KEYS[level - 1];
          if (!key) throw new Error(`No unit level ${level}`);
          const answer = await reports.lindexCompare(user, query(key));
          return { ...answer, data: aliased(answer.data, input.aliases) };
        }
      : undefined,
  };
}
