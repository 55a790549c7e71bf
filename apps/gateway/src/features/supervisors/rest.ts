// The supervisors calls of the REST API (docs/rest-api.md, Supervisors).
import type {
  SupervisorDto,
  SupervisorOverviewDto,
  SupervisorPackageDto,
  SupervisorRunDto,
} from '@survey/api';
import type { BoundRestClient } from '../../lib/rest-client.js';
import { path, withQuery } from '../../lib/rest-params.js';

export type { SupervisorOverviewDto, SupervisorPackageDto, SupervisorRunDto };

export interface UnitSupervisorsDto {
  unitId: string;
  supervisors: SupervisorDto[];
}

export const companySupervisors = (api: BoundRestClient, companyId: string) =>
  api.get<{ units: UnitSupervisorsDto[] }>(path`/supervisors/company/${companyId}`);

export const candidates = (api: BoundRestClient, unitId: string) =>
  api.get<SupervisorDto[]>(path`/supervisors/units/${unitId}/candidates`);

export const setUnitSupervisors = (api: BoundRestClient, unitId: string, userIds: string[]) =>
  api.put<UnitSupervisorsDto>(path`/supervisors/units/${unitId}`, { userIds });

export const overview = (
  api: BoundRestClient,
  surveyId: string,
  filter: { level?: number | null; withoutSupervisor?: boolean | null },
) =>
  api.get<SupervisorOverviewDto>(
    withQuery(path`/supervisors/survey/${surveyId}`, {
      level: filter.level ?? undefined,
      withoutSupervisor: filter.withoutSupervisor ? 'true' : undefined,
    }),
  );

export const sendPackages = (api: BoundRestClient, surveyId: string) =>
  api.post<SupervisorRunDto>(path`/supervisors/survey/${surveyId}/send`, {});

export const supervisorPackage = (api: BoundRestClient, id: string) =>
  api.get<SupervisorPackageDto>(path`/supervisors/packages/${id}`);
