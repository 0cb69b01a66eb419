import type { Account, PendingMovement, StatementPreview } from '@airlink/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, movimientosBancarios } from '../src/db/schema';
import { createMoneyTestApp, type MoneyTestApp } from './money-fixtures';

/** Thursday 15 October 2026, 12:00 in Mexico City. */
const now = new Date('2026-10-15T18:00:00Z');

let m: MoneyTestApp;
beforeAll(async () => {
  m = await createMoneyTestApp(() => now);
});
afterAll(() => m?.t.close());

const PREVIEW = '/api/Cuentas/movimientos/vista-previa';
const IMPORT = '/api/Cuentas/movimientos/importar';
const MAPPING = { fecha: 'Fecha', monto: 'Depósito', referencia: 'Referencia', descripcion: 'Descripción' };

/** A Banamex-like statement saved by Excel in Spanish: BOM, ';' between cells, deposits and withdrawals. */
const statement = (rows: string[]) =>
  `\uFEFFFecha;Descripción;Depósito;Retiro;Saldo;Referencia\r\n${rows.join('\r\n')}\r\n`;

async function movementsOf(idCuenta: number) {
  return m.t.database.db
    .select()
    .from(movimientosBancarios)
    .where(eq(movimientosBancarios.idCuenta, idCuenta))
    .orderBy(asc(movimientosBancarios.id));
}

describe('access levels', () => {
  it('accounts, pending movements and statements need a session and level 16', async () => {
    const routes: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', '/api/cuentas'],
      ['GET', '/api/Cuentas/pagospendientes'],
      ['POST', PREVIEW, { idCuenta: 2, csv: 'a,b\n1,2' }],
      ['POST', IMPORT, { idCuenta: 2, csv: 'a,b\n1,2' }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await m.call(method, url, null, payload)).statusCode, url).toBe(401);
      const res = await m.call(method, url, 10, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toBe('forbidden');
      expect((await m.call(method, url, 16, payload)).statusCode, url).not.toBeGreaterThanOrEqual(401);
    }
  });
});

describe('GET /api/cuentas', () => {
  it('lists the payment places with the spec ids and their groups, in their order (any letter case of the path)', async () => {
    const res = await m.call('GET', '/api/Cuentas', 16);
    expect(res.statusCode).toBe(200);
    const accounts: Account[] = res.json();
    expect(accounts.map((a) => a.id)).toEqual([4, 3, 2, 5, 6, 8, 9, 10, 11]);
    expect(accounts.find((a) => a.id === 11)).toMatchObject({ nombre: 'Mercado Pago', grupo: 'banco' });
    expect(accounts.find((a) => a.id === 4)).toEqual({
      id: 4,
      nombre: 'Oficina Aurrera',
      grupo: 'tizayuca',
      activo: true,
      orden: 1,
    });
    expect(accounts.find((a) => a.id === 9)?.grupo).toBe('ajuste');
  });
});

