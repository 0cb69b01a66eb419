import type { DailyReport } from '@airlink/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockReply } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { DailyReportPage } from './daily-report-page';

const REPORT: DailyReport = {
  fecha: '2026-11-24',
  ingresos: {
    tizayuca: 300,
    pachuca: 450,
    banco: 500,
    total: 1250,
    cantidadPagos: 3,
    porCuenta: [{ cuenta: 'Banamex Crispin', grupo: 'banco', monto: 500, cantidadPagos: 1 }],
  },
  cortesCaja: [
    {
      cuenta: 'Oficina Aurrera',
      esperado: 300,
      contado: 280,
      diferencia: -20,
      cerradoPor: 'Caja Uno',
      cerradoEn: '2026-11-25T01:05:00Z',
    },
  ],
  cortes: [{ idContrato: 1, nombre: 'Ana Torres', hora: '2026-11-24T17:00:00Z' }],
  reconexiones: [{ idContrato: 2, nombre: 'Beto Ruiz', hora: '2026-11-24T18:00:00Z', porPago: true }],
  deshechas: [{ idEjecucion: 4, fecha: '2026-11-23', hora: '2026-11-24T19:00:00Z', reconectados: 3 }],
  radiosCaidos: [{ id: 1, nombre: 'Radio Cerro', ip: '10.5.0.2', ultimaVez: null, error: 'No responde' }],
  routersCaidos: [],
};
const SETTINGS = { activo: false, telefono: '', hora: '20:30', instancia: '' };

afterEach(() => vi.unstubAllGlobals());

function mockPage(extra: Record<string, MockReply> = {}) {
  return mockFetch({
    'GET /api/reporte-diario': { body: REPORT },
    'GET /api/reporte-diario/configuracion': { body: SETTINGS },
    'GET /api/reporte-diario/envios': { body: [] },
    'GET /api/whatsapp/instances': { body: [] },
    ...extra,
  });
}

describe('Reporte diario page', () => {
  it('shows income per office and bank, the cash close with its difference, cuts and what is down', async () => {
    mockPage();
    renderWithProviders(<DailyReportPage />);
    expect(await screen.findByText('$1,250.00')).toBeInTheDocument();
    expect(screen.getByText('Efectivo Pachuca')).toBeInTheDocument();
    const closes = screen.getByRole('table', { name: 'Cortes de caja' });
    expect(within(closes).getByText('-$20.00')).toBeInTheDocument();
    expect(screen.getByText('Ana Torres')).toBeInTheDocument();
    expect(screen.getByText('Radio Cerro (10.5.0.2)')).toBeInTheDocument();
    expect(screen.getByText('Red: 1 radios y 0 routers caídos')).toBeInTheDocument();
  });

  it('tells a reconnection by payment, and lists undone scheduled runs apart from the reconnections', async () => {
    mockPage();
    renderWithProviders(<DailyReportPage />);
    expect(await screen.findByText('Cortes (1) y reconexiones (1)')).toBeInTheDocument();
    expect(screen.getByText('Reconexión por pago')).toBeInTheDocument();
    const undone = screen.getByLabelText('Cortes programados deshechos');
    expect(within(undone).getByText('Ejecución del 23/11/2026')).toBeInTheDocument();
    expect(within(undone).getByText('3 reconectados')).toBeInTheDocument();
  });

  it('refuses switching on without the owner phone; then saves with it', async () => {
    const api = mockPage({ 'PUT /api/reporte-diario/configuracion': ({ body }) => ({ body }) });
    renderWithProviders(<DailyReportPage />);
    const form = await screen.findByRole('form', { name: 'Envío diario' });
    await userEvent.click(within(form).getByLabelText('Enviar el reporte cada día'));
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText('Escribe el WhatsApp del dueño para activar el reporte')).toBeInTheDocument();
    expect(api.of('PUT /api/reporte-diario/configuracion')).toHaveLength(0);
    await userEvent.click(within(form).getByLabelText('Enviar el reporte cada día'));
    await userEvent.type(within(form).getByLabelText('WhatsApp del dueño'), '7711230000');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.of('PUT /api/reporte-diario/configuracion')).toHaveLength(1));
    expect(api.of('PUT /api/reporte-diario/configuracion')[0]!.body).toMatchObject({
      activo: false,
      telefono: '527711230000',
    });
  });

  it("'Enviar ahora' shows the server's Spanish reason when WhatsApp is down", async () => {
    mockPage({
      'POST /api/reporte-diario/enviar': {
        status: 409,
        body: { error: 'whatsapp_not_connected', message: 'La instancia Direccion no está conectada a WhatsApp' },
      },
    });
    renderWithProviders(<DailyReportPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar ahora' }));
    expect(await screen.findByText('La instancia Direccion no está conectada a WhatsApp')).toBeInTheDocument();
  });
});
