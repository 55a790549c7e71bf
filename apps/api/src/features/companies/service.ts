import type { AuthUser } from '../../lib/auth.js';
import type { Db } from '../../lib/db.js';
import { HttpError } from '../../lib/errors.js';
import * as queries from './queries.js';
import type { CompanyDto, UnitDto, Visibility } from './queries.js';
import {
  completeSettings,
  DEFAULT_SETTINGS,
  UNIT_LEVELS,
  type CompanySettings,
  type OrderColumn,
} from './schemas.js';

export interface UnitLevelDto {
  /** Level 1..10. */
  index: number;
  units: UnitDto[];
}

export interface CompaniesService {
  choices(user: AuthUser): Promise<CompanyDto[]>;
  page(
    user: AuthUser,
    criteria: {
      query?: string;
      order: OrderColumn;
      direction: 'ASC' | 'DESC';
      skip: number;
      take: number;
    },
  ): Promise<queries.CompanyPageDto>;
  get(user: AuthUser, id: string): Promise<CompanyDto>;
  create(input: {
    name: string;
    industryId: string;
    sizeId: string;
    settings?: Partial<CompanySettings> | null;
  }): Promise<CompanyDto>;
  update(input: {
    id: string;
    name: string;
    industryId: string;
    sizeId: string;
    settings?: Partial<CompanySettings> | null;
  }): Promise<CompanyDto>;
  remove(id: string): Promise<void>;
  companiesAndSurveys(user: AuthUser, companyId?: string): Promise<queries.CompanyWithSurveysDto[]>;
  unitLevels(user: AuthUser, companyId: string): Promise<{ levels: UnitLevelDto[] }>;
  createUnit(
    user: AuthUser,
    unit: { companyId: string; index: number; name: string; parentId?: string | null },
  ): Promise<{ id: string; created: boolean }>;
  updateUnit(
    user: AuthUser,
    id: string,
    change: { name: string; parentId?: string | null },
  ): Promise<UnitDto>;
  removeUnit(user: AuthUser, id: string): Promise<void>;
}

const parentError = [{ field: 'parentId', message: 'companies.units.invalidParent' }];

/** Drops keys whose value is undefined, so they do not overwrite anything when spread. */
const defined = (settings: Partial<CompanySettings> | null | undefined) =>
  Object.fromEntries(Object.entries(settings ?? {}).filter(([, value]) => value !== undefined));

export function companiesService(db: Db): CompaniesService {
  async function visibility(user: AuthUser): Promise<Visibility> {
    if (user.role === 'Admin') return { all: true };
    return { all: false, ids: await queries.visibleCompanyIds(db, user) };
  }

  /** 404 for a company that does not exist, 403 for one outside the user's boundary. */
  async function requireVisible(user: AuthUser, id: string): Promise<void> {
    const company = await queries.findCompany(db, id);
    if (!company) throw new HttpError('not-found');
    const seen = await visibility(user);
    if (!seen.all && !seen.ids.includes(id)) throw new HttpError('forbidden');
  }

  /** A unit inside the user's companies (404 for an unknown one, 403 outside them). */
  async function visibleUnit(user: AuthUser, id: string): Promise<queries.UnitRow> {
    const unit = await queries.findUnit(db, id);
    if (!unit) throw new HttpError('not-found');
    await requireVisible(user, unit.companyId);
    return unit;
  }

  /** A parent is a unit of the same company exactly one level up; level 1 has none. */
  async function requireParent(companyId: string, index: number, parentId?: string | null) {
    if (!parentId) return;
    const parent = await queries.findUnit(db, parentId);
    if (!parent || parent.companyId !== companyId || parent.index !== index - 1) {
      throw new HttpError('validation-failed', parentError);
    }
  }

  return {
    async choices(user) {
      return queries.listCompanies(db, await visibility(user));
    },

    async page(user, criteria) {
      return queries.findCompanyPage(db, await visibility(user), criteria);
    },

    async get(user, id) {
      await requireVisible(user, id);
      const company = await queries.findCompany(db, id);
      if (!company) throw new HttpError('not-found');
      return company;
    },

    async create({ settings, ...company }) {
      return queries.insertCompany(db, {
        ...company,
        settings: { ...DEFAULT_SETTINGS, ...defined(settings) },
      });
    },

    async update({ settings, ...company }) {
      return db.transaction(async (tx) => {
        const current = await queries.findCompany(tx, company.id);
        if (!current) throw new HttpError('not-found');
        // Flags the caller leaves out keep their value.
        const merged = completeSettings({ ...current.settings, ...defined(settings) });
        const updated = await queries.updateCompany(tx, { ...company, settings: merged });
        if (!updated) throw new HttpError('not-found');
        return updated;
      });
    },

    async remove(id) {
      await db.transaction(async (tx) => {
        if (!(await queries.lockCompany(tx, id))) throw new HttpError('not-found');
        await queries.deleteCompanyRows(tx, id);
      });
    },

    async companiesAndSurveys(user, companyId) {
      if (companyId) await requireVisible(user, companyId);
      return queries.findCompaniesWithSurveys(db, await visibility(user), companyId);
    },

    async unitLevels(user, companyId) {
      await requireVisible(user, companyId);
      const units = await queries.findUnits(db, companyId);
      const levels: UnitLevelDto[] = [];
      for (let index = 1; index <= UNIT_LEVELS; index += 1) {
        const onLevel = units.filter((unit) => unit.index === index);
        if (onLevel.length > 0) levels.push({ index, units: onLevel });
      }
      return { levels };
    },

    async createUnit(user, unit) {
      await requireVisible(user, unit.companyId);
      await requireParent(unit.companyId, unit.index, unit.parentId);
      return queries.insertUnit(db, unit);
    },

    async updateUnit(user, id, change) {
      const unit = await visibleUnit(user, id);
      // Leaving parentId out keeps the parent; null removes it.
      const parentId = change.parentId === undefined ? unit.parentId : change.parentId;
      await requireParent(unit.companyId, unit.index, parentId);
      const updated = await queries.updateUnit(db, { id, name: change.name, parentId });
      if (!updated) {
        throw new HttpError('unit-name-taken', [
          { field: 'name', message: 'companies.units.nameTaken' },
        ]);
      }
      return { id, index: unit.index, name: change.name, parentId };
    },

    async removeUnit(user, id) {
      await visibleUnit(user, id);
      // Checked and deleted in one transaction (participants name units in an array, without a key).
      await db.transaction(async (tx) => {
        if (await queries.unitInUse(tx, id)) {
          throw new HttpError('unit-in-use', [{ field: 'id', message: 'companies.units.inUse' }]);
        }
        await queries.deleteUnit(tx, id);
      });
    },
  };
}
