import type { Invoice } from '@airlink/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockReply } from '../../../lib/testing/fetch-mock';
import { makeUser, signIn } from '../../../lib/testing/fixtures';
import { renderWithProviders } from '../../../lib/testing/render';
import { InvoicingPage, recentPeriods } from './invoicing-page';

afterEach(() => vi.unstubAllGlobals());

const invoice = (over: Partial<Invoice> = {}): Invoice => ({
  id: 1,
  tipo: 'pago',
  idPago: 10,
  idContrato: 7,
  nombre: 'JUAN PEREZ GOMEZ',
  periodo: null,
  serie: 'F',
  folio: 12,
  uuid: '0a1b2c3d-0000-4000-8000-000000000001',
  fecha: '2026-11-10T17:00:00.000Z',
  total: 348,
  estado: 'valida',
  motivo: null,
  motivoCancelacion: null,
  sustituyeA: null,
  sustituta: null,
  ...over,
});

const ZIP_ERROR = 'el código postal no corresponde al RFC en el SAT: pide al cliente su constancia de situación fiscal';

function setup(level: number, routes: Record<string, MockReply> = {}) {
  signIn(level);
  const api = mockFetch({
    'GET /api/usuarios': { body: [makeUser(level)] },
    'GET /api/facturas': {
      body: {
        items: [
          invoice(),
          invoice({ id: 2, folio: null, uuid: null, fecha: null, estado: 'error', motivo: ZIP_ERROR }),
        ],
        total: 2,
      },
    },
    'GET /api/facturas/totales': {
      body: {
        periodo: '2026-11',
        porEstado: [
          { estado: 'valida', facturas: 1, total: 348 },
          { estado: 'error', facturas: 1, total: 348 },
        ],
      },
    },
    'GET /api/facturas/global/vista-previa': {
      body: { periodo: '2026-11', total: 12500, pagos: 40, emitida: false, fechaEmision: '2026-12-01' },
    },
    ...routes,
  });
  renderWithProviders(<InvoicingPage />, { path: '/dashboard/facturacion' });
  return api;
}

describe('Facturación page', () => {
  it('lists the month with totals by state and each PAC error in Spanish with what to fix', async () => {
    const api = setup(16);
    const table = await screen.findByRole('grid', { name: 'Facturas' });
    expect(await within(table).findByText('F12')).toBeInTheDocument();
    const fixes = screen.getByLabelText('Facturas por corregir');
    expect(fixes).toHaveTextContent(`Sin folio #2 · JUAN PEREZ GOMEZ: ${ZIP_ERROR}`);
    expect(fixes).toHaveTextContent('Corrige los datos fiscales del contrato');
    const totals = screen.getByRole('list', { name: 'Totales por estado' });
    expect(await within(totals).findByRole('listitem', { name: 'Válida: 1' })).toBeInTheDocument();
    expect(within(totals).getByRole('listitem', { name: 'Con error: 1' })).toBeInTheDocument();
    // The list is paged on the server with the month as a filter.
    const first = api.of('GET /api/facturas')[0]!;
    expect(first.query.get('page')).toBe('0');
    expect(first.query.get('periodo')).toMatch(/^\d{4}-\d{2}$/);
    // Level 16 reads: neither the global invoice nor cancel.
    expect(screen.queryByText('Factura global (público en general)')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar F12' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar PDF de F12' })).toBeInTheDocument();
  });

  it('filters by state and contract on the server', async () => {
    const api = setup(16);
    await screen.findByRole('grid', { name: 'Facturas' });
    await userEvent.click(await screen.findByRole('listitem', { name: 'Con error: 1' }));
    await waitFor(() => expect(api.of('GET /api/facturas').at(-1)!.query.get('estado')).toBe('error'));
    await userEvent.type(screen.getByLabelText('Contrato'), '7');
    await waitFor(() => expect(api.of('GET /api/facturas').at(-1)!.query.get('idContrato')).toBe('7'));
  });

  it('level 20 cancels with the SAT motive; 01 asks for the substitute', async () => {
    const api = setup(20, {
      'POST /api/facturas/1/cancelar': { body: invoice({ estado: 'cancelada', motivoCancelacion: '02' }) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar F12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar factura F12' });
    expect(within(dialog).queryByLabelText(/Factura sustituta/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Motivo de cancelación/ }));
    await userEvent.click(screen.getByRole('option', { name: /^01/ }));
    expect(within(dialog).getByLabelText(/Factura sustituta/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Motivo de cancelación/ }));
    await userEvent.click(screen.getByRole('option', { name: /^02/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar factura' }));
    expect(await screen.findByText('Factura F12 cancelada')).toBeInTheDocument();
    expect(api.of('POST /api/facturas/1/cancelar')[0]!.body).toEqual({ motivo: '02' });
  });

  it('level 20 sees the global invoice preview; it is issued only after the month ends', async () => {
    setup(20);
    expect(await screen.findByTestId('global-preview')).toHaveTextContent('40 pagos sin factura propia por $12,500.00');
    // The current month has not ended.
    expect(screen.getByRole('button', { name: 'Emitir factura global' })).toBeDisabled();
  });

  it("sends an invoice by WhatsApp to the contract's phone", async () => {
    const api = setup(16, {
      'POST /api/facturas/1/whatsapp': {
        body: {
          telefono: '527715550199',
          message: {
            id: 1,
            instance: 'Cobranza',
            conversationId: '1~527715550199@s.whatsapp.net',
            keyId: '3EB0ABC',
            remoteJid: '527715550199@s.whatsapp.net',
            fromMe: true,
            fromNumber: '5217797961002',
            senderName: '',
            timestamp: '2026-11-24T17:00:00.000Z',
            type: 'document',
            text: 'Factura F12',
            read: true,
            status: 'pending',
            deleted: false,
            sentByUserId: 3,
            sentByName: 'Caja Uno',
          },
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar F12 por WhatsApp' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar factura F12 por WhatsApp' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(api.of('POST /api/facturas/1/whatsapp')).toHaveLength(1));
    expect(api.of('POST /api/facturas/1/whatsapp')[0]!.body).toEqual({});
  });

  it('offers the months in Spanish, newest first, across the year', () => {
    const months = recentPeriods('2026-01', 3);
    expect(months.map((m) => m.value)).toEqual(['2026-01', '2025-12', '2025-11']);
    expect(months[0]!.label).toBe('enero de 2026');
  });
});
