import type { StatementPreview } from '@airlink/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts } from '../testing/cash-fixtures';
import { mockFetch, type FetchCall, type MockReply } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { StatementImportTab } from './statement-import-tab';

beforeAll(async () => {
  await import('@mui/x-data-grid');
});
afterEach(() => vi.unstubAllGlobals());

const CSV = [
  'Fecha,Concepto,Referencia,Abono',
  '01/03/2026,DEPOSITO,REF-1,300.00',
  '02/03/2026,DEPOSITO,,500.00',
  '03/03/2026,DEPOSITO,REF-0,300.00',
  '04/03/2026,COMISION,REF-9,',
].join('\n');

type Row = StatementPreview['filas'][number];
const row = (fila: number, estado: Row['estado'], referencia: string | null, mensajes: string[] = []): Row => ({
  fila,
  estado,
  fechaRealizacion: `2026-03-0${fila - 1}`,
  monto: estado === 'omitido' ? null : 300,
  referencia,
  descripcion: 'DEPOSITO',
  mensajes,
});
const counts = (filas: Row[]) => ({
  nuevos: filas.filter((r) => r.estado === 'nuevo').length,
  duplicados: filas.filter((r) => r.estado === 'duplicado').length,
  omitidos: filas.filter((r) => r.estado === 'omitido').length,
  errores: filas.filter((r) => r.estado === 'error').length,
});
const columnas = ['Fecha', 'Concepto', 'Referencia', 'Abono'];

/** With the suggested mapping ('Concepto' as the reference) row 3 has an error; with 'Referencia' none has. */
function preview({ body }: FetchCall) {
  const b = body as { mapping?: { referencia: string } };
  const filas =
    b.mapping?.referencia === 'Referencia'
      ? [
          row(2, 'nuevo', 'REF-1'),
          row(3, 'nuevo', 'REF-2'),
          row(4, 'duplicado', 'REF-0'),
          row(5, 'omitido', 'REF-9', ['Sin depósito']),
        ]
      : [
          row(2, 'nuevo', 'DEPOSITO'),
          row(3, 'error', null, ['La referencia está vacía']),
          row(4, 'duplicado', 'DEPOSITO'),
        ];
  return {
    body: {
      columnas,
      mapeoSugerido: { fecha: 'Fecha', monto: 'Abono', referencia: 'Concepto' },
      filas,
      ...counts(filas),
    } satisfies StatementPreview,
  };
}

function server(importRoute: MockReply = { body: { importados: 2, duplicados: 1, omitidos: 1, lote: 'L-1' } }) {
  return mockFetch({
    'GET /api/cuentas': { body: accounts },
    'POST /api/Cuentas/movimientos/vista-previa': preview,
    'POST /api/Cuentas/movimientos/importar': importRoute,
  });
}

async function pickFile(content = CSV, name = 'estado-marzo.csv') {
  const input = await screen.findByLabelText('Archivo CSV del estado de cuenta');
  await waitFor(() =>
    expect(screen.getByRole('combobox', { name: 'Cuenta bancaria' })).toHaveTextContent('Banamex Crispin'),
  );
  fireEvent.change(input, { target: { files: [new File([content], name, { type: 'text/csv' })] } });
}

const importButton = () => screen.getByRole('button', { name: /^Importar \d+ movimientos?$/ });

async function chooseColumn(field: RegExp, column: string) {
  await userEvent.click(screen.getByRole('combobox', { name: field }));
  await userEvent.click(await screen.findByRole('option', { name: column }));
}

