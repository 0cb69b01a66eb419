import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { signIn } from '../../../lib/testing/fixtures';
import { renderWithProviders } from '../../../lib/testing/render';
import { makeSite } from '../testing/network-fixtures';
import { SitesPage } from './sites-page';

afterEach(() => vi.unstubAllGlobals());
beforeAll(async () => {
  await import('@mui/x-data-grid');
});

const norte = makeSite(1, { nombre: 'Torre Norte', url: 'https://norte.airlink.test', username: 'ubnt', devices: 3 });
const sur = makeSite(2, { nombre: 'Torre Sur', username: 'admin', tienePassword: false });

describe('SitesPage', () => {
  it('lists the sites with the spec columns (id, url, nombre, username) and their use', async () => {
    signIn(20);
    mockFetch({ 'GET /api/site': { body: [norte, sur] } });
    renderWithProviders(<SitesPage />);
    const table = await screen.findByRole('grid', { name: 'Sites' });
    const row = (await within(table).findByText('Torre Norte')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('https://norte.airlink.test')).toBeInTheDocument();
    expect(within(row).getByText('ubnt')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(screen.getByText('2 sites')).toBeInTheDocument();
  });

  it('says there are no sites yet', async () => {
    signIn(20);
    mockFetch({ 'GET /api/site': { body: [] } });
    renderWithProviders(<SitesPage />);
    await screen.findByRole('grid', { name: 'Sites' });
    expect(await screen.findByText('Sin sites')).toBeInTheDocument();
  });

  it('shows a Spanish error with Reintentar when the list cannot be loaded', async () => {
    signIn(20);
    mockFetch({
      'GET /api/site': { status: 403, body: { error: 'forbidden', message: 'Tu nivel no permite esta acción' } },
    });
    renderWithProviders(<SitesPage />);
    expect(await screen.findByText('Tu nivel no permite esta acción')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('adds a site through the form: numbers as numbers, the domain schema checks the fields', async () => {
    signIn(20);
    const api = mockFetch({
      'GET /api/site': { body: [norte] },
      'POST /api/site': { status: 201, body: makeSite(3, { nombre: 'Torre Este' }) },
    });
    renderWithProviders(<SitesPage />);
    await screen.findByText('Torre Norte');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar site' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar site' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    expect(await within(dialog).findByText('El nombre es obligatorio')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Nombre/), 'Torre Este');
    await userEvent.type(within(dialog).getByLabelText('Latitud'), '120');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    expect(await within(dialog).findByText('La latitud va de -90 a 90')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Latitud'));
    await userEvent.type(within(dialog).getByLabelText('Latitud'), '20.12');
    await userEvent.type(within(dialog).getByLabelText('Id del site'), '7');
    await userEvent.type(within(dialog).getByLabelText('Contraseña'), 's3creta');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    await waitFor(() => expect(api.of('POST /api/site')).toHaveLength(1));
    expect(api.of('POST /api/site')[0]!.body).toMatchObject({
      nombre: 'Torre Este',
      lat: 20.12,
      lon: null,
      idSite: 7,
      password: 's3creta',
    });
    expect(await screen.findByText('Site agregado')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits a site without ever showing its password: empty keeps the stored one', async () => {
    signIn(20);
    const api = mockFetch({
      'GET /api/site': { body: [norte] },
      'PUT /api/site/1': { body: { ...norte, username: 'root' } },
    });
    renderWithProviders(<SitesPage />);
    const row = (await screen.findByText('Torre Norte')).closest('[role="row"]') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar site Torre Norte' });
    expect(within(dialog).getByLabelText('Contraseña')).toHaveValue('');
    expect(within(dialog).getByText('Hay una contraseña guardada: déjala vacía para conservarla.')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Usuario'));
    await userEvent.type(within(dialog).getByLabelText('Usuario'), 'root');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.of('PUT /api/site/1')).toHaveLength(1));
    expect(api.of('PUT /api/site/1')[0]!.body).toMatchObject({ username: 'root', password: '' });
  });

  it("shows the server's Spanish reason when a site in use cannot be deleted", async () => {
    signIn(20);
    mockFetch({
      'GET /api/site': { body: [norte] },
      'DELETE /api/site/1': {
        status: 409,
        body: { error: 'site_in_use', message: 'El site tiene 3 radios: no se puede eliminar' },
      },
    });
    renderWithProviders(<SitesPage />);
    const row = (await screen.findByText('Torre Norte')).closest('[role="row"]') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar el site Torre Norte?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(dialog).findByText('El site tiene 3 radios: no se puede eliminar')).toBeInTheDocument();
    expect(screen.queryByText('Site eliminado')).not.toBeInTheDocument();
  });

  // Last: its request never answers, and a pending request holds the api client's lock for the next test.
  it('shows the skeleton while the list loads, not the empty state', async () => {
    signIn(20);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderWithProviders(<SitesPage />);
    const table = await screen.findByRole('grid', { name: 'Sites' });
    await waitFor(() => expect(table.querySelector('.MuiSkeleton-root')).not.toBeNull());
    expect(screen.queryByText('Sin sites')).not.toBeInTheDocument();
  });
});
