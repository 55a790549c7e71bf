// Which schema changes to check: every change that reached main since the check exists, one step per
// first-parent commit of main (a merged branch is one step: its merge commit against main before
// it), plus, off main, this branch's whole change since it left main, plus uncommitted edits. So a
// breaking change made in any commit of a submission is seen, however it was merged, and however
// many commits CI skipped.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const SCHEMA_PATH = 'packages/schema/schema.graphql';
export const ANNOUNCEMENTS_PATH = 'packages/schema/breaking-changes.json';

export interface SchemaStep {
  /** What the step covers, for the report. */
  label: string;
  oldSdl: string;
  newSdl: string;
}

const git = (repo: string, args: string[], input?: string) =>
  execFileSync('git', args, { cwd: repo, encoding: 'utf8', input, maxBuffer: 64 << 20 });

const short = (commit: string) => commit.slice(0, 10);

function resolves(repo: string, ref: string): boolean {
  try {
    git(repo, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

function isAncestor(repo: string, ancestor: string, of: string): boolean {
  try {
    git(repo, ['merge-base', '--is-ancestor', ancestor, of]);
    return true;
  } catch {
    return false;
  }
}

/** Object ids of `<commit>:<path>` for many commits in one git call; null where the path is absent. */
function blobIds(repo: string, commits: string[], path: string): (string | null)[] {
  if (commits.length === 0) return [];
  const lines = git(
    repo,
    ['cat-file', '--batch-check=%(objectname)'],
    commits.map((commit) => `${commit}:${path}\n`).join(''),
  ).split('\n');
  return commits.map((_commit, index) => {
    const line = lines[index] ?? '';
    return line === '' || line.endsWith(' missing') ? null : line;
  });
}

const blob = (repo: string, id: string) => git(repo, ['cat-file', 'blob', id]);

/** Steps along the first-parent chain from `start`, back to the commit that added the announcements. */
function mainSteps(repo: string, start: string): SchemaStep[] {
  const commits = git(repo, ['rev-list', '--first-parent', start]).split('\n').filter(Boolean);
  const announcements = blobIds(repo, commits, ANNOUNCEMENTS_PATH);
  const schemas = blobIds(repo, commits, SCHEMA_PATH);
  const steps: SchemaStep[] = [];
  for (let i = 0; i + 1 < commits.length && announcements[i] !== null; i++) {
    const [newId, oldId] = [schemas[i], schemas[i + 1]];
    if (!newId || !oldId || newId === oldId) continue;
    const label = `main at ${short(commits[i] ?? '')} against ${short(commits[i + 1] ?? '')}`;
    steps.push({ label, oldSdl: blob(repo, oldId), newSdl: blob(repo, newId) });
  }
  return steps;
}

/** `main`, else `origin/main` (a CI checkout of a branch), else none. */
export function mainRef(repo: string): string | null {
  return ['main', 'origin/main'].find((ref) => resolves(repo, ref)) ?? null;
}

export function schemaSteps(repo: string, main = mainRef(repo)): SchemaStep[] {
  const steps: SchemaStep[] = [];
  let start = 'HEAD';
  if (main && !isAncestor(repo, 'HEAD', main)) {
    start = git(repo, ['merge-base', 'HEAD', main]).trim();
    const [oldId, newId] = blobIds(repo, [start, 'HEAD'], SCHEMA_PATH);
    if (oldId && newId && oldId !== newId) {
      const label = `this branch against ${main} (${short(start)}, where it left)`;
      steps.push({ label, oldSdl: blob(repo, oldId), newSdl: blob(repo, newId) });
    }
  }
  steps.push(...mainSteps(repo, start));
  const [committedId] = blobIds(repo, ['HEAD'], SCHEMA_PATH);
  const working = readFileSync(join(repo, SCHEMA_PATH), 'utf8');
  if (committedId && blob(repo, committedId) !== working) {
    steps.unshift({
      label: 'uncommitted changes against HEAD',
      oldSdl: blob(repo, committedId),
      newSdl: working,
    });
  }
  return steps;
}
