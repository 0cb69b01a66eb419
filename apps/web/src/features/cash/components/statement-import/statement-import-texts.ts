import { formatNumber, type StatementImport } from '@airlink/domain';
import { ApiError } from '../../../../lib/api-client';

type Mapping = NonNullable<StatementImport['mapping']>;

/** The columns chosen so far ('' = none yet). */
export interface DraftMapping {
  fecha: string;
  monto: string;
  referencia: string;
  descripcion: string;
}

export const EMPTY_MAPPING: DraftMapping = { fecha: '', monto: '', referencia: '', descripcion: '' };

export const MAPPING_FIELDS: ReadonlyArray<{ key: keyof DraftMapping; label: string; required: boolean }> = [
  { key: 'fecha', label: 'Fecha', required: true },
  { key: 'monto', label: 'Monto (depósito)', required: true },
  { key: 'referencia', label: 'Referencia', required: true },
  { key: 'descripcion', label: 'Descripción', required: false },
];

/** The mapping to send, or null while a required column is not chosen. */
export function completeMapping(m: DraftMapping): Mapping | null {
  if (!m.fecha || !m.monto || !m.referencia) return null;
  return { fecha: m.fecha, monto: m.monto, referencia: m.referencia, descripcion: m.descripcion || null };
}

export interface LoadedFile {
  name: string;
  size: number;
  csv: string;
}

export interface ImportOutcome {
  importados: number;
  duplicados: number;
  omitidos: number;
}

export const movements = (n: number) => `${formatNumber(n)} ${n === 1 ? 'movimiento' : 'movimientos'}`;

export const sizeText = (bytes: number) =>
  bytes < 1024
    ? `${formatNumber(bytes)} B`
    : bytes < 1024 * 1024
      ? `${formatNumber(bytes / 1024, 1)} KB`
      : `${formatNumber(bytes / 1024 / 1024, 2)} MB`;

/** 'Se importaron 2 movimientos; 1 ya existía' (and the rows left out, when any). */
export function outcomeText({ importados, duplicados, omitidos }: ImportOutcome): string {
  const verb = importados === 1 ? 'Se importó' : 'Se importaron';
  const existed = `${duplicados} ${duplicados === 1 ? 'ya existía' : 'ya existían'}`;
  const skipped = omitidos > 0 ? ` y ${omitidos} ${omitidos === 1 ? 'se omitió' : 'se omitieron'} (sin depósito)` : '';
  return `${verb} ${movements(importados)}; ${existed}${skipped}.`;
}

/** A failed preview or import, in Spanish. */
export const failMessage = (error: unknown) =>
  error instanceof ApiError && error.status === 0
    ? 'Error de conexión: no se pudo llegar al servidor. Intenta de nuevo.'
    : error instanceof Error
      ? error.message
      : 'No se pudo leer el estado de cuenta.';
