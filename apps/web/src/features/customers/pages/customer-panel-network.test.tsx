import type { Contract } from '@airlink/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../app/testing/render-app';
import { notificationStore } from '../../notifications/notification-store';
import { lastSocket } from '../../../lib/testing/fake-socket';
import { mockFetch, type MockReply } from '../../../lib/testing/fetch-mock';
import { makeUser, signIn } from '../../../lib/testing/fixtures';
import { makeContract } from '../customer-fixtures';

vi.mock('socket.io-client', async () => (await import('../../../lib/testing/fake-socket')).socketIoMock);

const MAC = 'AA:BB:CC:00:00:07';
const radio = {
  id: 41,
  guid: '00000000-0000-4000-8000-000000000041',
  hwaddr: MAC,
  hostname: 'cpe-ana',
  ipaddr: '10.1.0.41',
  siteid: 2,
  product: 'LiteBeam 5AC',
  url: 'https://10.1.0.41',
  urlPropia: false,
  username: '',
  tienePassword: false,
  lanTxBytes: 0,
  lastStatsTime: '2026-11-24T15:00:00Z',
  lastSeen: '2026-11-24T15:00:00Z',
  signal: -62,
  ccq: 91,
  online: true,
  idUsuario: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};
const stats = {
  id: 41,
  ccq: 91,
  wlanRxRate: 130000,
  wlanTxRate: 65000,
  lanSpeed: 36,
  essid: 'AirLink-Centro',
  signal: -62,
  uptime: 3 * 86_400 + 4 * 3_600,
  lanRxBytes: 1000,
  lanTxBytes: 2000,
  hostname: 'AP-Torre1-Sur',
  model: 'LiteBeam 5AC',
  firmware: 'v8.7.17',
  lastStatsTime: '2026-11-24T15:00:00Z',
  lastPollAt: '2026-11-24T15:00:00Z',
  lastError: null,
};

const routed = (overrides: Partial<Contract> = {}) =>
  makeContract({
    mac: MAC,
    idRouter: 3,
    ipCliente: '10.20.0.15',
    estadoRed: 'aplicado',
    estadoRedFecha: '2026-11-24T15:00:00Z',
    ...overrides,
  });

async function openPanel(level: number, contract: () => Contract, routes: Record<string, MockReply> = {}) {
  const mock = mockFetch({
    'GET /api/usuarios': { body: [makeUser(level)] },
    'GET /api/notifications': { body: [] },
    'GET /api/contratos/7': () => ({ body: contract() }),
    'GET /api/customer/7/payments': { body: { items: [], total: 0 } },
    'GET /api/customer/7/logs': { body: { items: [], total: 0 } },
    'GET /api/devices': { body: { items: [radio], total: 1 } },
    'GET /api/site/2/41': { body: stats },
    ...routes,
  });
  signIn(level);
  renderApp('/dashboard/profile?id=7');
  await screen.findByRole('heading', { name: contract().nombre });
  return mock;
}

const tile = (label: string) =>
  within(screen.getByRole('group', { name: 'Estado del equipo' })).getByText(label).parentElement!;

beforeEach(() => {
  localStorage.clear();
  notificationStore.reload();
});
afterEach(() => vi.unstubAllGlobals());
beforeAll(async () => {
  await import('./customer-panel-page');
});

