import {
  addDays,
  businessDate,
  type DueContractItem,
  type FinancialData,
  type FinancialRow,
  type Receipt,
  type ReconnectionItem,
} from '@airlink/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../app/testing/render-app';
import { lastSocket } from '../../../lib/testing/fake-socket';
import { mockFetch, type MockReply } from '../../../lib/testing/fetch-mock';
import { makeUser, signIn } from '../../../lib/testing/fixtures';

vi.mock('socket.io-client', async () => (await import('../../../lib/testing/fake-socket')).socketIoMock);

const TODAY = businessDate(new Date());
const day = (n: number) => addDays(TODAY, -n);
const row = (fecha: string, cantidadPagos: number, monto: number): FinancialRow => ({ fecha, cantidadPagos, monto });

function financial(overrides: Partial<FinancialData> = {}): FinancialData {
  return {
    EfectivoTizayuca: [
      row(TODAY, 3, 1234.5),
      row(day(1), 4, 900),
      row(day(2), 1, 300),
      row(day(3), 2, 600),
      row(day(4), 7, 2100),
    ],
    // No payment in Pachuca today: the newest row is yesterday's.
    EfectivoPachuca: [row(day(1), 2, 800), row(day(5), 1, 500)],
    IngresoBanco: [row(TODAY, 1, 1160)],
    PagosMensualTotales: [row(TODAY.slice(0, 7), 141, 122492), row('2026-01', 237, 191808)],
    ...overrides,
  };
}

const receipt = (id: number, overrides: Partial<Receipt> = {}): Receipt => ({
  id,
  clienteId: 100 + id,
  guid: `guid-${id}`,
  idcliente: `26${String(id).padStart(4, '0')}Cliente`,
  nombre: `Cliente ${id}`,
  direccion: 'Calle 1',
  colonia: 'Centro',
  comunidad: 'Tizayuca',
  monto: 300,
  montoLetra: 'TRESCIENTOS PESOS 00/100 M.N.',
  montoContrato: 300,
  fechaPago: new Date().toISOString(),
  fechaInicio: TODAY,
  fechaFinalizacion: addDays(TODAY, 30),
  idCuenta: 4,
  cuenta: 'Oficina Aurrera',
  referencia: '',
  nota: '',
  reconexion: false,
  facturar: false,
  abono: false,
  mesesCubiertos: 1,
  saldoAFavor: 0,
  cajero: 'Guadalupe',
  ...overrides,
});

const reconnection: ReconnectionItem = {
  id: 7,
  guid: 'guid-rec-7',
  clienteId: 77,
  fechaRecibo: new Date().toISOString(),
  nombreCliente: 'Araceli Guzmán Flores',
  montoRecibo: 330,
  montoContrato: 300,
  diferencia: 30,
};

const due: DueContractItem = {
  id: 0,
  fechaInicio: null,
  fechaFinalizacion: '2026-07-26',
  clienteId: 55,
  monto: 300,
  nota: '',
  fechaCreacion: null,
  nombreCliente: 'Paola Fernanda García Monroy',
  idcliente: '250117PaolaFernandaGarciaMonroy',
  telefono: '7794023471',
  comunidad: 'Tizayuca',
  cortado: true,
  diasRetraso: 118,
  mesesRetraso: 3,
  fechaCorte: '2026-07-29',
};

const trafficItem = {
  router: 4,
  name: 'RB-Tizayuca',
  hostLocation: 'Torre Centro',
  rxBitsPerSecond: 52_428_800,
  txBitsPerSecond: 10_485_760,
  totalConnections: 37,
  status: 'online',
  dateLastUpdate: '2026-11-24T15:00:00Z',
  lastError: null,
};

