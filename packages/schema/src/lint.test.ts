// The schema linter as `npm run lint:schema` runs it: this package's rules (package.json) and ours (lint/).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const linter = createRequire(import.meta.url).resolve('graphql-schema-linter/lib/cli.js');

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'schema-lint-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function lint(sdl: string) {
  const file = join(dir, `schema-${Math.random().toString(36).slice(2)}.graphql`);
  writeFileSync(file, sdl);
  const run = spawnSync(process.execPath, [linter, '--format', 'compact', file], {
    cwd: packageDir,
    encoding: 'utf8',
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

const schemaWith = (values: string) => `"""
The root.
"""
type Query {
  "The colour, fields in their own order."
  zebra: Colour
  "A field listed after a later letter."
  apple(
    "What to compare with."
    than: Colour
  ): Boolean
}

"""
A colour.
"""
enum Colour {
${values}
}
`;

describe('lint:schema rules', () => {
  it('passes ALL_CAPS values with a deprecated earlier spelling, in any field order', () => {
    const result = lint(
      schemaWith(`  "Red."
  RED
  "Red (earlier spelling)."
  Red @deprecated(reason: "Use RED.")`),
    );
    expect(result).toMatchObject({ status: 0 });
  });

  it('refuses a value that is neither ALL_CAPS nor deprecated', () => {
    const result = lint(schemaWith(`  "Red."\n  Red`));
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('enum-values-all-caps-unless-deprecated');
    expect(result.output).toContain('Colour.Red');
  });

  it('refuses an argument without a description', () => {
    const result = lint(schemaWith(`  "Red."\n  RED`).replace('"What to compare with."', ''));
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('arguments-have-descriptions');
  });
});
