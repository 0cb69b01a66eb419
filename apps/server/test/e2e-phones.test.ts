import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXPENSE_CATEGORIES } from '../src/db/base-data';
import { buildDemoData } from '../src/demo/seed/demo-data';

/**
 * The browser journeys share one server and one database for the whole run, and a person's WhatsApp conversation is
 * titled by the customer whose phone has its 10 digits (docs/api-contract.md, `GET /api/whatsapp/conversations`).
 * So a number one journey writes (a customer's phone, a WhatsApp message from or to it) must belong to that journey
 * alone and to no demo customer: when the router journey gave its new customer the number the WhatsApp journey
 * receives from, the inbox rightly titled 'Paola Prueba''s conversation with that customer's name and the WhatsApp
 * journey failed, but only in the full run.
 */
const E2E = fileURLToPath(new URL('../../../e2e/', import.meta.url));

/** A Mexican number as written in a spec ('771 555 0102', '7715550101', '5217715550101'): its 10 digits. */
const PHONE = /(?<![\d.])(?:\+?52[ -]?1?[ -]?)?([2-9]\d{2})[ -]?(\d{3})[ -]?(\d{4})(?![\d.])/g;

function specPhones(): Map<string, Set<string>> {
  const where = new Map<string, Set<string>>();
  for (const file of readdirSync(E2E).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(join(E2E, file), 'utf8');
    // Only inside string literals: a number in code (a timeout, a port) is not a phone.
    for (const literal of text.matchAll(/'[^'\n]*'|"[^"\n]*"|`[^`\n]*`/g)) {
      for (const m of literal[0].matchAll(PHONE)) {
        const digits = `${m[1]}${m[2]}${m[3]}`;
        where.set(digits, (where.get(digits) ?? new Set()).add(file));
      }
    }
  }
  return where;
}

describe('the phone numbers of the browser journeys', () => {
  const phones = specPhones();

  it('are found in the specs (the WhatsApp journey receives from 771 555 0101)', () => {
    expect(phones.get('7715550101')).toEqual(new Set(['whatsapp.spec.ts']));
    expect(phones.size).toBeGreaterThan(3);
  });

  it('each belong to one journey', () => {
    const shared = [...phones].filter(([, files]) => files.size > 1).map(([p, files]) => `${p}: ${[...files]}`);
    expect(shared).toEqual([]);
  });

  it('belong to no demo customer', () => {
    const categories = new Map(EXPENSE_CATEGORIES.map((c, i) => [c.nombre, i + 1]));
    for (const now of [new Date(), new Date('2026-11-27T18:00:00Z')]) {
      const taken = new Set(
        buildDemoData(now, categories).contratos.map((c) => (c.telefono ?? '').replace(/\D/g, '').slice(-10)),
      );
      expect([...phones.keys()].filter((p) => taken.has(p))).toEqual([]);
    }
  });
});