function server(level: number, overrides: Record<string, MockReply> = {}) {
  return mockFetch({
    'GET /api/usuarios': { body: [makeUser(level)] },
    'GET /api/notifications': { body: [] },
    'GET /api/WeatherForecast/financial': { body: { data: financial() } },
    'GET /api/WeatherForecast/financial/pagosTizayuca': {
      body: { data: { EfectivoTizayuca: financial().EfectivoTizayuca, EfectivoPachuca: financial().EfectivoPachuca } },
    },
    'GET /api/recibos': {
      body: { items: [receipt(3544, { nombre: 'Ernesto Estrada Méndez' }), receipt(3543)], total: 3544 },
    },
    'GET /api/recibos/reconexiones': { body: { items: [reconnection], total: 1 } },
    'GET /api/contratos/getduecontractsservices': { body: { items: [due], total: 1 } },
    'GET /api/routercontrol/monitor-traffic': { body: [trafficItem] },
    'GET /api/routercontrol/monitor-traffic/4': { body: { router: 4, window: '1h', interval: 'minute', points: [] } },
    ...overrides,
  });
}

/** Every URL fetched (with its query string). */
const urls = (fn: ReturnType<typeof mockFetch>['fn']) => fn.mock.calls.map((c) => String(c[0]));
const countOf = (fn: ReturnType<typeof mockFetch>['fn'], path: string) =>
  urls(fn).filter((u) => new URL(u, 'http://x').pathname === path).length;

// The views are lazy-loaded with the Data Grid: the first import can take a few seconds.

const card = (name: string) => screen.getByRole('region', { name });
const table = (name: string) => screen.getByRole('table', { name });

