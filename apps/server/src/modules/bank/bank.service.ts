import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_GROUP_LABELS,
  movementImportKey,
  normalizeStatementRow,
  type Account,
  type AccountUpdate,
  type PendingMovement,
  type StatementImport,
  type StatementMapping,
  type StatementPreview,
  type statementImportResultSchema,
  type statementRowReportSchema,
} from '@airlink/domain';
import type { z } from 'zod';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.service';
import type { BankRepository, NewMovement } from './bank.repository';
import { readStatementCsv, suggestMapping, type StatementTable } from './statement-csv';

type RowReport = z.infer<typeof statementRowReportSchema>;
type ImportResult = z.infer<typeof statementImportResultSchema>;

/** Rows a preview without a mapping shows (the person then chooses the columns). */
export const PREVIEW_ROWS = 20;

const FIELD_LABELS: Record<keyof StatementMapping, string> = {
  fecha: 'la fecha',
  monto: 'el monto (depósitos)',
  referencia: 'la referencia',
  descripcion: 'la descripción',
};

const CHOOSE_COLUMN = {
  fecha: 'Elige la columna de la fecha',
  monto: 'Elige la columna del monto (depósitos)',
  referencia: 'Elige la columna de la referencia',
} as const;

interface Evaluated {
  reports: RowReport[];
  nuevos: NewMovement[];
  duplicados: number;
  omitidos: number;
  errores: number;
}

/** Accounts, pending bank movements and statement import (docs/business-rules.md "Finance"). */
export class BankService {
  constructor(
    private readonly repo: BankRepository,
    private readonly audit: AuditService,
  ) {}

  accounts(): Promise<Account[]> {
    return this.repo.accounts();
  }

  /**
   * Administración changes an account's name, active flag and order (PUT /api/cuentas/{id}). The spec's ids
   * and their groups are fixed (docs/business-rules.md "Accounts and payment places": the group decides income, cash closes and who may use
   * it), so another group is refused; one transaction with its audit row.
   */
  async updateAccount(actor: AuthUser, id: number, input: AccountUpdate): Promise<Account> {
    return this.repo.transaction(async (tx) => {
      const before = await this.repo.account(id, tx, true);
      if (!before) throw notFound('La cuenta no existe.');
      if (input.grupo !== before.grupo) {
        throw badRequest(
          `El grupo de la cuenta ${before.nombre} es ${ACCOUNT_GROUP_LABELS[before.grupo]} y no se puede cambiar: decide dónde cuenta su dinero.`,
          { grupo: ['El grupo de esta cuenta no se puede cambiar'] },
        );
      }
      const after: Account = {
        id,
        nombre: input.nombre,
        grupo: before.grupo,
        activo: input.activo,
        orden: input.orden,
      };
      await this.repo.updateAccount(id, after, tx);
      await this.audit.record({ actor, action: 'update', entity: 'account', entityId: id, before, after }, tx);
      return after;
    });
  }

  pending(query: { q?: string; idCuenta?: number; limit: number }): Promise<PendingMovement[]> {
    return this.repo.pending({ ...query, q: query.q || undefined });
  }

  /** The columns, a suggested mapping and the rows as they would be imported (nothing is stored). */
  async preview(input: StatementImport): Promise<StatementPreview> {
    await this.bankAccount(input.idCuenta);
    const table = readStatementCsv(input.csv);
    const mapeoSugerido = suggestMapping(table.columnas);
    const mapping = input.mapping ?? completeMapping(mapeoSugerido);
    if (input.mapping) checkMapping(input.mapping, table);
    if (!mapping) {
      const missing = (['fecha', 'monto', 'referencia'] as const).filter((f) => !mapeoSugerido[f]);
      const mensajes = missing.map((f) => CHOOSE_COLUMN[f]);
      return {
        columnas: table.columnas,
        mapeoSugerido,
        filas: table.filas.slice(0, PREVIEW_ROWS).map((f) => ({
          fila: f.linea,
          estado: 'error' as const,
          fechaRealizacion: null,
          monto: null,
          referencia: null,
          descripcion: null,
          mensajes,
        })),
        nuevos: 0,
        duplicados: 0,
        omitidos: 0,
        errores: table.filas.length,
      };
    }
    const existing = await this.repo.existingKeys(this.keysOf(input.idCuenta, table, mapping));
    const result = evaluate(input.idCuenta, table, mapping, existing);
    return {
      columnas: table.columnas,
      mapeoSugerido,
      filas: input.mapping ? result.reports : result.reports.slice(0, PREVIEW_ROWS),
      nuevos: result.nuevos.length,
      duplicados: result.duplicados,
      omitidos: result.omitidos,
      errores: result.errores,
    };
  }