describe('customer panel: the service on the network', () => {
  it('the tiles come from the radio: signal negated, CCQ %, rates, LAN speed label and real uptime', async () => {
    const { of } = await openPanel(10, () => routed());
    expect(await screen.findByText('AirLink-Centro')).toBeInTheDocument();
    expect(tile('Señal')).toHaveTextContent('62 dBm');
    expect(tile('Señal')).not.toHaveTextContent('-62');
    expect(tile('Calidad')).toHaveTextContent('91 %');
    expect(tile('Descarga')).toHaveTextContent('130,000 kbps');
    expect(tile('Subida')).toHaveTextContent('65,000 kbps');
    expect(tile('Velocidad LAN')).toHaveTextContent('100 Mbps Full');
    expect(tile('Tiempo activo')).toHaveTextContent('3 d 4 h 0 min');
    // What the radio says of itself: its own hostname, model and firmware.
    expect(
      screen.getByText(/^Radio AP-Torre1-Sur · LiteBeam 5AC · firmware v8\.7\.17 · Lectura del radio: 24\/11\/2026/),
    ).toBeInTheDocument();
    expect(of('GET /api/devices')[0]!.query.get('q')).toBe(MAC);
  });

  it('a radio that does not answer says when it was last seen and shows no uptime', async () => {
    await openPanel(10, () => routed(), {
      'GET /api/site/2/41': {
        body: { ...stats, lastError: 'El radio no respondió en 8 s', lastPollAt: '2026-11-24T16:00:00Z' },
      },
    });
    expect(await screen.findByText(/El radio no responde \(El radio no respondió en 8 s\)/)).toHaveTextContent(
      /Visto por última vez el 24\/11\/2026/,
    );
    expect(tile('Tiempo activo')).toHaveTextContent('—');
  });

  it('a level below 10 sees no radio readings and asks for none', async () => {
    const { of } = await openPanel(5, () => routed());
    expect(of('GET /api/devices')).toHaveLength(0);
    expect(tile('Señal')).toHaveTextContent('—');
  });

  it('a cancelled contract confirmed by the router reads as cut there (its flag is not what the router holds)', async () => {
    await openPanel(17, () => routed({ activo: false, cortado: false }));
    expect(await screen.findByText('Cortado en el router')).toBeInTheDocument();
    expect(screen.queryByText('Activo en el router')).not.toBeInTheDocument();
  });

  it('shows the router state with the domain labels: aplicado, pendiente, error with its reason', async () => {
    let contract = routed({ cortado: true });
    await openPanel(17, () => contract);
    expect(await screen.findByText('Cortado en el router')).toBeInTheDocument();
    expect(screen.getByText(/Confirmado por el router/)).toBeInTheDocument();
    contract = routed({ cortado: true, estadoRed: 'error', estadoRedMensaje: 'El router no respondió en 5 s' });
    // A ContractNetworkState push carries the stored result: the panel shows it without reloading.
    const socket = lastSocket();
    act(() => socket.fire('connect'));
    act(() =>
      socket.fire('ContractNetworkState', {
        id: 7,
        cortado: true,
        estadoRed: 'error',
        estadoRedMensaje: 'El router no respondió en 5 s',
        estadoRedFecha: '2026-11-24T16:00:00Z',
      }),
    );
    expect(await screen.findByText('El router no aplicó el corte')).toBeInTheDocument();
    expect(screen.getByText(/El router no respondió en 5 s/)).toBeInTheDocument();
    expect(screen.queryByText('Cortado en el router')).not.toBeInTheDocument();
    // Another contract's event changes nothing.
    act(() =>
      socket.fire('ContractNetworkState', {
        id: 8,
        cortado: false,
        estadoRed: 'aplicado',
        estadoRedMensaje: null,
        estadoRedFecha: null,
      }),
    );
    expect(screen.getByText('El router no aplicó el corte')).toBeInTheDocument();
  });

  it('Cortar while the router still works: pendiente, never shown as done, until the push says aplicado', async () => {
    let contract = routed();
    await openPanel(17, () => contract, {
      'POST /api/contratos/7/cortar': () => {
        contract = routed({ cortado: true, estadoRed: 'pendiente', version: 4 });
        return { body: contract };
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Cortar Servicio' }));
    const dialog = screen.getByRole('dialog', { name: 'Cortar Servicio' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cortar servicio' }));
    expect(await screen.findByText('Servicio cortado en AirLink. Cortando en el router…')).toBeInTheDocument();
    expect(screen.queryByText('Cortado en el router')).not.toBeInTheDocument();
    const socket = lastSocket();
    act(() => socket.fire('connect'));
    act(() =>
      socket.fire('ContractNetworkState', {
        id: 7,
        cortado: true,
        estadoRed: 'aplicado',
        estadoRedMensaje: null,
        estadoRedFecha: '2026-11-24T16:00:05Z',
      }),
    );
    expect(await screen.findByText('Cortado en el router')).toBeInTheDocument();
  });

  it('Reconectar refused by the router: the toast says so with the reason', async () => {
    let contract = routed({ cortado: true });
    await openPanel(17, () => contract, {
      'POST /api/contratos/7/reconectar': () => {
        contract = routed({
          cortado: false,
          estadoRed: 'error',
          estadoRedMensaje: 'Usuario o contraseña incorrectos en el router',
          version: 4,
        });
        return { body: contract };
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Reconectar Servicio' }));
    const dialog = screen.getByRole('dialog', { name: 'Reconectar Servicio' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reconectar' }));
    expect(
      await screen.findByText(
        'Servicio reconectado en AirLink, pero el router no aplicó la reconexión: Usuario o contraseña incorrectos en el router',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('El router no aplicó la reconexión')).toBeInTheDocument();
  });
});

describe('customer panel: kept current by the push hub (issue 22)', () => {
  const late = () => routed({ cortado: true, diasRetraso: 5, mesesRetraso: 0, fechaFin: '2026-11-19' });
  const paid = (overrides: Partial<Contract> = {}) =>
    routed({
      cortado: false,
      estadoRed: 'pendiente',
      diasRetraso: 0,
      fechaFin: '2026-12-19',
      version: 4,
      ...overrides,
    });

  it('a reconnection payment made elsewhere: the panel refetches, never Activo en el router beside Retraso 5 días', async () => {
    let contract = late();
    const { of } = await openPanel(17, () => contract);
    expect(await screen.findByText('Retraso 5 días')).toBeInTheDocument();
    expect(screen.getByText('Cortado en el router')).toBeInTheDocument();
    const payments = of('GET /api/customer/7/payments').length;
    const socket = lastSocket();
    act(() => socket.fire('connect'));
    // Another tab registers a payment with reconnection: the router's result is pushed before the
    // panel saw the payment (the order a slow refetch gives).
    contract = paid({ estadoRed: 'aplicado' });
    act(() =>
      socket.fire('ContractNetworkState', {
        id: 7,
        cortado: false,
        estadoRed: 'aplicado',
        estadoRedMensaje: null,
        estadoRedFecha: '2026-11-24T16:00:05Z',
      }),
    );
    // Never the router's new state beside the stale lateness: both come from one fresh contract.
    if (screen.queryByText('Activo en el router')) expect(screen.queryByText('Retraso 5 días')).toBeNull();
    expect(await screen.findByText('Activo en el router')).toBeInTheDocument();
    expect(screen.queryByText('Retraso 5 días')).not.toBeInTheDocument();
    expect(screen.getByText('Al corriente')).toBeInTheDocument();
    act(() =>
      socket.fire('PaymentRegistered', {
        id: 90,
        guid: '00000000-0000-4000-8000-000000000090',
        idCliente: 7,
        nombreCliente: 'Ana López',
        monto: 330,
        idCuenta: 4,
        fechaPago: '2026-11-24T16:00:00Z',
      }),
    );
    // The Pagos tab shows the new payment.
    await waitFor(() => expect(of('GET /api/customer/7/payments').length).toBeGreaterThan(payments));
  });

  it('a payment of another contract or a malformed push changes nothing', async () => {
    let contract = late();
    const { of } = await openPanel(17, () => contract);
    expect(await screen.findByText('Retraso 5 días')).toBeInTheDocument();
    const socket = lastSocket();
    act(() => socket.fire('connect'));
    const asked = of('GET /api/contratos/7').length;
    contract = paid();
    act(() => socket.fire('PaymentRegistered', { id: 91, idCliente: 8, monto: 300 }));
    act(() => socket.fire('PaymentRegistered', 'nonsense'));
    act(() => socket.fire('ContractNetworkState', null));
    expect(of('GET /api/contratos/7')).toHaveLength(asked);
    expect(screen.getByText('Retraso 5 días')).toBeInTheDocument();
  });

  it('a payment of this contract registered elsewhere refetches the contract: lateness and suspension move', async () => {
    let contract = late();
    await openPanel(17, () => contract);
    expect(await screen.findByText('Retraso 5 días')).toBeInTheDocument();
    const socket = lastSocket();
    act(() => socket.fire('connect'));
    contract = paid();
    act(() => socket.fire('PaymentRegistered', { id: 92, idCliente: 7, monto: 330 }));
    expect(await screen.findByText('Al corriente')).toBeInTheDocument();
    expect(screen.queryByText('Retraso 5 días')).not.toBeInTheDocument();
    expect(screen.queryByText('Suspendido')).not.toBeInTheDocument();
  });

  it('a cut made elsewhere on a contract without a router (ContractChanged): Suspendido appears', async () => {
    let contract = makeContract();
    const { of } = await openPanel(17, () => contract);
    expect(await screen.findByText('Al corriente')).toBeInTheDocument();
    const socket = lastSocket();
    act(() => socket.fire('connect'));
    // The version shown already: nothing to fetch (this tab made the change itself).
    const asked = of('GET /api/contratos/7').length;
    act(() => socket.fire('ContractChanged', { id: 7, version: 3 }));
    expect(of('GET /api/contratos/7')).toHaveLength(asked);
    contract = makeContract({ cortado: true, version: 4 });
    act(() => socket.fire('ContractChanged', { id: 7, version: 4 }));
    expect(await screen.findByRole('button', { name: 'Reconectar Servicio' })).toBeInTheDocument();
    expect(screen.queryByText('Al corriente')).not.toBeInTheDocument();
  });

  it('a hub reconnection (pushes may have been missed) fetches the contract again', async () => {
    let contract = late();
    await openPanel(17, () => contract);
    expect(await screen.findByText('Retraso 5 días')).toBeInTheDocument();
    const socket = lastSocket();
    act(() => socket.fire('connect'));
    act(() => socket.fire('disconnect', 'transport close'));
    contract = paid({ estadoRed: 'aplicado' });
    act(() => socket.fire('connect'));
    expect(await screen.findByText('Activo en el router')).toBeInTheDocument();
    expect(screen.queryByText('Retraso 5 días')).not.toBeInTheDocument();
  });
});
