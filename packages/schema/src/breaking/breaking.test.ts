import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseAnnouncements, type Announcement } from './announcements.js';
import { compareSchemas } from './check.js';
import { checkBreakingChanges } from './cli.js';
import { ANNOUNCEMENTS_PATH, SCHEMA_PATH } from './history.js';

const before = `type Query {
  "A participant."
  participant(id: ID!): String
  "A company."
  company(id: ID!): String
}
`;
const participantRemoved = `type Query {
  "A company."
  company(id: ID!): String
}
`;
const announcement: Announcement = {
  type: 'FIELD_REMOVED',
  path: 'Query.participant',
  reason: 'Read Query.company instead.',
  announced: '2026-11-27',
};

describe('compareSchemas', () => {
  it('reports a removed field as an unannounced breaking change', async () => {
    const { unannounced } = await compareSchemas(before, participantRemoved, []);
    expect(unannounced.map((change) => [change.type, change.path])).toEqual([
      ['FIELD_REMOVED', 'Query.participant'],
    ]);
  });

  it('lets a removed field through once breaking-changes.json announces it', async () => {
    const result = await compareSchemas(before, participantRemoved, [announcement]);
    expect(result.unannounced).toEqual([]);
    expect(result.announced.map((change) => change.path)).toEqual(['Query.participant']);
  });

  it('does not take an announcement of another change for this one', async () => {
    const other = { ...announcement, path: 'Query.company' };
    const { unannounced } = await compareSchemas(before, participantRemoved, [other]);
    expect(unannounced).toHaveLength(1);
  });
});

describe('parseAnnouncements', () => {
  it('names every bad entry', () => {
    const json = JSON.stringify({ announced: [{ type: 'FIELD_REMOVED', path: '' }] });
    expect(() => parseAnnouncements(json, 'breaking-changes.json')).toThrow(
      /entry 0: "path" must be a non-empty string\n.*entry 0: "reason".*\n.*entry 0: "announced"/,
    );
  });
});

// A real repository: main, a branch of several commits, and the merge, as CI sees them.
describe('checkBreakingChanges in a git repository', () => {
  let repo: string;
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.test', ...args], {
      cwd: repo,
      encoding: 'utf8',
    });
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), text);
  };
  const announce = (entries: Announcement[]) =>
    write(ANNOUNCEMENTS_PATH, JSON.stringify({ announced: entries }));
  const commit = (message: string) => {
    git('add', '-A');
    git('commit', '-qm', message);
  };
  const check = () => checkBreakingChanges(repo, () => undefined);

  beforeEach(() => {
    repo = mkdtempSync(join(tmpdir(), 'schema-breaking-'));
    git('init', '-q', '-b', 'main');
    write(SCHEMA_PATH, before);
    announce([]);
    commit('schema and the check');
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it('fails on a field removed in an earlier commit of a branch, whatever the last commit did', async () => {
    git('checkout', '-qb', 'feature');
    write(SCHEMA_PATH, participantRemoved);
    commit('drop participant');
    write('README.md', 'docs\n');
    commit('docs');
    expect(await check()).toBe(1);
    announce([announcement]);
    commit('announce');
    expect(await check()).toBe(0);
  });

  it('fails on main after a merge that removed a field in any of its commits', async () => {
    git('checkout', '-qb', 'feature');
    write(SCHEMA_PATH, participantRemoved);
    commit('drop participant');
    write('README.md', 'docs\n');
    commit('docs');
    git('checkout', '-q', 'main');
    git('merge', '-q', '--no-ff', '-m', 'merge feature', 'feature');
    write('CHANGELOG.md', 'later\n');
    commit('a later commit on main');
    expect(await check()).toBe(1);
  });

  it('fails on an uncommitted removal', async () => {
    write(SCHEMA_PATH, participantRemoved);
    expect(await check()).toBe(1);
  });
});