  /**
   * Imports the statement's deposits as pending movements, all or nothing: any row with an error refuses
   * the whole file (400, row by row). Movements already stored (same import key) are not added again,
   * also when two imports of the same file run at once (ON CONFLICT DO NOTHING on the unique key).
   */
  async import(actor: AuthUser, input: StatementImport): Promise<ImportResult> {
    const mapping = input.mapping;
    if (!mapping) {
      throw badRequest('Elige qué columna del archivo es la fecha, el monto y la referencia.', {
        mapping: ['Elige las columnas del archivo'],
      });
    }
    const account = await this.bankAccount(input.idCuenta);
    const table = readStatementCsv(input.csv);
    checkMapping(mapping, table);
    if (table.filas.length === 0) {
      throw badRequest('El archivo no tiene movimientos debajo de los encabezados.', { csv: ['Sin movimientos'] });
    }
    const lote = randomUUID();
    return this.repo.transaction(async (tx) => {
      const existing = await this.repo.existingKeys(this.keysOf(input.idCuenta, table, mapping), tx);
      const result = evaluate(input.idCuenta, table, mapping, existing);
      if (result.errores > 0) {
        const details: Record<string, string[]> = {};
        for (const r of result.reports) if (r.estado === 'error') details[`fila ${r.fila}`] = r.mensajes;
        const n = result.errores;
        throw new AppError(
          400,
          'invalid_statement',
          `${n === 1 ? 'Una fila tiene' : `${n} filas tienen`} errores; no se importó ningún movimiento. Corrige el archivo o elige otras columnas.`,
          details,
        );
      }
      const importados = await this.repo.insertMovements(result.nuevos, lote, actor.id, tx);
      // A row whose key another import stored meanwhile was skipped by the unique index: it is a duplicate.
      const duplicados = result.duplicados + (result.nuevos.length - importados);
      const summary = { importados, duplicados, omitidos: result.omitidos, lote };
      await this.audit.record(
        {
          actor,
          action: 'import',
          entity: 'bank_statement',
          entityId: lote,
          after: { idCuenta: account.id, cuenta: account.nombre, filas: table.filas.length, mapping, ...summary },
        },
        tx,
      );
      return summary;
    });
  }

  private async bankAccount(idCuenta: number): Promise<Account> {
    const account = await this.repo.account(idCuenta);
    if (!account || account.grupo !== 'banco' || !account.activo) {
      throw badRequest('Elige una cuenta bancaria activa.', { idCuenta: ['La cuenta no existe o no es bancaria'] });
    }
    return account;
  }

  /** The import keys of the rows that normalise (to look up in one query). */
  private keysOf(idCuenta: number, table: StatementTable, mapping: StatementMapping): string[] {
    const keys: string[] = [];
    for (const f of table.filas) {
      const r = normalizeStatementRow(f.valores, mapping);
      if (r.kind === 'ok') keys.push(movementImportKey(idCuenta, r.row));
    }
    return keys;
  }
}

function completeMapping(m: Partial<StatementMapping>): StatementMapping | null {
  return m.fecha && m.monto && m.referencia
    ? { fecha: m.fecha, monto: m.monto, referencia: m.referencia, descripcion: m.descripcion ?? null }
    : null;
}

/** Every chosen column must be in the file (400 naming the wrong ones). */
function checkMapping(mapping: StatementMapping, table: StatementTable): void {
  const details: Record<string, string[]> = {};
  for (const field of ['fecha', 'monto', 'referencia', 'descripcion'] as const) {
    const col = mapping[field];
    if (col && !table.columnas.includes(col)) {
      details[`mapping.${field}`] = [
        `El archivo no tiene la columna "${col}" (columnas: ${table.columnas.join(', ')})`,
      ];
    }
  }
  const fields = Object.keys(details);
  if (fields.length > 0) {
    throw new AppError(
      400,
      'invalid_columns',
      `Las columnas elegidas no están en el archivo: ${fields.map((f) => FIELD_LABELS[f.slice(8) as keyof StatementMapping]).join(', ')}. Revisa el archivo o vuelve a elegir las columnas.`,
      details,
    );
  }
}

/** Each row: nuevo, duplicado (stored already, or earlier in this file), omitido (not a deposit) or error. */
function evaluate(
  idCuenta: number,
  table: StatementTable,
  mapping: StatementMapping,
  existing: Set<string>,
): Evaluated {
  const out: Evaluated = { reports: [], nuevos: [], duplicados: 0, omitidos: 0, errores: 0 };
  const seen = new Map<string, number>();
  for (const f of table.filas) {
    const r = normalizeStatementRow(f.valores, mapping);
    const base = { fila: f.linea, fechaRealizacion: null, monto: null, referencia: null, descripcion: null };
    if (r.kind === 'skip') {
      out.omitidos++;
      out.reports.push({ ...base, estado: 'omitido', mensajes: [r.reason] });
      continue;
    }
    if (r.kind === 'error') {
      out.errores++;
      out.reports.push({ ...base, estado: 'error', mensajes: r.errors });
      continue;
    }
    const key = movementImportKey(idCuenta, r.row);
    const values = {
      fechaRealizacion: r.row.fechaRealizacion,
      monto: r.row.monto,
      referencia: r.row.referencia,
      descripcion: r.row.descripcion,
    };
    const earlier = seen.get(key);
    if (existing.has(key) || earlier !== undefined) {
      out.duplicados++;
      out.reports.push({
        ...base,
        ...values,
        estado: 'duplicado',
        mensajes: [earlier !== undefined ? `Repite la fila ${earlier} del archivo` : 'Ya se importó antes'],
      });
      continue;
    }
    seen.set(key, f.linea);
    out.nuevos.push({ idCuenta, ...values, importKey: key });
    out.reports.push({ ...base, ...values, estado: 'nuevo', mensajes: [] });
  }
  return out;
}
