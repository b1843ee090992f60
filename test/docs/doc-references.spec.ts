// What comments and docs cite must exist: a section of docs/design.md cited by its number, or of
// docs/runtime-notes.md by its heading, is there, and every relative link in the Markdown docs reaches a file.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from '@jest/globals';

const root = join(import.meta.dirname, '../..');

function trackedFiles(...patterns: string[]): string[] {
  return execFileSync('git', ['ls-files', '--', ...patterns], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
}

const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** Each `## ` heading of a doc, without its number: "6. MCP contract" → { number: '6', title: 'MCP contract' }. */
function headings(doc: string): { number: string | null; title: string }[] {
  return [...read(doc).matchAll(/^## (?:(\d+)\. )?(.+)$/gm)].map(([, number, title]) => ({
    number: number ?? null,
    title: title.replaceAll('`', ''),
  }));
}

/** Every `pattern` match in the code, with where it stands. */
function citations(pattern: RegExp): { where: string; cited: string }[] {
  return trackedFiles('*.ts', '*.js').flatMap((file) =>
    read(file)
      .split('\n')
      .flatMap((line, index) =>
        [...line.matchAll(pattern)].map((match) => ({ where: `${file}:${index + 1}`, cited: match[1] })),
      ),
  );
}

describe('references in code and docs', () => {
  it('every "design.md §n" cited in code names a numbered section of docs/design.md', () => {
    const sections = new Set(headings('docs/design.md').map((heading) => heading.number));
    const cited = citations(/design\.md §(\d+)/g);
    expect(cited.length).toBeGreaterThan(10);
    expect(cited.filter(({ cited: number }) => !sections.has(number))).toEqual([]);
  });

  it('every section of docs/runtime-notes.md cited in code by its heading is there', () => {
    const titles = headings('docs/runtime-notes.md').map((heading) => heading.title);
    const cited = citations(/runtime-notes\.md, "([^"]+)"/g);
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.filter(({ cited: title }) => !titles.some((heading) => heading.startsWith(title)))).toEqual(
      [],
    );
  });

  it('no comment cites the planning documents that are not in the repository', () => {
    const thisSpec = 'test/docs/doc-references.spec.ts';
    const cited = citations(/((?:^|[^/])DESIGN(?:\.md)?\s*§\s*\d+|RUNTIME-NOTES)/g);
    expect(cited.filter(({ where }) => !where.startsWith(`${thisSpec}:`))).toEqual([]);
  });

  it('every relative link of the README and docs/ reaches a file of the repository', () => {
    const broken = trackedFiles('README.md', 'docs/*.md').flatMap((doc) =>
      [...read(doc).matchAll(/\]\(((?!https?:|mailto:|#)[^)\s]+)\)/g)]
        .map(([, target]) => target.split('#')[0])
        .filter((target) => target && !existsSync(join(root, dirname(doc), target)))
        .map((target) => `${doc} → ${target}`),
    );
    expect(broken).toEqual([]);
  });
});
