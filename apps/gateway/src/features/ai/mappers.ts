// The REST shapes (docs/rest-api.md, AI; defined in rest.ts) the ai GraphQL types resolve from.
export type {
  AuditEntryDto,
  CapabilitiesDto,
  FullSummaryDto,
  ProducedDto,
  SearchIndexDto,
  SummaryDto,
  TranslateDto,
} from './rest.js';