describe('Importar estado de cuenta', () => {
  it('previews, lets the person fix the mapping, imports only without errors, and reports the result', async () => {
    const api = server();
    renderWithProviders(<StatementImportTab />);
    await pickFile();

    // First the file alone (columns and a suggested mapping), then every row with that mapping.
    await waitFor(() => expect(api.of('POST /api/Cuentas/movimientos/vista-previa')).toHaveLength(2));
    const [first, second] = api.of('POST /api/Cuentas/movimientos/vista-previa');
    expect(first!.body).toEqual({ idCuenta: 2, csv: CSV });
    expect(second!.body).toEqual({
      idCuenta: 2,
      csv: CSV,
      mapping: { fecha: 'Fecha', monto: 'Abono', referencia: 'Concepto', descripcion: null },
    });
    expect(screen.getByRole('combobox', { name: /Referencia/ })).toHaveTextContent('Concepto');

    // An error row: its message is shown and nothing can be imported.
    expect(await screen.findByText('Hay 1 fila con errores')).toBeInTheDocument();
    expect(screen.getByText('Fila 3: La referencia está vacía')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Errores: 1' })).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: 'Filas del estado de cuenta' });
    expect(within(grid).getByText('Error')).toBeInTheDocument();
    expect(within(grid).getByText('Duplicado')).toBeInTheDocument();
    expect(importButton()).toHaveTextContent('Importar 1 movimiento');
    expect(importButton()).toBeDisabled();

    // The right reference column: no errors, two new rows.
    await chooseColumn(/Referencia/, 'Referencia');
    await waitFor(() => expect(importButton()).toHaveTextContent('Importar 2 movimientos'));
    expect(importButton()).toBeEnabled();
    expect(screen.queryByText(/filas? con errores/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nuevos: 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Omitidos: 1' })).toBeInTheDocument();

    await userEvent.click(importButton());
    await waitFor(() => expect(api.of('POST /api/Cuentas/movimientos/importar')).toHaveLength(1));
    expect(api.of('POST /api/Cuentas/movimientos/importar')[0]!.body).toEqual({
      idCuenta: 2,
      csv: CSV,
      mapping: { fecha: 'Fecha', monto: 'Abono', referencia: 'Referencia', descripcion: null },
    });
    // The same sentence is also toasted: read it in the result card.
    const result = (await screen.findByText('Importación terminada')).parentElement!;
    expect(result).toHaveTextContent('Se importaron 2 movimientos; 1 ya existía y 1 se omitió (sin depósito).');
    expect(screen.queryByRole('button', { name: /^Importar \d+ movimientos?$/ })).not.toBeInTheDocument();
  });

  it('previews again for another bank account and sends its id', async () => {
    const api = server();
    renderWithProviders(<StatementImportTab />);
    await pickFile();
    await waitFor(() => expect(api.of('POST /api/Cuentas/movimientos/vista-previa')).toHaveLength(2));
    await userEvent.click(screen.getByRole('combobox', { name: 'Cuenta bancaria' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Banamex Crispin', 'Tarjeta', 'Banamex Airlink']);
    await userEvent.click(screen.getByRole('option', { name: 'Banamex Airlink' }));
    await waitFor(() => expect(api.of('POST /api/Cuentas/movimientos/vista-previa')).toHaveLength(3));
    expect((api.of('POST /api/Cuentas/movimientos/vista-previa')[2]!.body as { idCuenta: number }).idCuenta).toBe(6);
  });

  it('shows a refused import row by row', async () => {
    server({
      status: 400,
      body: {
        error: 'validation',
        message: 'El estado de cuenta tiene errores; no se importó nada.',
        details: { 'fila 3': ['La fecha no es válida'], 'fila 7': ['El monto no es un número', 'Falta la referencia'] },
      },
    });
    renderWithProviders(<StatementImportTab />);
    await pickFile();
    await screen.findByText('Hay 1 fila con errores');
    await chooseColumn(/Referencia/, 'Referencia');
    await waitFor(() => expect(importButton()).toBeEnabled());
    await userEvent.click(importButton());
    const list = await screen.findByRole('list', { name: 'Errores de la importación' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Fila 3: La fecha no es válida', 'Fila 7: El monto no es un número · Falta la referencia']);
  });

  it('refuses a file over 2 MB without sending it', async () => {
    const api = server();
    renderWithProviders(<StatementImportTab />);
    await pickFile('x'.repeat(2_000_001), 'enorme.csv');
    expect(await screen.findByText('El archivo es demasiado grande (máximo 2 MB).')).toBeInTheDocument();
    expect(api.of('POST /api/Cuentas/movimientos/vista-previa')).toHaveLength(0);
  });
});
