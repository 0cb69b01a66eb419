import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FOLD_FROM, FOLD_TO, foldChars, foldText, searchTextOf } from '@airlink/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { createTestDatabase } from './test-db';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** The same table of inputs for SQL's airlink_fold and the domain's foldChars. */
const INPUTS = [
  '',
  'José María HERNÁNDEZ Ñúñez',
  'PEÑA NIETO, Güero',
  'Ángel Óscar Úrsula Íñigo Émilie',
  'François Çelik Ålesund Ýves ÿ',
  'São João Ãngela Õscar',
  'àèìòù âêîôû äëïö ÀÈÌÒÙ ÂÊÎÔÛ ÄËÏÖ',
  FOLD_FROM,
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz 0123456789',
  '  dos  espacios\ty\ttabuladores\nlínea\u00a0nbsp  ',
  'Calle 5 de Mayo #12-B, Col. Centro (Tizayuca) 43800',
  'correo+etiqueta@Ejemplo.MX  771-123-4567',
  'Ø ß Æ Œ Ł Ő ΣΩ Жук 😀',
  'Jose\u0301 decomposed',
  '%_\\ comodines de LIKE',
];

async function fold(text: string): Promise<string> {
  const r = (await database.db.execute(sql`SELECT airlink_fold(${text}) AS f`)) as unknown as {
    rows: Array<{ f: string }>;
  };
  return r.rows[0]!.f;
}

describe('accent folding: airlink_fold (SQL) and foldChars (domain) are one map', () => {
  it('agree character for character on every input', async () => {
    for (const text of INPUTS) expect(await fold(text), JSON.stringify(text)).toBe(foldChars(text));
  });

  it('fold ASCII and Latin-1 accented letters of both cases, nothing else', async () => {
    expect(await fold('José María HERNÁNDEZ Ñúñez')).toBe('jose maria hernandez nunez');
    expect(await fold('Ø ß ΣΩ 😀')).toBe('Ø ß ΣΩ 😀');
    expect(foldText('  José   HERNÁNDEZ Ñuñez ')).toBe('jose hernandez nunez');
  });

  it('a customer search text is the folded fields, as SQL folds them', async () => {
    const row = {
      nombre: 'Ramón GÓMEZ  Peña',
      calle: 'Av. Juárez',
      numero: '12',
      colonia: 'El Ángel',
      comunidad: 'Tizayuca',
      telefono: '7711234567',
      email: 'RAMON@correo.mx',
      fechaContratacion: '2026-03-01',
      no: 15,
    };
    const joined = [row.nombre, row.calle, row.numero, row.colonia, row.comunidad, row.telefono, row.email].join(' ');
    const folded = (await fold(joined)).replace(/\s+/g, ' ').trim();
    expect(searchTextOf(row).startsWith(folded)).toBe(true);
  });

  it('the migration is built from the domain table', () => {
    const migration = readFileSync(
      path.join(import.meta.dirname, '../src/db/migrations/0008_airlink_fold.sql'),
      'utf8',
    );
    expect(migration).toContain(`'${FOLD_FROM}', '${FOLD_TO}'`);
  });
});
