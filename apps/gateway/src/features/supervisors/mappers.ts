// The REST shapes (docs/rest-api.md, Supervisors) the supervisor GraphQL types resolve from.
import type { SupervisorOverviewDto } from './rest.js';

export type {
  SupervisorDto,
  SupervisorOverviewDto,
  SupervisorPackageDto,
  SupervisorRunDto,
  SupervisorUnitDto,
} from '@survey/api';
export type GatedIndexDto = SupervisorOverviewDto['companyIndex'];
