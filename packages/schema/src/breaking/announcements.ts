// The announced breaking changes (packages/schema/breaking-changes.json): each names one change the
// way graphql-inspector reports it (its type and path) and says why integrators can live with it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface Announcement {
  /** graphql-inspector's change type, e.g. `FIELD_REMOVED`, `TYPE_REMOVED`, `ENUM_VALUE_REMOVED`. */
  type: string;
  /** The schema coordinate it reports, e.g. `Query.participant`, `Role.Admin`. */
  path: string;
  /** Why the change is made and what a client does instead: what the changelog tells integrators. */
  reason: string;
  /** The day it was announced (YYYY-MM-DD). */
  announced: string;
}

export const announcementsPath = fileURLToPath(
  new URL('../../breaking-changes.json', import.meta.url),
);

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function problemsOf(entry: unknown, index: number): string[] {
  if (typeof entry !== 'object' || entry === null) return [`entry ${index} is not an object`];
  const record = entry as Record<string, unknown>;
  const text = (key: string) => typeof record[key] === 'string' && record[key].trim() !== '';
  const problems: string[] = [];
  for (const key of ['type', 'path', 'reason']) {
    if (!text(key)) problems.push(`entry ${index}: "${key}" must be a non-empty string`);
  }
  if (typeof record.announced !== 'string' || !DAY.test(record.announced)) {
    problems.push(`entry ${index}: "announced" must be a day, YYYY-MM-DD`);
  }
  return problems;
}

/** Reads and checks the announcements; a malformed file fails naming every bad entry. */
export function parseAnnouncements(json: string, source = announcementsPath): Announcement[] {
  const data: unknown = JSON.parse(json);
  const entries = (data as { announced?: unknown } | null)?.announced;
  if (!Array.isArray(entries)) throw new Error(`${source}: expected { "announced": [ ... ] }`);
  const problems = entries.flatMap(problemsOf);
  if (problems.length > 0) throw new Error(`${source}:\n  ${problems.join('\n  ')}`);
  return entries as Announcement[];
}

export function readAnnouncements(path = announcementsPath): Announcement[] {
  return parseAnnouncements(readFileSync(path, 'utf8'), path);
}