describe('/dashboard/home', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('level 20 gets the admin view: three income cards, four small grids, reconnections, payments and overdue services', async () => {
    const { fn } = server(20);
    signIn(20);
    renderApp('/dashboard/home');
    expect(await screen.findByRole('region', { name: 'Ingreso Banco' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Panel de administración' })).toBeInTheDocument();
    for (const name of ['Efectivo Tizayuca', 'Efectivo Pachuca']) expect(card(name)).toBeInTheDocument();
    for (const name of ['Tizayuca', 'Pachuca', 'Banco', 'Mensual']) expect(table(name)).toBeInTheDocument();
    expect(await screen.findByRole('grid', { name: 'Reconexiones' })).toBeInTheDocument();
    expect(screen.getByRole('grid', { name: 'Pagos' })).toBeInTheDocument();
    expect(screen.getByRole('grid', { name: 'Servicios vencidos' })).toBeInTheDocument();
    expect(await screen.findByText('Araceli Guzmán Flores')).toBeInTheDocument();
    expect(await screen.findByText('Paola Fernanda García Monroy')).toBeInTheDocument();
    expect(screen.queryByRole('grid', { name: 'Pagos Hoy' })).not.toBeInTheDocument();
    expect(countOf(fn, '/api/WeatherForecast/financial')).toBe(1);
    expect(countOf(fn, '/api/WeatherForecast/financial/pagosTizayuca')).toBe(0);
    // The bandwidth button works, and the panel shows each router's traffic in Mbps (bits / 1024 / 1024).
    expect(screen.getByRole('button', { name: 'Ancho de banda' })).toBeEnabled();
    const bandwidth = screen.getByRole('region', { name: 'Ancho de banda de routers' });
    expect(await within(bandwidth).findByText('RB-Tizayuca')).toBeInTheDocument();
    expect(bandwidth).toHaveTextContent('↓ 50 Mbps · ↑ 10 Mbps');
    expect(bandwidth).not.toHaveTextContent('Disponible con el módulo de red');
    expect(screen.queryByText('En construcción')).not.toBeInTheDocument();
  });

  it('level 19 gets the user view: the two cash offices and the grids Pagos Hoy, Tizayuca and Pachuca', async () => {
    const { fn } = server(19);
    signIn(19);
    renderApp('/dashboard/home');
    expect(await screen.findByRole('grid', { name: 'Pagos Hoy' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Panel de usuario' })).toBeInTheDocument();
    expect(screen.getByRole('grid', { name: 'Tizayuca' })).toBeInTheDocument();
    expect(screen.getByRole('grid', { name: 'Pachuca' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Efectivo Tizayuca' })).toBeInTheDocument();
    expect(card('Efectivo Pachuca')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Ingreso Banco' })).not.toBeInTheDocument();
    expect(screen.queryByRole('grid', { name: 'Reconexiones' })).not.toBeInTheDocument();
    expect(screen.queryByRole('grid', { name: 'Servicios vencidos' })).not.toBeInTheDocument();
    // The user view has no bandwidth section: its button opens the routers' traffic in a dialog.
    expect(screen.queryByRole('region', { name: 'Ancho de banda de routers' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ancho de banda' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ancho de banda de routers' });
    expect(await within(dialog).findByText('RB-Tizayuca')).toBeInTheDocument();
    // Cards from the cash-office summary; the grids ask the server for today's and each office's receipts.
    expect(countOf(fn, '/api/WeatherForecast/financial/pagosTizayuca')).toBe(1);
    expect(countOf(fn, '/api/WeatherForecast/financial')).toBe(0);
    const receiptCalls = urls(fn).filter((u) => u.startsWith('/api/recibos?'));
    const queries = receiptCalls.map((u) => Object.fromEntries(new URL(u, 'http://x').searchParams));
    expect(queries).toContainEqual({ desde: TODAY, hasta: TODAY, page: '0', pageSize: '10' });
    expect(queries).toContainEqual({
      grupo: 'tizayuca',
      desde: addDays(TODAY, -30),
      hasta: TODAY,
      page: '0',
      pageSize: '10',
    });
    expect(queries).toContainEqual({
      grupo: 'pachuca',
      desde: addDays(TODAY, -30),
      hasta: TODAY,
      page: '0',
      pageSize: '10',
    });
  });

  it('level 5 never reaches the home dashboard and nothing financial is asked for', async () => {
    const { fn } = server(5);
    signIn(5);
    renderApp('/dashboard/home');
    expect(await screen.findByRole('heading', { name: 'Sin acceso' })).toBeInTheDocument();
    expect(urls(fn).some((u) => u.includes('/api/WeatherForecast') || u.includes('/api/recibos'))).toBe(false);
  });

  it("a card shows today's row of its place, and $0.00 when the place has no payment today", async () => {
    server(20);
    signIn(20);
    renderApp('/dashboard/home');
    const tizayuca = await screen.findByRole('region', { name: 'Efectivo Tizayuca' });
    expect(within(tizayuca).getByTestId('income-today')).toHaveTextContent('$1,234.50');
    expect(within(tizayuca).getByTestId('income-today-count')).toHaveTextContent('3 pagos hoy');
    // Yesterday's row and the month so far as the secondary line.
    expect(tizayuca).toHaveTextContent('Ayer$900.00 (4)');
    const pachuca = card('Efectivo Pachuca');
    expect(within(pachuca).getByTestId('income-today')).toHaveTextContent('$0.00');
    expect(within(pachuca).getByTestId('income-today-count')).toHaveTextContent('Sin pagos hoy');
    expect(pachuca).toHaveTextContent('Ayer$800.00 (2)');
    expect(within(card('Ingreso Banco')).getByTestId('income-today')).toHaveTextContent('$1,160.00');
  });

  it('the small grids show only the first 3 rows, with Fecha, No and Monto', async () => {
    server(20);
    signIn(20);
    renderApp('/dashboard/home');
    await screen.findByRole('table', { name: 'Tizayuca' });
    const rows = within(table('Tizayuca')).getAllByRole('row');
    expect(rows).toHaveLength(1 + 3);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Fecha', 'No', 'Monto']);
    const [y, m, d] = TODAY.split('-');
    expect(rows[1]).toHaveTextContent(`${d}/${m}/${y}3$1,234.50`);
    // The fourth and fifth days of the list are not shown.
    expect(table('Tizayuca')).not.toHaveTextContent('$600.00');
    expect(table('Tizayuca')).not.toHaveTextContent('$2,100.00');
    // Two rows are two rows; the months read as months.
    expect(within(table('Pachuca')).getAllByRole('row')).toHaveLength(1 + 2);
    expect(table('Mensual')).toHaveTextContent('Ene 2026237$191,808.00');
  });

  it('a PaymentRegistered push refetches the dashboard and shows the new payment', async () => {
    let tizayucaToday = row(TODAY, 3, 1234.5);
    const { fn } = server(20, {
      'GET /api/WeatherForecast/financial': () => ({
        body: { data: financial({ EfectivoTizayuca: [tizayucaToday, row(day(1), 4, 900)] }) },
      }),
    });
    signIn(20);
    renderApp('/dashboard/home');
    const tizayuca = await screen.findByRole('region', { name: 'Efectivo Tizayuca' });
    await screen.findByText('Paola Fernanda García Monroy');
    const socket = lastSocket();
    act(() => socket.fire('connect'));
    const before = {
      financial: countOf(fn, '/api/WeatherForecast/financial'),
      receipts: countOf(fn, '/api/recibos'),
      reconnections: countOf(fn, '/api/recibos/reconexiones'),
      due: countOf(fn, '/api/contratos/getduecontractsservices'),
    };

    tizayucaToday = row(TODAY, 4, 1617.5);
    act(() =>
      socket.fire('PaymentRegistered', {
        id: 900,
        guid: 'guid-900',
        idCliente: 12,
        nombreCliente: 'Ana López',
        monto: 383,
        idCuenta: 4,
        fechaPago: new Date().toISOString(),
      }),
    );

    await waitFor(() => expect(within(tizayuca).getByTestId('income-today')).toHaveTextContent('$1,617.50'));
    expect(within(tizayuca).getByTestId('income-today-count')).toHaveTextContent('4 pagos hoy');
    expect(countOf(fn, '/api/WeatherForecast/financial')).toBe(before.financial + 1);
    expect(countOf(fn, '/api/recibos')).toBe(before.receipts + 1);
    expect(countOf(fn, '/api/recibos/reconexiones')).toBe(before.reconnections + 1);
    expect(countOf(fn, '/api/contratos/getduecontractsservices')).toBe(before.due + 1);
    // A small indicator names it, and the card of its place shows the amount.
    expect(screen.getByText(/Nuevo pago:/).closest('[role="status"]')).toHaveTextContent(
      'Nuevo pago: Ana López $383.00',
    );
    expect(within(tizayuca).getByText('+$383.00')).toBeInTheDocument();
    expect(within(card('Efectivo Pachuca')).queryByText('+$383.00')).not.toBeInTheDocument();
  });

  it('after the hub reconnects (pushes may have been missed) the dashboard asks again', async () => {
    const { fn } = server(20);
    signIn(20);
    renderApp('/dashboard/home');
    await screen.findByRole('region', { name: 'Efectivo Tizayuca' });
    const socket = lastSocket();
    act(() => socket.fire('connect'));
    const before = countOf(fn, '/api/WeatherForecast/financial');
    act(() => socket.fire('disconnect', 'transport close'));
    expect(countOf(fn, '/api/WeatherForecast/financial')).toBe(before);
    act(() => socket.fire('connect'));
    await waitFor(() => expect(countOf(fn, '/api/WeatherForecast/financial')).toBe(before + 1));
  });

  it('a failed summary shows an error with Reintentar, which asks again', async () => {
    let fail = true;
    server(20, {
      'GET /api/WeatherForecast/financial': () =>
        fail
          ? { status: 500, body: { error: 'internal', message: 'Error interno del servidor' } }
          : { body: { data: financial() } },
    });
    signIn(20);
    renderApp('/dashboard/home');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo cargar el resumen financiero. Error interno del servidor');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('region', { name: 'Efectivo Tizayuca' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a payment row opens its receipt in a new tab; an overdue service opens the customer panel', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    server(20);
    signIn(20);
    const { router } = renderApp('/dashboard/home');
    await userEvent.click(await screen.findByText('Ernesto Estrada Méndez'));
    expect(open).toHaveBeenCalledWith('/print/receipt/guid-3544', '_blank', 'noopener');
    await userEvent.click(screen.getByText('Tizayuca', { selector: '[data-field="comunidad"]' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/profile'));
    expect(router.state.location.search).toBe('?id=55');
  });
});
