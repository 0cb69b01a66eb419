import type { Contract } from '@airlink/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../app/testing/render-app';
import { notificationStore } from '../../notifications/notification-store';
import { mockFetch, type MockReply } from '../../../lib/testing/fetch-mock';
import { stubIdle } from '../../../lib/testing/idle';
import { clickWithTooltip } from '../../../lib/testing/tooltip';
import { makeUser, signIn } from '../../../lib/testing/fixtures';
import { GUID, makeCustomerPayment, makePaymentResult } from '../../payments/testing/payment-fixtures';
import { customersKeys } from '../api/customers-query-keys';
import { makeContract, makeLogEntry } from '../customer-fixtures';

vi.mock('socket.io-client', async () => (await import('../../../lib/testing/fake-socket')).socketIoMock);

function server(level: number, contract: Contract | (() => Contract), routes: Record<string, MockReply> = {}) {
  const current = typeof contract === 'function' ? contract : () => contract;
  return mockFetch({
    'GET /api/usuarios': { body: [makeUser(level)] },
    'GET /api/notifications': { body: [] },
    'GET /api/contratos/7': () => ({ body: current() }),
    'GET /api/customer/7/payments': { body: { items: [], total: 0 } },
    'GET /api/customer/7/logs': { body: { items: [], total: 0 } },
    ...routes,
  });
}

async function openPanel(level: number, contract: Contract | (() => Contract) = makeContract(), routes = {}) {
  const mock = server(level, contract, routes);
  signIn(level);
  const app = renderApp('/dashboard/profile?id=7');
  const name = typeof contract === 'function' ? contract().nombre : contract.nombre;
  // The page is loaded lazily: the first render takes a moment.
  await screen.findByRole('heading', { name });
  return { ...app, ...mock };
}

const toolbar = () => screen.getByRole('toolbar', { name: 'Acciones del cliente' });
/** The toolbar's buttons and links, in the order they are shown. */
const buttonNames = () => [...toolbar().querySelectorAll('button, a')].map((b) => b.textContent);

beforeEach(() => {
  localStorage.clear();
  notificationStore.reload();
});
afterEach(() => vi.unstubAllGlobals());

// Whole-app renders with dialogs and typing: slower than the default 5 s on a busy machine.
// Waits for the page (debounce, requests, lazy modules) allow for a loaded machine.
// The router loads the page lazily; loading its module (and the Data Grid) once up front keeps the
// first test from spending its time on the import.
beforeAll(async () => {
  await import('./customer-panel-page');
});

