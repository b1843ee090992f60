// docs/configuration.md documents exactly the environment Folio reads: one entry, with its default, per
// variable of the config schema, and production code reads no variable the schema does not declare.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import ts from 'typescript';
import { envSchema } from '#folio/config';

const root = join(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

const schemaVariables = Object.keys(envSchema.shape);

/** Read outside the schema on purpose: the login name `npm run credits` records as the operator. */
const shellVariables = ['USER', 'LOGNAME'];

/** The page's entries: a `` - `NAME` — … `` line and its indented continuation lines, by name. */
function documentedVariables(): Map<string, string> {
  const entries = new Map<string, string>();
  let current: string | null = null;
  for (const line of read('docs/configuration.md').split('\n')) {
    const entry = /^- `([A-Z][A-Z0-9_]*)` — (.*)$/.exec(line);
    if (entry) {
      current = entry[1];
      if (entries.has(current)) throw new Error(`docs/configuration.md has ${current} twice`);
      entries.set(current, entry[2]);
    } else if (current && line.startsWith('  ')) {
      entries.set(current, `${entries.get(current)} ${line.trim()}`);
    } else {
      current = null;
    }
  }
  return entries;
}

/** `process.env.NAME` and `process.env['NAME']` in the code (not in strings or comments), by file. */
function environmentReads(file: string): string[] {
  const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true);
  const isProcessEnv = (node: ts.Node) =>
    ts.isPropertyAccessExpression(node) &&
    ts.isIdentifier(node.expression) &&
    node.expression.text === 'process' &&
    node.name.text === 'env';
  const names: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && isProcessEnv(node.expression)) names.push(node.name.text);
    if (
      ts.isElementAccessExpression(node) &&
      isProcessEnv(node.expression) &&
      ts.isStringLiteralLike(node.argumentExpression)
    ) {
      names.push(node.argumentExpression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

describe('docs/configuration.md', () => {
  const documented = documentedVariables();

  it('has an entry for every variable the config schema reads', () => {
    expect(schemaVariables).toContain('PUBLIC_BASE_URL');
    expect(schemaVariables.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('names no variable the config schema does not read', () => {
    expect([...documented.keys()].filter((name) => !schemaVariables.includes(name))).toEqual([]);
  });

  it("says each variable's default", () => {
    expect([...documented].filter(([, text]) => !/\bdefault\b/.test(text)).map(([name]) => name)).toEqual([]);
  });

  it('covers every variable the apps and libs read: they read the environment through the config schema', () => {
    const sources = execFileSync('git', ['ls-files', '--', 'apps/*.ts', 'libs/*.ts'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => file && !/\.(e2e-)?spec\.ts$/.test(file) && !file.includes('/generated/'));
    const reads = sources.flatMap((file) => environmentReads(file).map((name) => ({ file, name })));
    expect(reads.map(({ name }) => name)).toContain('CHROMIUM_PATH');
    expect(
      reads.filter(({ name }) => !schemaVariables.includes(name) && !shellVariables.includes(name)),
    ).toEqual([]);
  });
});
