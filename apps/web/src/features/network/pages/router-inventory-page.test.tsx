import type { InventoryEntry, RouterInventory } from '@airlink/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockReply } from '../../../lib/testing/fetch-mock';
import { makeSearchResult, signIn } from '../../../lib/testing/fixtures';
import { renderWithProviders } from '../../../lib/testing/render';
import { makeRouter } from '../testing/network-fixtures';
import { RouterInventoryPage } from './router-inventory-page';

afterEach(() => vi.unstubAllGlobals());
beforeAll(async () => {
  await import('@mui/x-data-grid');
});

const entry = (nombre: string, overrides: Partial<InventoryEntry> = {}): InventoryEntry => ({
  tipo: 'pppoe',
  nombre,
  ip: '',
  perfil: 'airlink-1-residencial-hasta-3-mbps',
  comentario: '',
  deshabilitado: false,
  enLinea: false,
  bajadaMbps: 3,
  subidaMbps: 1,
  idContrato: null,
  contrato: null,
  vinculadoPor: null,
  planBajadaMbps: null,
  planSubidaMbps: null,
  ...overrides,
});

const linked = (nombre: string, id: number, overrides: Partial<InventoryEntry> = {}) =>
  entry(nombre, {
    idContrato: id,
    contrato: `Cliente ${id}`,
    vinculadoPor: 'usuarioPppoe',
    planBajadaMbps: 3,
    planSubidaMbps: 1,
    ...overrides,
  });

const inventory: RouterInventory = {
  idRouter: 4,
  modoAprovisionamiento: 'pppoe',
  leidoEn: '2026-11-27T16:00:00Z',
  vinculados: [linked('ana', 7, { enLinea: true, ip: '10.20.0.15' }), linked('beto', 8)],
  velocidadDistinta: [
    linked('carla', 9, { perfil: 'plan-viejo', bajadaMbps: 10, subidaMbps: 3, planBajadaMbps: 20, planSubidaMbps: 5 }),
  ],
  soloEnRouter: [
    entry('viejo-1', { ip: '10.20.0.50', perfil: 'default', bajadaMbps: null, subidaMbps: null }),
    entry('viejo-2', { ip: '10.20.0.51', comentario: 'Taller Ruiz' }),
    entry('cola-taller', { tipo: 'cola', ip: '10.20.0.60', perfil: '', bajadaMbps: 5, subidaMbps: 5 }),
  ],
  soloEnAirlink: [
    {
      idContrato: 12,
      no: 40,
      nombre: 'Diana Pérez',
      usuarioPppoe: 'diana',
      ipCliente: '',
      plan: 'Oficina hasta 6 Mbps',
      planBajadaMbps: 6,
      planSubidaMbps: 2,
    },
  ],
};

function server(extra: Record<string, MockReply> = {}) {
  signIn(20);
  return mockFetch({
    'GET /api/MikrotikRouters': { body: [makeRouter(4, { hostname: 'RB-Centro', modoAprovisionamiento: 'pppoe' })] },
    'GET /api/MikrotikRouters/4/inventario': { body: inventory },
    'GET /api/MikrotikRouters/4/eventos': {
      body: [
        {
          id: 3,
          idContrato: 9,
          accion: 'reparar_perfil',
          estado: 'aplicado',
          mensaje: 'El secreto carla volvió al perfil de su plan (airlink-4-extremo-hasta-20-mbps)',
          fecha: '2026-11-27T16:05:00Z',
        },
        {
          id: 2,
          idContrato: 12,
          accion: 'aprovisionar',
          estado: 'pendiente',
          mensaje: 'El router no respondió',
          fecha: '2026-11-27T15:00:00Z',
        },
      ],
    },
    'GET /api/customer/search': (call) => ({
      body:
        call.query.get('q') === 'luis'
          ? [makeSearchResult(41, { nombre: 'Luis Mora' })]
          : [makeSearchResult(42, { nombre: 'Marta Ríos' })],
    }),
    ...extra,
  });
}

const open = (group?: string) =>
  renderWithProviders(<RouterInventoryPage />, {
    path: `/dashboard/inventario-router?id=4${group ? `&grupo=${group}` : ''}`,
  });

const rowOf = async (text: string) => (await screen.findByText(text)).closest('[role="row"]') as HTMLElement;