describe('statement preview', () => {
  it('reads a BOM and ";" file, suggests the columns from Spanish headers and stores nothing', async () => {
    const csv = statement([
      '01/10/2026;DEPOSITO SPEI;"1,250.00";;10000;abc123',
      '02/10/2026;COMISION;;15.00;9985;COM1',
    ]);
    const res = await m.call('POST', PREVIEW, 16, { idCuenta: 2, csv });
    expect(res.statusCode, res.body).toBe(200);
    const p: StatementPreview = res.json();
    expect(p.columnas).toEqual(['Fecha', 'Descripción', 'Depósito', 'Retiro', 'Saldo', 'Referencia']);
    expect(p.mapeoSugerido).toEqual({
      fecha: 'Fecha',
      monto: 'Depósito',
      referencia: 'Referencia',
      descripcion: 'Descripción',
    });
    expect(p.filas).toEqual([
      {
        fila: 2,
        estado: 'nuevo',
        fechaRealizacion: '2026-10-01',
        monto: 1250,
        referencia: 'ABC123',
        descripcion: 'DEPOSITO SPEI',
        mensajes: [],
      },
      expect.objectContaining({ fila: 3, estado: 'omitido' }),
    ]);
    expect([p.nuevos, p.duplicados, p.omitidos, p.errores]).toEqual([1, 0, 1, 0]);
    expect(await movementsOf(2)).toHaveLength(0);
  });

  it('suggests Abono/Concepto of a comma file and never a withdrawal or balance column as the amount', async () => {
    const csv = 'Fecha Operación,Concepto,Cargo,Abono,Saldo\n2026-10-03,TRANSF 998,,300.00,5000\n';
    const p: StatementPreview = (await m.call('POST', PREVIEW, 16, { idCuenta: 6, csv })).json();
    expect(p.mapeoSugerido).toMatchObject({ fecha: 'Fecha Operación', monto: 'Abono', referencia: 'Concepto' });
    expect(p.filas[0]).toMatchObject({ estado: 'nuevo', monto: 300, referencia: 'TRANSF 998' });
  });

  it('without recognisable headers it asks for the columns; a broken CSV is a Spanish 400', async () => {
    const p: StatementPreview = (await m.call('POST', PREVIEW, 16, { idCuenta: 2, csv: 'Col A,Col B\nx,y\n' })).json();
    expect(p.mapeoSugerido).toEqual({});
    expect(p.filas).toEqual([
      expect.objectContaining({
        fila: 2,
        estado: 'error',
        mensajes: [
          'Elige la columna de la fecha',
          'Elige la columna del monto (depósitos)',
          'Elige la columna de la referencia',
        ],
      }),
    ]);
    const broken = await m.call('POST', PREVIEW, 16, {
      idCuenta: 2,
      csv: 'Fecha,Monto,Referencia\n2026-10-01,100,"sin cerrar\n',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^No se pudo leer el archivo como CSV/);
  });

  it('refuses an account that is not a bank account, in Spanish', async () => {
    const res = await m.call('POST', PREVIEW, 16, { idCuenta: 4, csv: 'Fecha,Monto\n' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.idCuenta).toEqual(['Elige una cuenta bancaria']);
  });
});

describe('statement import', () => {
  it('needs the mapping, and the chosen columns must exist in the file', async () => {
    const csv = statement(['01/10/2026;X;100;;;R1']);
    const noMapping = await m.call('POST', IMPORT, 16, { idCuenta: 2, csv });
    expect(noMapping.statusCode).toBe(400);
    expect(noMapping.json().details.mapping).toBeDefined();

    const res = await m.call('POST', IMPORT, 16, { idCuenta: 2, csv, mapping: { ...MAPPING, monto: 'Importe' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe('invalid_columns');
    expect(body.message).toMatch(/columnas elegidas no están en el archivo/);
    expect(body.details['mapping.monto'][0]).toMatch(/no tiene la columna "Importe"/);
    expect(await movementsOf(2)).toHaveLength(0);
  });

  it('refuses a file with broken rows row by row (line numbers) and imports nothing', async () => {
    const csv = statement([
      '01/10/2026;OK;100.00;;;GOOD1',
      '',
      '31/02/2026;MALA FECHA;50;;;R2',
      '05/10/2026;MAL MONTO;cien;;;R3',
      '06/10/2026;SIN REF;75;;;',
    ]);
    const res = await m.call('POST', IMPORT, 16, { idCuenta: 2, csv, mapping: MAPPING });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe('invalid_statement');
    expect(body.message).toMatch(/3 filas tienen errores; no se importó ningún movimiento/);
    // Line 3 is the empty line: the numbers are the file's lines, header = 1.
    expect(Object.keys(body.details)).toEqual(['fila 4', 'fila 5', 'fila 6']);
    expect(body.details['fila 4']).toEqual(['Fecha inválida: "31/02/2026"']);
    expect(body.details['fila 5']).toEqual(['Monto inválido: "cien"']);
    expect(body.details['fila 6']).toEqual(['Falta la referencia']);
    expect(await movementsOf(2)).toHaveLength(0);
  });

  it('imports deposits once: repeated rows of the file and a re-import are duplicates', async () => {
    const csv = statement([
      '01/10/2026;SPEI RECIBIDO;"1,250.00";;;ref-001',
      '01/10/2026;SPEI RECIBIDO;1250;;;REF-001 ',
      '02/10/2026;DEPOSITO EFECTIVO;300.00;;;ref-002',
      '02/10/2026;COMISION;;15.00;;COM',
      '03/10/2026;DEPOSITO;450.50;;;Ref 003',
    ]);
    const res = await m.call('POST', IMPORT, 16, { idCuenta: 5, csv, mapping: MAPPING });
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json();
    expect(first).toMatchObject({ importados: 3, duplicados: 1, omitidos: 1 });
    expect(first.lote).toMatch(/^[0-9a-f-]{36}$/);

    const rows = await movementsOf(5);
    expect(rows.map((r) => [r.fechaRealizacion, r.monto, r.referencia])).toEqual([
      ['2026-10-01', 1250, 'REF-001'],
      ['2026-10-02', 300, 'REF-002'],
      ['2026-10-03', 450.5, 'REF 003'],
    ]);
    expect(rows.every((r) => r.importBatch === first.lote && r.createdBy !== null)).toBe(true);
    const [audit] = await m.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'bank_statement'), eq(auditLog.entityId, first.lote)));
    expect(audit?.action).toBe('import');
    expect(audit?.after).toMatchObject({ idCuenta: 5, importados: 3, duplicados: 1, omitidos: 1, filas: 5 });

    // The same statement again: nothing new, every deposit a duplicate.
    const again = await m.call('POST', IMPORT, 16, { idCuenta: 5, csv, mapping: MAPPING });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ importados: 0, duplicados: 4, omitidos: 1 });
    expect(await movementsOf(5)).toHaveLength(3);

    // The preview says why.
    const preview: StatementPreview = (
      await m.call('POST', PREVIEW, 16, { idCuenta: 5, csv, mapping: MAPPING })
    ).json();
    expect(preview.filas.map((f) => f.estado)).toEqual(['duplicado', 'duplicado', 'duplicado', 'omitido', 'duplicado']);
    expect(preview.nuevos).toBe(0);
  });

  it('two imports of one file at the same time add each movement once', async () => {
    const csv = 'Fecha,Monto,Referencia\n2026-10-07,100,PAR-1\n2026-10-07,200,PAR-2\n2026-10-08,300,PAR-3\n';
    const mapping = { fecha: 'Fecha', monto: 'Monto', referencia: 'Referencia' };
    const [a, b] = await Promise.all([
      m.call('POST', IMPORT, 16, { idCuenta: 6, csv, mapping }),
      m.call('POST', IMPORT, 16, { idCuenta: 6, csv, mapping }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().importados + b.json().importados).toBe(3);
    expect(a.json().duplicados + b.json().duplicados).toBe(3);
    const [n] = await m.t.database.db
      .select({ n: count() })
      .from(movimientosBancarios)
      .where(eq(movimientosBancarios.idCuenta, 6));
    expect(n?.n).toBe(3);
  });
});

describe('GET /api/Cuentas/pagospendientes', () => {
  it('lists movements no payment uses, newest first, filtered by reference (any case), account and limit', async () => {
    const csv =
      'Fecha,Monto,Referencia\n2026-09-01,500,PEND-AAA\n2026-09-03,600,PEND-BBB\n2026-09-02,700,OTRA-CCC\n2026-09-04,800,PEND-USED\n';
    const imp = await m.call('POST', IMPORT, 16, {
      idCuenta: 2,
      csv,
      mapping: { fecha: 'Fecha', monto: 'Monto', referencia: 'Referencia' },
    });
    expect(imp.statusCode, imp.body).toBe(200);
    const [used] = await m.t.database.db
      .select()
      .from(movimientosBancarios)
      .where(eq(movimientosBancarios.referencia, 'PEND-USED'));
    await m.payment({
      contratoId: await m.contract(),
      idCuenta: 2,
      monto: 800,
      fechaPago: '2026-09-04T17:00:00Z',
      idMovimientoFinanciero: used!.id,
    });

    const res = await m.call('GET', '/api/Cuentas/pagospendientes?q=pend-&idCuenta=2', 16);
    expect(res.statusCode).toBe(200);
    const list: PendingMovement[] = res.json();
    expect(list.map((p) => p.referencia)).toEqual(['PEND-BBB', 'PEND-AAA']);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      referencia: 'PEND-BBB',
      fechaRealizacion: '2026-09-03',
      monto: 600,
      idCuenta: 2,
      cuenta: 'Banamex Crispin',
      descripcion: '',
    });

    const limited: PendingMovement[] = (await m.call('GET', '/api/Cuentas/pagospendientes?q=PEND&limit=1', 16)).json();
    expect(limited.map((p) => p.referencia)).toEqual(['PEND-BBB']);

    // '%' and '_' are text, not wildcards.
    expect((await m.call('GET', '/api/Cuentas/pagospendientes?q=%25', 16)).json()).toEqual([]);
    const other: PendingMovement[] = (await m.call('GET', '/api/Cuentas/pagospendientes?idCuenta=6', 16)).json();
    expect(other.every((p) => p.idCuenta === 6)).toBe(true);
    const bad = await m.call('GET', '/api/Cuentas/pagospendientes?limit=0', 16);
    expect(bad.statusCode).toBe(400);
  });
});
