import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { signIn } from '../../../lib/testing/fixtures';
import { renderWithProviders } from '../../../lib/testing/render';
import { makeDevice, makeSite } from '../testing/network-fixtures';
import { DeviceDialog } from './device-dialog';

afterEach(() => vi.unstubAllGlobals());

const sites = [
  makeSite(1, { nombre: 'Torre Norte', tienePassword: true }),
  makeSite(2, { nombre: 'Torre Sur', tienePassword: false }),
];
const password = (dialog: HTMLElement) => within(dialog).getByLabelText(/^Contraseña/);
const ip = (dialog: HTMLElement) => within(dialog).getByLabelText('IP');

describe('DeviceDialog', () => {
  it('a radio with its own password: a new IP asks for it again, and nothing is sent until it is typed', async () => {
    signIn(20);
    const own = makeDevice(7, {
      hostname: 'Casa Pérez',
      ipaddr: '10.20.0.7',
      username: 'tecnico',
      tienePassword: true,
    });
    const api = mockFetch({ 'PUT /api/devices/7': { body: own } });
    renderWithProviders(<DeviceDialog device={own} sites={sites} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Editar dispositivo Casa Pérez' });
    expect(password(dialog)).not.toBeRequired();

    await userEvent.clear(ip(dialog));
    await userEvent.type(ip(dialog), '10.20.0.70');
    expect(password(dialog)).toBeRequired();
    expect(
      within(dialog).getByText(
        'Cambió la dirección: escribe de nuevo la contraseña (la guardada no se envía a otra dirección).',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Cambió la dirección: escribe de nuevo la contraseña')).toBeInTheDocument();
    expect(api.of('PUT /api/devices/7')).toHaveLength(0);

    await userEvent.type(password(dialog), 'nueva');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.of('PUT /api/devices/7')).toHaveLength(1));
    expect(api.of('PUT /api/devices/7')[0]!.body).toMatchObject({ ipaddr: '10.20.0.70', password: 'nueva' });
  });

  it("a radio on its site's password asks for the site's when it gets an address, and not for a site without one", async () => {
    signIn(20);
    const viaSite = makeDevice(8, {
      hostname: 'Radio 8',
      ipaddr: '',
      url: '',
      siteid: 1,
      username: '',
      tienePassword: false,
    });
    mockFetch({});
    renderWithProviders(<DeviceDialog device={viaSite} sites={sites} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Editar dispositivo Radio 8' });
    expect(password(dialog)).not.toBeRequired();
    await userEvent.type(ip(dialog), '10.20.0.8');
    expect(password(dialog)).toBeRequired();
    expect(
      within(dialog).getByText(
        'El radio usa la contraseña de su site: escríbela para usarla en esta dirección (no se guarda en el radio).',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Escribe la contraseña del site')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Site' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Torre Sur' }));
    expect(password(dialog)).not.toBeRequired();
  });
});
