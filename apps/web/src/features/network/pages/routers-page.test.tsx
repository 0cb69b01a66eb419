import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockReply } from '../../../lib/testing/fetch-mock';
import { signIn } from '../../../lib/testing/fixtures';
import { renderWithProviders } from '../../../lib/testing/render';
import { makeRouter, makeSite } from '../testing/network-fixtures';
import { RoutersPage } from './routers-page';

afterEach(() => vi.unstubAllGlobals());
beforeAll(async () => {
  await import('@mui/x-data-grid');
});

const centro = makeRouter(4, {
  hostname: 'RB-Centro',
  host: '127.0.0.1',
  port: 8729,
  tls: true,
  listaSuspension: 'morosos',
  interfazTrafico: 'sfp1',
  contratos: 12,
});
const sites = [makeSite(1, { nombre: 'Torre Norte' })];

function server(extra: Record<string, MockReply> = {}) {
  signIn(20);
  return mockFetch({ 'GET /api/MikrotikRouters': { body: [centro] }, 'GET /api/site': { body: sites }, ...extra });
}

async function rowOf(text: string) {
  return (await screen.findByText(text)).closest('[role="row"]') as HTMLElement;
}

describe('RoutersPage', () => {
  it('lists the routers with site, address (host, port, TLS) and suspension list, in columns that fit 1366 px', async () => {
    server();
    renderWithProviders(<RoutersPage />);
    const row = await rowOf('RB-Centro');
    // A port is a number, not an amount: no thousands separator.
    expect(within(row).getByText('127.0.0.1:8729 (TLS)')).toBeInTheDocument();
    expect(within(row).getByText('morosos')).toBeInTheDocument();
    // The user and the traffic interface stay in the form ('Editar'): the list's headers all fit.
    expect(within(row).queryByText('sfp1')).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /Interfaz de tráfico/ })).not.toBeInTheDocument();
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(await within(row).findByText('Torre Norte')).toBeInTheDocument();
  });

  it('says there are no routers yet', async () => {
    server({ 'GET /api/MikrotikRouters': { body: [] } });
    renderWithProviders(<RoutersPage />);
    await screen.findByRole('grid', { name: 'Routers' });
    expect(await screen.findByText('Sin routers')).toBeInTheDocument();
  });

  it('shows a Spanish error with Reintentar when the list cannot be loaded', async () => {
    server({ 'GET /api/MikrotikRouters': { status: 500, body: { error: 'internal', message: 'Falla del servidor' } } });
    renderWithProviders(<RoutersPage />);
    expect(await screen.findByText('Falla del servidor')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it("'Probar conexión' shows identity, version and uptime only when the server says ok", async () => {
    const api = server({
      'POST /api/MikrotikRouters/4/probar': {
        body: {
          ok: true,
          identity: 'RB-Centro',
          version: '7.18.2',
          uptime: '3d4h26m',
          uptimeSeconds: 275160,
          boardName: 'RB4011',
        },
      },
    });
    renderWithProviders(<RoutersPage />);
    await userEvent.click(within(await rowOf('RB-Centro')).getByRole('button', { name: 'Probar conexión' }));
    const dialog = await screen.findByRole('dialog', { name: 'Probar conexión con RB-Centro' });
    expect(await within(dialog).findByText('Conexión correcta')).toBeInTheDocument();
    expect(within(dialog).getByText('7.18.2')).toBeInTheDocument();
    // The app's one uptime format, not RouterOS's own.
    expect(within(dialog).getByText('3 d 4 h 26 min')).toBeInTheDocument();
    expect(within(dialog).getByText('RB4011')).toBeInTheDocument();
    expect(api.of('POST /api/MikrotikRouters/4/probar')).toHaveLength(1);
  });

  it("'Probar conexión' shows the Spanish reason, never success, when the router did not answer", async () => {
    server({
      'POST /api/MikrotikRouters/4/probar': {
        body: { ok: false, error: 'routeros_auth', message: 'Usuario o contraseña incorrectos en el router' },
      },
    });
    renderWithProviders(<RoutersPage />);
    await userEvent.click(within(await rowOf('RB-Centro')).getByRole('button', { name: 'Probar conexión' }));
    const dialog = await screen.findByRole('dialog', { name: 'Probar conexión con RB-Centro' });
    expect(await within(dialog).findByText('Usuario o contraseña incorrectos en el router')).toBeInTheDocument();
    expect(within(dialog).getByText('Sin conexión')).toBeInTheDocument();
    expect(within(dialog).queryByText('Conexión correcta')).not.toBeInTheDocument();
  });

  it('a failed probe request is an error, not a success', async () => {
    server({
      'POST /api/MikrotikRouters/4/probar': { status: 403, body: { error: 'forbidden', message: 'Sin permiso' } },
    });
    renderWithProviders(<RoutersPage />);
    await userEvent.click(within(await rowOf('RB-Centro')).getByRole('button', { name: 'Probar conexión' }));
    const dialog = await screen.findByRole('dialog', { name: 'Probar conexión con RB-Centro' });
    expect(await within(dialog).findByText('Sin permiso')).toBeInTheDocument();
    expect(within(dialog).queryByText('Conexión correcta')).not.toBeInTheDocument();
  });

  it('adds a router: host and user required, port empty means the default, site from the list', async () => {
    const api = server({ 'POST /api/MikrotikRouters': { status: 201, body: makeRouter(5) } });
    renderWithProviders(<RoutersPage />);
    await rowOf('RB-Centro');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar router' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar router' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    expect(await within(dialog).findByText('El usuario es obligatorio')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Host/), '127.0.0.1');
    await userEvent.type(within(dialog).getByLabelText(/^Usuario/), 'admin');
    await userEvent.type(within(dialog).getByLabelText('Interfaz de tráfico'), 'ether1');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Site' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Torre Norte' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    await waitFor(() => expect(api.of('POST /api/MikrotikRouters')).toHaveLength(1));
    const body = api.of('POST /api/MikrotikRouters')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      host: '127.0.0.1',
      username: 'admin',
      siteId: 1,
      tls: false,
      // Empty: the server gives the list configured in Administración.
      listaSuspension: '',
      interfazTrafico: 'ether1',
      activo: true,
    });
    expect(body.port).toBeUndefined();
    expect(await screen.findByText('Router agregado')).toBeInTheDocument();
  });

  it("shows the server's Spanish reason when a router with contracts cannot be deleted", async () => {
    server({
      'DELETE /api/MikrotikRouters/4': {
        status: 409,
        body: { error: 'router_in_use', message: 'El router atiende 12 contratos: no se puede eliminar' },
      },
    });
    renderWithProviders(<RoutersPage />);
    await userEvent.click(within(await rowOf('RB-Centro')).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar el router RB-Centro?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(dialog).findByText('El router atiende 12 contratos: no se puede eliminar')).toBeInTheDocument();
  });
  // Last: its request never answers, and a pending request holds the api client's lock for the next test.
  it('shows the skeleton while the list loads, not the empty state', async () => {
    signIn(20);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderWithProviders(<RoutersPage />);
    const table = await screen.findByRole('grid', { name: 'Routers' });
    await waitFor(() => expect(table.querySelector('.MuiSkeleton-root')).not.toBeNull());
    expect(screen.queryByText('Sin routers')).not.toBeInTheDocument();
  });
});
