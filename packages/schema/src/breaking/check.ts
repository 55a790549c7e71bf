// Compares two printed schemas with graphql-inspector and keeps the breaking changes nobody announced.
import { CriticalityLevel, diff, type Change } from '@graphql-inspector/core';
import { buildSchema } from 'graphql';
import type { Announcement } from './announcements.js';

export interface SchemaComparison {
  /** Breaking changes without an entry in breaking-changes.json: these fail the check. */
  unannounced: Change[];
  /** Breaking changes that have an entry. */
  announced: Change[];
  /** Changes that may break some clients (an enum value added, a default changed): reported only. */
  dangerous: Change[];
}

const isAnnounced = (change: Change, announcements: Announcement[]) =>
  announcements.some((entry) => entry.type === change.type && entry.path === change.path);

export async function compareSchemas(
  oldSdl: string,
  newSdl: string,
  announcements: Announcement[],
): Promise<SchemaComparison> {
  const changes = await diff(buildSchema(oldSdl), buildSchema(newSdl));
  const breaking = changes.filter((c) => c.criticality.level === CriticalityLevel.Breaking);
  return {
    unannounced: breaking.filter((change) => !isAnnounced(change, announcements)),
    announced: breaking.filter((change) => isAnnounced(change, announcements)),
    dangerous: changes.filter((c) => c.criticality.level === CriticalityLevel.Dangerous),
  };
}
