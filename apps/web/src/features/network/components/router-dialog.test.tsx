import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { signIn } from '../../../lib/testing/fixtures';
import { renderWithProviders } from '../../../lib/testing/render';
import { makeRouter, makeSite } from '../testing/network-fixtures';
import { RouterDialog } from './router-dialog';

afterEach(() => vi.unstubAllGlobals());

const centro = makeRouter(4, { hostname: 'RB-Centro', host: '10.0.4.1', port: 8728, tienePassword: true });

function server() {
  signIn(20);
  return mockFetch({
    'GET /api/site': { body: [makeSite(1)] },
    'PUT /api/MikrotikRouters/4': { body: centro },
  });
}

const password = (dialog: HTMLElement) => within(dialog).getByLabelText(/^Contraseña/);

describe('RouterDialog', () => {
  it("names the spec's free fields in Spanish (no 'Database', 'Table', 'Column' or 'Value')", async () => {
    server();
    renderWithProviders(<RouterDialog router={centro} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Editar router RB-Centro' });
    for (const label of ['Base de datos', 'Tabla', 'Columna', 'Valor'])
      expect(within(dialog).getByLabelText(label)).toBeInTheDocument();
    for (const english of ['Database', 'Table', 'Column', 'Value'])
      expect(within(dialog).queryByLabelText(english)).not.toBeInTheDocument();
  });

  it("offers the provisioning mode in Spanish, starting from the router's, and sends the one chosen", async () => {
    const api = server();
    renderWithProviders(<RouterDialog router={{ ...centro, modoAprovisionamiento: 'pppoe' }} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Editar router RB-Centro' });
    const mode = within(dialog).getByRole('combobox', { name: 'Modo de aprovisionamiento' });
    expect(mode).toHaveTextContent('PPPoE (perfil por plan)');
    expect(
      within(dialog).getByText('AirLink crea el usuario PPPoE de cada cliente con el perfil de su plan.'),
    ).toBeInTheDocument();
    await userEvent.click(mode);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'PPPoE (perfil por plan)',
      'Cola simple por IP',
      'Ninguno (solo cortar y reconectar)',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Cola simple por IP' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.of('PUT /api/MikrotikRouters/4')).toHaveLength(1));
    expect(api.of('PUT /api/MikrotikRouters/4')[0]!.body).toMatchObject({ modoAprovisionamiento: 'cola' });
  });

  it('a new host, port or TLS asks for the password again and sends nothing until it is typed', async () => {
    const api = server();
    renderWithProviders(<RouterDialog router={centro} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Editar router RB-Centro' });
    expect(within(dialog).getByText('Hay una contraseña guardada: déjala vacía para conservarla.')).toBeInTheDocument();
    expect(password(dialog)).not.toBeRequired();

    await userEvent.type(within(dialog).getByLabelText('Puerto'), '{Backspace}9');
    expect(
      within(dialog).getByText(
        'Cambió la dirección: escribe de nuevo la contraseña (la guardada no se envía a otra dirección).',
      ),
    ).toBeInTheDocument();
    expect(password(dialog)).toBeRequired();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Cambió la dirección: escribe de nuevo la contraseña')).toBeInTheDocument();
    expect(api.of('PUT /api/MikrotikRouters/4')).toHaveLength(0);

    // Back to the stored address: nothing to type again.
    await userEvent.type(within(dialog).getByLabelText('Puerto'), '{Backspace}8');
    expect(password(dialog)).not.toBeRequired();
    await userEvent.click(within(dialog).getByLabelText('Usar TLS (API-SSL)'));
    expect(password(dialog)).toBeRequired();

    await userEvent.type(password(dialog), 'nueva-clave');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.of('PUT /api/MikrotikRouters/4')).toHaveLength(1));
    expect(api.of('PUT /api/MikrotikRouters/4')[0]!.body).toMatchObject({ tls: true, password: 'nueva-clave' });
  });

  it("shows the server's reason under the password field", async () => {
    signIn(20);
    mockFetch({
      'GET /api/site': { body: [] },
      'PUT /api/MikrotikRouters/4': {
        status: 400,
        body: {
          error: 'bad_request',
          message: 'Cambiaste el host, el puerto o TLS del router: escribe de nuevo su contraseña.',
          details: { password: ['Cambió la dirección: escribe de nuevo la contraseña'] },
        },
      },
    });
    // The page's copy of the router is stale (another tab moved it): the server still refuses.
    renderWithProviders(<RouterDialog router={{ ...centro, tienePassword: false }} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Editar router RB-Centro' });
    await userEvent.clear(within(dialog).getByLabelText(/^Host/));
    await userEvent.type(within(dialog).getByLabelText(/^Host/), '10.0.4.2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Cambió la dirección: escribe de nuevo la contraseña')).toBeInTheDocument();
  });
});
