import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands on its own: comments point at docs/ (`docs/business-rules.md "Payments"`), never at
 * documents outside it (the design, protocol and requirement texts the project started from).
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CODE = /\.(ts|tsx|js|mjs|sql|css|md)$/;

function trackedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', 'apps', 'packages', 'scripts', 'e2e', 'docs', 'README.md'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return out.split('\n').filter((f) => CODE.test(f) && existsSync(join(ROOT, f)));
}

/** `## Heading` lines of a markdown file, as written (without the hashes). */
function headings(markdown: string): Set<string> {
  return new Set(
    markdown
      .split('\n')
      .filter((l) => /^#{1,4} /.test(l))
      .map((l) => l.replace(/^#+ /, '').trim()),
  );
}

/** A section is named by its heading, or by the heading's start before ' (' or ':' ("API keys" for "API keys (issue 13)"). */
function hasSection(found: Set<string>, section: string): boolean {
  return [...found].some((h) => h === section || h.startsWith(`${section} (`) || h.startsWith(`${section}:`));
}

/** Each `docs/<file>.md "Section"` (and `"Other"` joined with 'and') of a line, as [file, section | null]. */
function docReferences(line: string): Array<[string, string | null]> {
  const refs: Array<[string, string | null]> = [];
  for (const m of line.matchAll(/(docs\/[\w/.-]+\.md)((?: "[^"]+")(?: (?:and|to) "[^"]+")*)?/g)) {
    const sections = [...(m[2] ?? '').matchAll(/"([^"]+)"/g)].map((s) => s[1]!);
    if (sections.length === 0) refs.push([m[1]!, null]);
    for (const s of sections) refs.push([m[1]!, s]);
  }
  return refs;
}

/** A pointer at a document outside the repository. */
const OUTSIDE = /DESIGN(\.md| §)|\.\.\/shared\/|\/work\/shared|protocol[ ]note|\bspec (000|001)\b|\bspec §/i;

describe('references to documents', () => {
  it('reads a reference, its sections, and a bare file', () => {
    expect(docReferences('x (docs/business-rules.md "Money" and "Payments"; docs/access.md).')).toEqual([
      ['docs/business-rules.md', 'Money'],
      ['docs/business-rules.md', 'Payments'],
      ['docs/access.md', null],
    ]);
  });

  it('no code points at a document outside the repository', () => {
    const outside: string[] = [];
    for (const file of trackedFiles()) {
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (OUTSIDE.test(line)) outside.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(outside).toEqual([]);
  });

  it('every docs/ file and section a comment names exists', () => {
    const cache = new Map<string, Set<string> | null>();
    const broken: string[] = [];
    for (const file of trackedFiles()) {
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const [doc, section] of docReferences(line)) {
            if (!cache.has(doc)) {
              const path = join(ROOT, doc);
              cache.set(doc, existsSync(path) ? headings(readFileSync(path, 'utf8')) : null);
            }
            const found = cache.get(doc);
            if (!found) broken.push(`${file}:${i + 1}: ${doc} does not exist`);
            else if (section && !hasSection(found, section))
              broken.push(`${file}:${i + 1}: ${doc} has no section "${section}"`);
          }
        });
    }
    expect(broken).toEqual([]);
  });
});
