import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ACTIONS, API_KEY_LEVEL, API_KEY_PROFILES, LEVEL, PAGES, apiKeyAllows, type ActionKey } from '@airlink/domain';
import { describe, expect, it } from 'vitest';

/** docs/access.md's tables hold what packages/domain's access tables hold, row for row. */
const DOC = readFileSync(fileURLToPath(new URL('../../../docs/access.md', import.meta.url)), 'utf8');

type Row = Record<string, string>;

/** The rows of the markdown table whose header starts with `first`, each cell keyed by its column header. */
function table(markdown: string, first: string): Row[] {
  const lines = markdown.split('\n');
  const cells = (line: string) =>
    line
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((c) => c.trim());
  const start = lines.findIndex((l) => l.trim().startsWith('|') && cells(l)[0] === first);
  if (start < 0) throw new Error(`no table starting with column '${first}' in docs/access.md`);
  const header = cells(lines[start]!);
  const rows: Row[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.trim().startsWith('|')) break;
    const c = cells(line);
    rows.push(Object.fromEntries(header.map((h, i) => [h, c[i] ?? ''])));
  }
  return rows;
}

const pick = (rows: Row[], columns: string[]) => rows.map((r) => columns.map((c) => r[c]));

function profileCell(profile: (typeof API_KEY_PROFILES)[number]['value'], action: ActionKey): string {
  // The table is what a key can do when its owner is an administrator (a lower owner lowers the key).
  const read = apiKeyAllows(profile, action, 'GET', API_KEY_LEVEL);
  const write = apiKeyAllows(profile, action, 'POST', API_KEY_LEVEL);
  return read && write ? 'read, write' : read ? 'read' : write ? 'write' : '—';
}

describe('docs/access.md', () => {
  it('reads a table by its first column, cell by header', () => {
    const md = 'x\n| a | b |\n| --- | --- |\n| 1 | 2 |\n|  3  |4|\n\n| a | c |\n| - | - |\n| 9 | 9 |';
    expect(table(md, 'a')).toEqual([
      { a: '1', b: '2' },
      { a: '3', b: '4' },
    ]);
  });

  it('lists the levels of LEVEL, name and number', () => {
    expect(pick(table(DOC, 'name'), ['name', 'level'])).toEqual(
      Object.entries(LEVEL).map(([name, level]) => [name, String(level)]),
    );
  });

  it('lists every page of PAGES in route order, with path, title, group, level and sidebar', () => {
    expect(pick(table(DOC, 'page'), ['page', 'path', 'title', 'group', 'level', 'in sidebar'])).toEqual(
      PAGES.map((p) => [p.key, p.path, p.title, p.group ?? '—', String(p.minLevel), p.visible ? 'yes' : 'no']),
    );
  });

  it('lists every action of ACTIONS with its level and what each API key profile may do', () => {
    const profiles = API_KEY_PROFILES.map((p) => p.value);
    expect(pick(table(DOC, 'action'), ['action', 'level', ...profiles])).toEqual(
      (Object.keys(ACTIONS) as ActionKey[]).map((a) => [
        a,
        String(ACTIONS[a]),
        ...profiles.map((p) => profileCell(p, a)),
      ]),
    );
  });
});
