// `npm run check:breaking -w @survey/schema` (part of its `test`): fails on a breaking schema change
// that breaking-changes.json does not announce (packages/schema/README.md, Breaking changes).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Change } from '@graphql-inspector/core';
import { join } from 'node:path';
import { announcementsPath, readAnnouncements } from './announcements.js';
import { compareSchemas } from './check.js';
import { ANNOUNCEMENTS_PATH, schemaSteps } from './history.js';

const line = (change: Change) => `${change.type} ${change.path ?? ''}: ${change.message}`;

/** Checks every step; returns the number of unannounced breaking changes and reports them all. */
export async function checkBreakingChanges(repo: string, log = console.log): Promise<number> {
  const announcements = readAnnouncements(join(repo, ANNOUNCEMENTS_PATH));
  let failures = 0;
  for (const step of schemaSteps(repo)) {
    const { unannounced, announced, dangerous } = await compareSchemas(
      step.oldSdl,
      step.newSdl,
      announcements,
    );
    if (unannounced.length + announced.length + dangerous.length === 0) continue;
    log(`${step.label}:`);
    for (const change of unannounced) log(`  BREAKING, not announced  ${line(change)}`);
    for (const change of announced) log(`  breaking, announced      ${line(change)}`);
    for (const change of dangerous) log(`  dangerous (may break)    ${line(change)}`);
    failures += unannounced.length;
  }
  return failures;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const repo = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  const failures = await checkBreakingChanges(repo);
  if (failures > 0) {
    console.error(
      `\n${failures} breaking schema change(s) not announced. Keep the old field or value (deprecate it),` +
        ` or announce the change in ${announcementsPath}:\n` +
        `  { "type": "<TYPE>", "path": "<path>", "reason": "why, and what clients do instead", "announced": "YYYY-MM-DD" }`,
    );
    process.exit(1);
  }
  console.log('No unannounced breaking schema change.');
}