describe('customer panel: header and alerts', () => {
  it("asks for the cashier's pending deposits once the browser is idle, after the panel is drawn", async () => {
    const { runIdle } = stubIdle();
    const api = await openPanel(16, makeContract(), { 'GET /api/Cuentas/pagospendientes': { body: [] } });
    expect(await screen.findByText('Sin pagos')).toBeInTheDocument();
    expect(api.of('GET /api/Cuentas/pagospendientes')).toHaveLength(0);
    runIdle();
    await waitFor(() => expect(api.of('GET /api/Cuentas/pagospendientes')).toHaveLength(1));
  });

  it('shows name, display id, full address, contract date, amount, phone, type and number', async () => {
    await openPanel(16);
    expect(screen.getByText('260012AnaLopezHidalgo12Centro')).toBeInTheDocument();
    expect(screen.getByText('Hidalgo 12, Centro, Tizayuca, Hidalgo, C.P. 43800')).toBeInTheDocument();
    expect(screen.getByText('15/01/2026')).toBeInTheDocument();
    expect(screen.getByText('$300.00')).toBeInTheDocument();
    expect(screen.getByText('7711234567')).toBeInTheDocument();
    expect(screen.getByText('Residencial hasta 3 Mbps')).toBeInTheDocument();
    expect(screen.getByText('0012')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Avisos del cliente' })).not.toBeInTheDocument();
    // Eight tiles; no network data yet, the end date is the paid-until date.
    const tiles = screen.getByRole('group', { name: 'Estado del equipo' });
    expect(within(tiles).getAllByText('—')).toHaveLength(7);
    expect(within(tiles).getByText('15/06/2026')).toBeInTheDocument();
  });

  it('an unauthorized contract says Sin autorizar in place of the number', async () => {
    await openPanel(16, makeContract({ no: 0, idcliente: '26    AnaLopezHidalgo12Centro' }));
    expect(screen.getAllByText('Sin autorizar').length).toBeGreaterThan(0);
  });

  it('Suspendido when cut; Retraso de Pago with months, days and the cut-off date when late', async () => {
    await openPanel(
      16,
      makeContract({
        cortado: true,
        diasRetraso: 65,
        mesesRetraso: 2,
        fechaFin: '2026-01-10',
        fechaCorte: '2026-01-13',
      }),
    );
    const alerts = screen.getByRole('region', { name: 'Avisos del cliente' });
    expect(within(alerts).getByText('Suspendido')).toBeInTheDocument();
    expect(within(alerts).getByText('Retraso de Pago')).toBeInTheDocument();
    expect(alerts).toHaveTextContent('2 meses y 65 días de retraso. Fecha de corte: 13/01/2026');
  });

  it('Cancelado with date and reason for an ended contract', async () => {
    await openPanel(
      20,
      makeContract({
        activo: false,
        fechaCancelacion: '2026-04-02',
        motivoCancelacion: 'Se mudó de ciudad',
        fechaFin: '2026-03-15',
        diasRetraso: 90,
        mesesRetraso: 3,
      }),
    );
    const alerts = screen.getByRole('region', { name: 'Avisos del cliente' });
    expect(alerts).toHaveTextContent('Cancelado');
    expect(alerts).toHaveTextContent(
      'Contrato cancelado el 02/04/2026. Motivo: Se mudó de ciudad. Quedó pagado hasta el 15/03/2026.',
    );
    // An ended contract has no cut-off date ahead: no Retraso de Pago.
    expect(within(alerts).queryByText('Retraso de Pago')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cortar Servicio' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancelar Contrato' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Pago' })).toBeDisabled();
  });

  it('without an id it explains and links to Clientes', async () => {
    server(16, makeContract());
    signIn(16);
    renderApp('/dashboard/profile');
    expect(await screen.findByText('Elige un cliente')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Clientes' })).toHaveAttribute('href', '/dashboard/clientes');
  });

  it('an unknown customer is a friendly message, not an error', async () => {
    server(16, makeContract(), {
      'GET /api/contratos/99': { status: 404, body: { error: 'not_found', message: 'Contrato no encontrado' } },
    });
    signIn(16);
    renderApp('/dashboard/profile?id=99');
    expect(await screen.findByText('No encontramos al cliente')).toBeInTheDocument();
  });
});

describe('customer panel: buttons by level', () => {
  it('level 5: only Soporte, Registro and Visita', async () => {
    await openPanel(5, makeContract({ no: 0 }));
    expect(buttonNames()).toEqual(['Soporte', 'Registro', 'Visita']);
  });

  it('level 16: Pago, Editar and Imprimir', async () => {
    await openPanel(16, makeContract({ no: 0 }));
    expect(buttonNames()).toEqual(['Pago', 'Editar', 'Imprimir', 'Soporte', 'Registro', 'Visita']);
    const print = screen.getByRole('link', { name: 'Imprimir' });
    expect(print).toHaveAttribute('href', '/print/contract/7');
    expect(print).toHaveAttribute('target', '_blank');
    await userEvent.click(screen.getByRole('button', { name: 'Pago' }));
    expect(await screen.findByRole('dialog', { name: 'Registrar pago' })).toBeInTheDocument();
  });

  it('level 17: adds Cortar Servicio and Cancelar Contrato, not Autorizar', async () => {
    await openPanel(17, makeContract({ no: 0 }));
    expect(buttonNames()).toEqual([
      'Pago',
      'Editar',
      'Imprimir',
      'Soporte',
      'Registro',
      'Visita',
      'Cortar Servicio',
      'Cancelar Contrato',
    ]);
  });

  it('level 18: Autorizar Contrato only while the contract has no number', async () => {
    const a = await openPanel(18, makeContract({ no: 0 }));
    expect(buttonNames()).toContain('Autorizar Contrato');
    a.unmount();
    vi.unstubAllGlobals();
    await openPanel(18, makeContract({ no: 12 }));
    expect(buttonNames()).not.toContain('Autorizar Contrato');
    expect(buttonNames()).toContain('Cortar Servicio');
  });

  it('a suspended customer offers Reconectar Servicio instead of Cortar', async () => {
    await openPanel(17, makeContract({ cortado: true }));
    expect(screen.getByRole('button', { name: 'Reconectar Servicio' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Cortar Servicio' })).not.toBeInTheDocument();
  });
});

describe('customer panel: actions', () => {
  it('Autorizar Contrato calls authorize, toasts and shows the new number', async () => {
    let contract = makeContract({ no: 0 });
    const { calls } = await openPanel(18, () => contract, {
      'GET /api/contratos/7/authorize': () => {
        contract = makeContract({ no: 45, idcliente: '260045AnaLopezHidalgo12Centro', version: 4 });
        return { body: contract };
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Autorizar Contrato' }));
    const dialog = screen.getByRole('dialog', { name: 'Autorizar Contrato' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Autorizar' }));
    expect(await screen.findByText('Contrato Autorizado')).toBeInTheDocument();
    expect(screen.getByText('El contrato ha sido autorizado correctamente')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('GET /api/contratos/7/authorize');
    expect(await screen.findByText('0045')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Autorizar Contrato' })).not.toBeInTheDocument();
  });

  it('Cortar Servicio asks first, sends the note, then offers Reconectar', async () => {
    let contract = makeContract();
    const { calls } = await openPanel(17, () => contract, {
      'POST /api/contratos/7/cortar': () => {
        contract = makeContract({ cortado: true, version: 4 });
        return { body: contract };
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Cortar Servicio' }));
    const dialog = screen.getByRole('dialog', { name: 'Cortar Servicio' });
    await userEvent.type(within(dialog).getByLabelText('Nota (opcional)'), 'Sin pago desde enero');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cortar servicio' }));
    expect(await screen.findByRole('button', { name: 'Reconectar Servicio' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/contratos/7/cortar')?.body).toEqual({ nota: 'Sin pago desde enero' });
    expect(screen.getByText('Servicio cortado')).toBeInTheDocument();
  });

  it('Cancelar Contrato requires a reason of at least 5 characters', async () => {
    let contract = makeContract();
    const { calls } = await openPanel(17, () => contract, {
      'POST /api/contratos/7/cancelar': () => {
        contract = makeContract({ activo: false, fechaCancelacion: '2026-04-02', motivoCancelacion: 'Se mudó' });
        return { body: contract };
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar Contrato' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancelar Contrato' });
    await userEvent.type(within(dialog).getByLabelText(/Motivo/), 'no');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar contrato' }));
    expect(
      await within(dialog).findByText('Escribe el motivo de la cancelación (al menos 5 caracteres)'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/cancelar'))).toBe(false);
    await userEvent.clear(within(dialog).getByLabelText(/Motivo/));
    await userEvent.type(within(dialog).getByLabelText(/Motivo/), 'Se mudó');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar contrato' }));
    expect(await screen.findByText('Contrato cancelado')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/cancelar'))?.body).toEqual({ motivo: 'Se mudó' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cortar Servicio' })).toBeDisabled());
  });

  it('Editar: a version conflict says so and Recargar datos loads the current data, keeping the dialog open', async () => {
    let contract = makeContract({ version: 3 });
    const { calls } = await openPanel(16, () => contract, {
      'PUT /api/contratos/7': ({ body }: { body: unknown }) =>
        (body as { version: number }).version === 3
          ? {
              status: 409,
              body: {
                error: 'version_conflict',
                message: 'Alguien más guardó cambios en este contrato. Recarga los datos para continuar.',
              },
            }
          : { body: { ...contract, nombre: 'Ana María López', version: 5 } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Editar' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar datos del contrato' });
    expect(within(dialog).getByLabelText(/Nombre completo/)).toHaveValue('Ana López');
    await userEvent.clear(within(dialog).getByLabelText(/Nombre completo/));
    await userEvent.type(within(dialog).getByLabelText(/Nombre completo/), 'Ana María López');
    // Meanwhile someone else changed the phone.
    contract = makeContract({ version: 4, telefono: '7719998877' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(
      await within(dialog).findByText('Alguien más guardó cambios en este contrato. Recarga los datos para continuar.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ version: 3, nombre: 'Ana María López' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Recargar datos' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/Teléfono/)).toHaveValue('7719998877'));
    expect(screen.getByRole('dialog', { name: 'Editar datos del contrato' })).toBeInTheDocument();
    expect(within(dialog).queryByText(/Alguien más guardó cambios/)).not.toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/Nombre completo/));
    await userEvent.type(within(dialog).getByLabelText(/Nombre completo/), 'Ana María López');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Datos del contrato guardados')).toBeInTheDocument();
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts[1]?.body).toMatchObject({ version: 4, nombre: 'Ana María López', telefono: '7719998877' });
  });

  it('Registro: a new entry is posted and the Registro tab shows entries as plain text', async () => {
    let entries = [makeLogEntry(1, { log1: '<b>Instalación</b> lista', usuario: null })];
    const { calls } = await openPanel(5, makeContract(), {
      'GET /api/customer/7/logs': () => ({ body: { items: entries, total: entries.length } }),
      'POST /api/registros': ({ body }: { body: unknown }) => {
        const entry = makeLogEntry(2, { log1: (body as { log1: string }).log1 });
        entries = [entry, ...entries];
        return { status: 201, body: entry };
      },
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Registro' }));
    expect(await screen.findByText('<b>Instalación</b> lista')).toBeInTheDocument();
    expect(screen.getByText('Sistema')).toBeInTheDocument();
    await userEvent.click(within(toolbar()).getByRole('button', { name: 'Registro' }));
    const dialog = screen.getByRole('dialog', { name: 'Nuevo registro' });
    await userEvent.type(within(dialog).getByRole('textbox'), 'Llamó para reportar lentitud');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Llamó para reportar lentitud')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/registros')?.body).toEqual({
      idCliente: 7,
      idcliente: '260012AnaLopezHidalgo12Centro',
      log1: 'Llamó para reportar lentitud',
    });
  });
});

describe('customer panel: payment', () => {
  it('Pago registers the payment, opens the receipt and refreshes the contract, Pagos and Registro', async () => {
    let paid = false;
    const contract = () => (paid ? makeContract({ fechaFin: '2026-07-15', version: 4 }) : makeContract());
    const payments = () =>
      paid ? { items: [makeCustomerPayment(91, { reciboId: 123 })], total: 1 } : { items: [], total: 0 };
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: window } as unknown as Window);
    const { calls, queryClient } = await openPanel(16, contract, {
      'GET /api/customer/7/payments': () => ({ body: payments() }),
      'GET /api/Cuentas/pagospendientes': { body: [] },
      'POST /api/Pagos/registrar': () => {
        paid = true;
        return { status: 201, body: makePaymentResult() };
      },
    });
    // The Registro tab was seen before paying: its entries are kept in the cache.
    await userEvent.click(screen.getByRole('tab', { name: 'Registro' }));
    await userEvent.click(await screen.findByRole('tab', { name: 'Pagos' }));
    expect(await screen.findByText('Sin pagos')).toBeInTheDocument();
    const logsQuery = () => queryClient.getQueryCache().findAll({ queryKey: customersKeys.logs(7) })[0];
    await waitFor(() => expect(logsQuery()?.state.status).toBe('success'));
    expect(logsQuery()?.state.isInvalidated).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Pago' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pago' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar pago' }));

    expect(await screen.findByText('Pago registrado')).toBeInTheDocument();
    expect(open).toHaveBeenCalledWith(`/print/receipt/${GUID}`, '_blank');
    expect(calls.find((c) => c.path === '/api/Pagos/registrar')?.body).toMatchObject({
      idCliente: 7,
      monto: 300,
      idCuenta: 4,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Registrar pago' })).not.toBeInTheDocument());
    // Without leaving the tab: Pagos shows the new payment with its receipt, the contract is paid further.
    expect(await screen.findByText('No. 123')).toBeInTheDocument();
    expect(screen.getByText('16/06/2026 – 15/07/2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver recibo' })).toHaveAttribute('href', `/print/receipt/${GUID}`);
    expect(await screen.findByText('15/07/2026', { selector: '[role="group"] *' })).toBeInTheDocument();
    // Registro is fetched again when shown.
    expect(logsQuery()?.state.isInvalidated).toBe(true);
    open.mockRestore();
  });
});

describe('customer panel: credit balance and abonos', () => {
  it('shows the saldo a favor in the header only when there is one, and an abono without period in Pagos', async () => {
    const abono = makeCustomerPayment(92, {
      monto: 100,
      abono: true,
      mesesCubiertos: 0,
      saldoAFavor: 150,
      fechaInicio: '2026-06-16',
      fechaFinalizacion: '2026-06-15',
    });
    const a = await openPanel(16, makeContract({ saldoAFavor: 150 }), {
      'GET /api/customer/7/payments': { body: { items: [abono], total: 1 } },
    });
    expect(screen.getByText('Saldo a favor')).toBeInTheDocument();
    expect(screen.getByText('$150.00')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('tab', { name: 'Pagos' }));
    expect(await screen.findByText('Sin periodo (abono)')).toBeInTheDocument();
    expect(screen.getByText('Abono')).toBeInTheDocument();
    a.unmount();

    await openPanel(16, makeContract({ saldoAFavor: 0 }));
    expect(screen.queryByText('Saldo a favor')).not.toBeInTheDocument();
  });
});

describe("customer panel: each payment's invoice", () => {
  it("offers Facturar only without a live invoice (or a failed one) and shows the invoice's state; a stamped one's chip downloads its PDF", async () => {
    const items = [
      makeCustomerPayment(91, { reciboId: 201, factura: null }),
      makeCustomerPayment(92, { reciboId: 202, factura: { id: 5, estado: 'valida', serie: 'F', folio: 13 } }),
      makeCustomerPayment(93, { reciboId: 203, factura: { id: 6, estado: 'pendiente', serie: 'F', folio: null } }),
      makeCustomerPayment(94, { reciboId: 204, factura: { id: 7, estado: 'error', serie: 'F', folio: null } }),
    ];
    const api = await openPanel(16, makeContract(), {
      'GET /api/customer/7/payments': { body: { items, total: 4 } },
      'GET /api/facturas/5/pdf': {
        text: '%PDF-1.4',
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="factura-F13.pdf"' },
      },
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Pagos' }));
    const rowOf = async (recibo: number) =>
      (await screen.findByText(`No. ${recibo}`)).closest<HTMLElement>('[role="row"]')!;

    const none = await rowOf(201);
    expect(within(none).getByRole('button', { name: 'Facturar pago' })).toBeInTheDocument();

    const stamped = await rowOf(202);
    expect(within(stamped).queryByRole('button', { name: 'Facturar pago' })).not.toBeInTheDocument();
    const chip = () => within(stamped).getByRole('button', { name: 'Facturada: descargar PDF de la factura F13' });
    expect(chip()).toBeInTheDocument();

    const pending = await rowOf(203);
    expect(within(pending).getByText('Pendiente')).toBeInTheDocument();
    expect(within(pending).queryByRole('button', { name: 'Facturar pago' })).not.toBeInTheDocument();

    // A failed invoice is retried with Facturar.
    const failed = await rowOf(204);
    expect(within(failed).getByText('Error')).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: 'Facturar pago' })).toBeInTheDocument();

    const createObjectURL = vi.fn((_blob: Blob) => 'blob:factura');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const downloads: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.getAttribute('href')}`);
    });
    await clickWithTooltip(chip);
    await waitFor(() => expect(downloads).toEqual(['factura-F13.pdf blob:factura']));
    expect(api.of('GET /api/facturas/5/pdf')).toHaveLength(1);
    click.mockRestore();
  });

  it('below level 16 the Pagos tab has no invoice column', async () => {
    await openPanel(10, makeContract(), {
      'GET /api/customer/7/payments': {
        body: {
          items: [makeCustomerPayment(92, { factura: { id: 5, estado: 'valida', serie: 'F', folio: 13 } })],
          total: 1,
        },
      },
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Pagos' }));
    expect(await screen.findByText('No. 123')).toBeInTheDocument();
    expect(screen.queryByText('Facturada')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Facturar pago' })).not.toBeInTheDocument();
  });
});
