import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockReply } from '../../../lib/testing/fetch-mock';
import { signIn } from '../../../lib/testing/fixtures';
import { renderWithProviders } from '../../../lib/testing/render';
import { makeDevice, makeSite, makeStats } from '../testing/network-fixtures';
import { DevicesPage } from './devices-page';

afterEach(() => vi.unstubAllGlobals());
beforeAll(async () => {
  await import('@mui/x-data-grid');
});

const casa = makeDevice(7, { hostname: 'Casa Pérez', hwaddr: 'AA:BB:CC:00:00:07', ipaddr: '10.20.0.7' });
const mudo = makeDevice(8, {
  hostname: 'Radio mudo',
  lastSeen: null,
  siteid: 2,
  signal: null,
  ccq: null,
  online: false,
});
const sites = [makeSite(1, { nombre: 'Torre Norte' }), makeSite(2, { nombre: 'Torre Sur' })];

function server(level: number, extra: Record<string, MockReply> = {}) {
  signIn(level);
  return mockFetch({
    'GET /api/devices': { body: { items: [casa, mudo], total: 31 } },
    'GET /api/site': { body: sites },
    'GET /api/site/1/7': { body: makeStats(7, { signal: -62 }) },
    'GET /api/site/2/8': { body: makeStats(8, { signal: null, lastError: 'El radio no respondió en 8 s' }) },
    ...extra,
  });
}
const lastList = (api: ReturnType<typeof server>) => api.of('GET /api/devices').at(-1)!.query;

async function rowOf(text: string) {
  return (await screen.findByText(text)).closest('[role="row"]') as HTMLElement;
}