async function pick(label: string, typed: string, option: RegExp) {
  const picker = screen.getByRole('combobox', { name: label });
  await userEvent.click(picker);
  fireEvent.change(picker, { target: { value: typed } });
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Inventario del router', () => {
  it("shows the router's event log: each repair with its state and what happened", async () => {
    server();
    open();
    const log = await screen.findByRole('grid', { name: 'Eventos del router' });
    const repair = (await within(log).findByText(/volvió al perfil de su plan/)).closest('[role="row"]') as HTMLElement;
    expect(within(repair).getByText('Aplicado')).toBeInTheDocument();
    expect(within(repair).getByText('9')).toBeInTheDocument();
    const pending = within(log).getByText('El router no respondió').closest('[role="row"]') as HTMLElement;
    expect(within(pending).getByText('Pendiente')).toBeInTheDocument();
  });

  it('shows the four groups with their counts, the router speed against the plan and the linked customer', async () => {
    server();
    open();
    expect(await screen.findByText(/RB-Centro · PPPoE \(perfil por plan\) · leído/)).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Grupos del inventario' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Vinculados (2)', 'Velocidad distinta (1)', 'Solo en el router (3)', 'Solo en AirLink (1)']);

    const ana = await rowOf('ana');
    expect(within(ana).getByText('10.20.0.15')).toBeInTheDocument();
    expect(within(ana).getByText('En línea')).toBeInTheDocument();
    expect(within(ana).getByRole('link', { name: 'Cliente 7' })).toHaveAttribute('href', '/dashboard/profile?id=7');

    await userEvent.click(within(tabs).getByRole('tab', { name: 'Velocidad distinta (1)' }));
    const carla = await rowOf('carla');
    expect(within(carla).getByText('10 / 3 Mbps')).toBeInTheDocument();
    expect(within(carla).getByText('20 / 5 Mbps')).toBeInTheDocument();
    expect(within(carla).getByText('plan-viejo')).toBeInTheDocument();

    await userEvent.click(within(tabs).getByRole('tab', { name: 'Solo en AirLink (1)' }));
    const diana = await rowOf('Diana Pérez');
    expect(within(diana).getByText('6 / 2 Mbps')).toBeInTheDocument();
    expect(within(diana).getByText('diana')).toBeInTheDocument();
  });

  it('filters the group by user, IP, profile or comment, accents and case aside', async () => {
    server();
    open('soloEnRouter');
    await rowOf('viejo-1');
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    await userEvent.type(search, 'VIEJO');
    await waitFor(() => expect(screen.queryByText('cola-taller')).not.toBeInTheDocument());
    expect(screen.getByText('viejo-2')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'taller ruiz');
    await waitFor(() => expect(screen.queryByText('viejo-1')).not.toBeInTheDocument());
    expect(screen.getByText('viejo-2')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'nadie');
    expect(await screen.findByText('Ninguna entrada coincide con la búsqueda.')).toBeInTheDocument();
  });

  it('adopts the chosen entries in one request: a secret by its PPPoE user, a queue by its IP', async () => {
    const api = server({
      'POST /api/MikrotikRouters/4/adoptar': { body: { adoptados: 2, mensaje: 'Se adoptaron 2 entradas del router.' } },
    });
    open('soloEnRouter');
    const adopt = await screen.findByRole('button', { name: 'Adoptar seleccionadas' });
    expect(adopt).toBeDisabled();
    await userEvent.click(within(await rowOf('viejo-1')).getByRole('checkbox'));
    await userEvent.click(within(await rowOf('cola-taller')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Adoptar seleccionadas (2)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Adoptar 2 entradas del router' });
    await pick('Contrato de viejo-1', 'luis', /Luis Mora/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adoptar' }));
    expect(await within(dialog).findByText('Elige el contrato de esta entrada')).toBeInTheDocument();
    expect(api.of('POST /api/MikrotikRouters/4/adoptar')).toHaveLength(0);

    await pick('Contrato de cola-taller', 'marta', /Marta Ríos/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adoptar' }));
    await waitFor(() => expect(api.of('POST /api/MikrotikRouters/4/adoptar')).toHaveLength(1));
    expect(api.of('POST /api/MikrotikRouters/4/adoptar')[0]!.body).toEqual({
      vinculos: [
        { idContrato: 41, usuarioPppoe: 'viejo-1' },
        { idContrato: 42, ip: '10.20.0.60' },
      ],
    });
    expect(await screen.findByText('Se adoptaron 2 entradas del router.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the dialog open with the server's Spanish reason when an entry is already linked elsewhere (409)", async () => {
    server({
      'POST /api/MikrotikRouters/4/adoptar': {
        status: 409,
        body: { error: 'conflict', message: 'El contrato de Luis Mora ya tiene el usuario PPPoE luis en este router.' },
      },
    });
    open('soloEnRouter');
    await userEvent.click(within(await rowOf('viejo-1')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Adoptar seleccionadas (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adoptar 1 entrada del router' });
    await pick('Contrato de viejo-1', 'luis', /Luis Mora/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adoptar' }));
    expect(
      await within(dialog).findByText('El contrato de Luis Mora ya tiene el usuario PPPoE luis en este router.'),
    ).toBeInTheDocument();
  });

  it('shows the Spanish reason, with Reintentar, when the router cannot be read', async () => {
    server({
      'GET /api/MikrotikRouters/4/inventario': {
        status: 502,
        body: { error: 'router_unreachable', message: 'El router RB-Centro no respondió.' },
      },
    });
    open();
    expect(await screen.findByText('El router RB-Centro no respondió.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
