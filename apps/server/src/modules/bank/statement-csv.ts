import { foldText, type StatementMapping } from '@airlink/domain';
import { parse } from 'csv-parse/sync';
import { badRequest } from '../../lib/errors';

/** A statement file read into a header and its data rows, each with its line number in the file (1-based). */
export interface StatementTable {
  columnas: string[];
  delimiter: ',' | ';';
  filas: Array<{ linea: number; valores: Record<string, string> }>;
}

/**
 * The delimiter of the header line: ';' when it has more semicolons than commas outside quotes
 * (Excel in Spanish saves CSV with ';'), ',' otherwise.
 */
export function detectDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) {
      if (commas + semicolons > 0) break;
    } else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** Header names made unique and never empty ('Columna 3'; a repeated 'Monto' becomes 'Monto (2)'). */
function headerNames(raw: string[]): string[] {
  const seen = new Map<string, number>();
  return raw.map((cell, i) => {
    const base = cell.trim() || `Columna ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

/**
 * Reads a bank statement exported as CSV: an optional UTF-8 BOM, ',' or ';' between cells, quoted cells,
 * the column names in the first non-empty line. Lines with no value at all are ignored.
 */
export function readStatementCsv(csv: string): StatementTable {
  const text = csv.replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(text);
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      delimiter,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      bom: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    throw badRequest(
      `No se pudo leer el archivo como CSV${line ? ` (línea ${line})` : ''}. Guárdalo como CSV separado por comas o por punto y coma.`,
      { csv: ['El archivo no es un CSV válido'] },
    );
  }
  const nonEmpty = records.filter((r) => r.record.some((c) => c.trim() !== ''));
  const [header, ...data] = nonEmpty;
  if (!header) throw badRequest('El archivo está vacío.', { csv: ['El archivo no tiene encabezados ni movimientos'] });
  const columnas = headerNames(header.record);
  if (columnas.length < 2) {
    throw badRequest(
      'El archivo debe tener una fila de encabezados con al menos dos columnas (fecha, monto, referencia…).',
      {
        csv: ['Solo se encontró una columna; revisa el separador'],
      },
    );
  }
  return {
    columnas,
    delimiter,
    filas: data.map(({ record, info }) => ({
      // csv-parse counts the line where a record ends; a quoted cell may span several lines.
      linea: info.lines - record.reduce((n, c) => n + (c.match(/\r\n|\r|\n/g)?.length ?? 0), 0),
      valores: Object.fromEntries(columnas.map((c, i) => [c, record[i] ?? ''])),
    })),
  };
}

/** Header words that say what a column holds, best first. */
const HINTS: Record<keyof StatementMapping, string[]> = {
  fecha: ['fecha de operacion', 'fecha operacion', 'fecha', 'date', 'dia'],
  monto: ['deposito', 'depositos', 'abono', 'abonos', 'credito', 'ingreso', 'monto', 'importe', 'amount', 'cantidad'],
  referencia: ['referencia', 'ref', 'reference', 'concepto', 'descripcion', 'detalle'],
  descripcion: ['descripcion', 'concepto', 'detalle', 'description', 'observaciones'],
};
/** Withdrawal and balance columns are never the deposit amount. */
const NOT_AN_AMOUNT = ['cargo', 'retiro', 'saldo', 'debito', 'balance'];

function words(header: string): string {
  return foldText(header)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The column whose name best matches the hints (exact word first, then contained), not already taken. */
function pick(columnas: string[], hints: string[], taken: Set<string>, exclude: string[] = []): string | undefined {
  const candidates = columnas.filter((c) => !taken.has(c) && !exclude.some((x) => words(c).includes(x)));
  for (const hint of hints) {
    const exact = candidates.find((c) => words(c) === hint);
    if (exact) return exact;
  }
  for (const hint of hints) {
    const contains = candidates.find((c) => ` ${words(c)} `.includes(` ${hint} `));
    if (contains) return contains;
  }
  return undefined;
}

/** The mapping suggested from the header names (Fecha, Depósito/Abono/Monto, Referencia/Concepto, Descripción). */
export function suggestMapping(columnas: string[]): Partial<StatementMapping> {
  const taken = new Set<string>();
  const out: Partial<StatementMapping> = {};
  for (const field of ['fecha', 'monto', 'referencia', 'descripcion'] as const) {
    const col = pick(columnas, HINTS[field], taken, field === 'monto' ? NOT_AN_AMOUNT : []);
    if (col) {
      out[field] = col;
      taken.add(col);
    }
  }
  return out;
}