describe('DevicesPage', () => {
  it('lists the radios paged on the server with site, last seen, online or not, CCQ and the signal negated in dBm', async () => {
    const api = server(10);
    renderWithProviders(<DevicesPage />);
    const row = await rowOf('Casa Pérez');
    expect(within(row).getByText('AA:BB:CC:00:00:07')).toBeInTheDocument();
    expect(within(row).getByText('10.20.0.7')).toBeInTheDocument();
    expect(within(row).getByText('20/11/2026 10:00')).toBeInTheDocument();
    expect(within(row).getByText('62 dBm')).toBeInTheDocument();
    expect(within(row).getByText('91 %')).toBeInTheDocument();
    expect(within(row).getByText('En línea')).toBeInTheDocument();
    const silent = await rowOf('Radio mudo');
    expect(within(silent).getByText('Nunca')).toBeInTheDocument();
    expect(within(silent).getByText('Caído')).toBeInTheDocument();
    // The rows carry their signal: no request per row.
    expect(api.of('GET /api/site/1/7')).toHaveLength(0);
    expect(screen.getByText('31 dispositivos')).toBeInTheDocument();
    expect(Object.fromEntries(lastList(api))).toEqual({ page: '0', pageSize: '10', sort: 'id', dir: 'asc' });
  });

  it('level 10 reads only: no add, edit or delete, and the site filter takes a number', async () => {
    const api = server(10);
    renderWithProviders(<DevicesPage />);
    const row = await rowOf('Casa Pérez');
    expect(within(row).getByRole('button', { name: 'Ver detalles' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agregar dispositivo' })).not.toBeInTheDocument();
    // Level 10 cannot read the sites list (level 20): it is not asked for.
    expect(api.of('GET /api/site')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Site (número)'), '2');
    await waitFor(() => expect(lastList(api).get('siteId')).toBe('2'));
  });

  it('searches and filters by site on the server (level 20 picks the site by name)', async () => {
    const api = server(20);
    renderWithProviders(<DevicesPage />);
    await rowOf('Casa Pérez');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar dispositivo' }), 'aa-bb');
    await waitFor(() => expect(lastList(api).get('q')).toBe('aa-bb'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Site' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Torre Sur' }));
    await waitFor(() => expect(lastList(api).get('siteId')).toBe('2'));
    expect(lastList(api).get('q')).toBe('aa-bb');
  });

  it('sorts by signal, CCQ and last answer on the server; the negated Señal column sorts by dBm reversed', async () => {
    const api = server(10);
    renderWithProviders(<DevicesPage />);
    await rowOf('Casa Pérez');
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    // Ascending on the column (62, 70, 85 dBm shown) is strongest first: the API's descending by dBm.
    await userEvent.click(header('Señal'));
    await waitFor(() => expect(lastList(api).get('sort')).toBe('signal'));
    expect(lastList(api).get('dir')).toBe('desc');
    await userEvent.click(header('Señal'));
    await waitFor(() => expect(lastList(api).get('dir')).toBe('asc'));
    await userEvent.click(header('CCQ'));
    await waitFor(() => expect(Object.fromEntries(lastList(api))).toMatchObject({ sort: 'ccq', dir: 'asc' }));
    await userEvent.click(header('Respondió'));
    await waitFor(() => expect(Object.fromEntries(lastList(api))).toMatchObject({ sort: 'lastSeen', dir: 'asc' }));
  });

  it('filters online or offline radios on the server', async () => {
    const api = server(10);
    renderWithProviders(<DevicesPage />);
    await rowOf('Casa Pérez');
    await userEvent.click(screen.getByRole('combobox', { name: 'Estado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Caídos (sin respuesta)' }));
    await waitFor(() => expect(lastList(api).get('status')).toBe('offline'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Estado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'En línea' }));
    await waitFor(() => expect(lastList(api).get('status')).toBe('online'));
  });

  it('says when no radio matches', async () => {
    server(10, { 'GET /api/devices': { body: { items: [], total: 0 } } });
    renderWithProviders(<DevicesPage />);
    await screen.findByRole('grid', { name: 'Dispositivos' });
    expect(await screen.findByText('Sin dispositivos')).toBeInTheDocument();
  });

  it('shows a Spanish error with Reintentar when the list cannot be loaded', async () => {
    server(10, { 'GET /api/devices': { status: 500, body: { error: 'internal', message: 'Falla del servidor' } } });
    renderWithProviders(<DevicesPage />);
    expect(await screen.findByText('Falla del servidor')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('a row opens its details: the spec fields (never guid or idUsuario) and the stored stats with units', async () => {
    server(10);
    renderWithProviders(<DevicesPage />);
    await userEvent.click(await screen.findByText('Casa Pérez'));
    const dialog = await screen.findByRole('dialog', { name: 'Dispositivo Casa Pérez' });
    expect(within(dialog).getByText('https://10.20.0.7')).toBeInTheDocument();
    expect(within(dialog).getByText('No (la del site)')).toBeInTheDocument();
    expect(await within(dialog).findByText('62 dBm')).toBeInTheDocument();
    expect(within(dialog).getByText('91 %')).toBeInTheDocument();
    expect(within(dialog).getByText('100 Mbps Full')).toBeInTheDocument();
    expect(within(dialog).getByText('3 d 4 h 0 min')).toBeInTheDocument();
    // What the radio says of itself at its last reading, each value beside its label.
    const valueOf = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(valueOf('Nombre en el radio')).toHaveTextContent(/^AP-Torre1-Sur$/);
    expect(valueOf('Modelo')).toHaveTextContent(/^LiteBeam 5AC$/);
    expect(valueOf('Firmware')).toHaveTextContent(/^v8\.7\.17$/);
    expect(within(dialog).getByText('5.00 GB')).toBeInTheDocument();
    expect(within(dialog).queryByText('guid-7')).not.toBeInTheDocument();
  });

  it("'Sondear ahora' shows the stats the radio answered", async () => {
    const api = server(10, {
      'POST /api/devices/7/poll': { body: { ok: true, stats: makeStats(7, { signal: -58, ccq: 97 }) } },
    });
    renderWithProviders(<DevicesPage />);
    await userEvent.click(within(await rowOf('Casa Pérez')).getByRole('button', { name: 'Ver detalles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispositivo Casa Pérez' });
    await within(dialog).findByText('62 dBm');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sondear ahora' }));
    expect(await within(dialog).findByText('58 dBm')).toBeInTheDocument();
    expect(within(dialog).getByText('97 %')).toBeInTheDocument();
    expect(within(dialog).getByText('El radio respondió: estadísticas de este momento.')).toBeInTheDocument();
    expect(api.of('POST /api/devices/7/poll')).toHaveLength(1);
  });

  it("'Sondear ahora' shows the Spanish reason, never fresh stats, when the radio did not answer", async () => {
    server(10, {
      'POST /api/devices/7/poll': {
        body: { ok: false, error: 'poll_failed', message: 'Usuario o contraseña incorrectos en el radio' },
      },
    });
    renderWithProviders(<DevicesPage />);
    await userEvent.click(within(await rowOf('Casa Pérez')).getByRole('button', { name: 'Ver detalles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispositivo Casa Pérez' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sondear ahora' }));
    expect(await within(dialog).findByText('Usuario o contraseña incorrectos en el radio')).toBeInTheDocument();
    expect(within(dialog).getByText('El radio no respondió')).toBeInTheDocument();
    expect(within(dialog).queryByText('El radio respondió: estadísticas de este momento.')).not.toBeInTheDocument();
  });

  it('a radio that does not answer shows its last failure and when it was last seen', async () => {
    server(10);
    renderWithProviders(<DevicesPage />);
    await userEvent.click(within(await rowOf('Radio mudo')).getByRole('button', { name: 'Ver detalles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispositivo Radio mudo' });
    expect(await within(dialog).findByText(/El radio no respondió en 8 s/)).toBeInTheDocument();
    expect(within(dialog).getByText('Nunca')).toBeInTheDocument();
  });

  it("after 'Sondear ahora' the details show when the radio last answered (the list refreshes)", async () => {
    let polled = false;
    server(10, {
      'GET /api/devices': () => ({
        body: { items: [casa, polled ? { ...mudo, lastSeen: '2026-11-24T17:00:00.000Z' } : mudo], total: 2 },
      }),
      'POST /api/devices/8/poll': () => {
        polled = true;
        return { body: { ok: true, stats: makeStats(8, { signal: -70 }) } };
      },
    });
    renderWithProviders(<DevicesPage />);
    await userEvent.click(within(await rowOf('Radio mudo')).getByRole('button', { name: 'Ver detalles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispositivo Radio mudo' });
    expect(within(dialog).getByText('Nunca')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sondear ahora' }));
    expect(await within(dialog).findByText('70 dBm')).toBeInTheDocument();
    expect(await within(dialog).findByText('24/11/2026 11:00')).toBeInTheDocument();
    expect(within(dialog).queryByText('Nunca')).not.toBeInTheDocument();
  });

  it('level 20 adds a radio: the MAC in any notation is checked by the domain schema', async () => {
    const api = server(20, { 'POST /api/devices': { status: 201, body: makeDevice(9) } });
    renderWithProviders(<DevicesPage />);
    await rowOf('Casa Pérez');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar dispositivo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar dispositivo' });
    await userEvent.type(within(dialog).getByLabelText(/^MAC/), 'zz:11');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    expect(await within(dialog).findByText('La MAC debe tener el formato AA:BB:CC:DD:EE:FF')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/^MAC/));
    await userEvent.type(within(dialog).getByLabelText(/^MAC/), 'aabb.ccdd.ee09');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Site' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Torre Norte' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    await waitFor(() => expect(api.of('POST /api/devices')).toHaveLength(1));
    expect(api.of('POST /api/devices')[0]!.body).toMatchObject({
      hwaddr: 'AA:BB:CC:DD:EE:09',
      siteid: 1,
      password: '',
    });
    expect(await screen.findByText('Dispositivo agregado')).toBeInTheDocument();
  });

  it("level 20 sees the server's reason for a MAC already registered", async () => {
    server(20, {
      'PUT /api/devices/7': {
        status: 409,
        body: { error: 'mac_taken', message: 'Esa MAC ya está registrada en otro dispositivo' },
      },
    });
    renderWithProviders(<DevicesPage />);
    await userEvent.click(within(await rowOf('Casa Pérez')).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar dispositivo Casa Pérez' });
    expect(within(dialog).getByLabelText('Contraseña')).toHaveValue('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Esa MAC ya está registrada en otro dispositivo')).toBeInTheDocument();
  });
  // Last: its request never answers, and a pending request holds the api client's lock for the next test.
  it('shows the skeleton while the list loads, not the empty state', async () => {
    signIn(20);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderWithProviders(<DevicesPage />);
    const table = await screen.findByRole('grid', { name: 'Dispositivos' });
    await waitFor(() => expect(table.querySelector('.MuiSkeleton-root')).not.toBeNull());
    expect(screen.queryByText('Sin dispositivos')).not.toBeInTheDocument();
  });
});
