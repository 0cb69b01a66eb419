import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accounts } from '../../cash/testing/cash-fixtures';
import { company } from '../../company/testing/company-fixtures';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { AdministrationPage } from './administration-page';

afterEach(() => vi.unstubAllGlobals());

const settings = { festivos: [], diasHabiles: [1, 2, 3, 4, 5], listaSuspension: 'airlink-cortados' };

describe('AdministrationPage', () => {
  it('Empresa: Spanish messages under the fields, nothing sent; a good save sends the phones as a list', async () => {
    const api = mockFetch({
      'GET /api/empresa': { body: company },
      'PUT /api/empresa': (call) => ({ body: { ...company, ...(call.body as object) } }),
    });
    renderWithProviders(<AdministrationPage />, { path: '/dashboard/administracion?tab=empresa' });
    const rfc = await screen.findByLabelText(/RFC/);
    await userEvent.clear(rfc);
    await userEvent.type(rfc, 'XX');
    await userEvent.clear(screen.getByLabelText(/Teléfonos/));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('RFC inválido: 12 o 13 caracteres, como ATI150312KX4')).toBeInTheDocument();
    expect(screen.getByText('Escribe al menos un teléfono')).toBeInTheDocument();
    expect(api.of('PUT /api/empresa')).toHaveLength(0);
    // What was typed stays.
    expect(screen.getByLabelText(/RFC/)).toHaveValue('XX');

    await userEvent.clear(rfc);
    await userEvent.type(rfc, 'ati200101ab1');
    await userEvent.type(screen.getByLabelText(/Teléfonos/), '779 796 1234,  771 555 0000');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Datos de la empresa guardados')).toBeInTheDocument();
    expect(api.of('PUT /api/empresa')[0]!.body).toMatchObject({
      rfc: 'ATI200101AB1',
      telefonos: ['779 796 1234', '771 555 0000'],
    });
  });

  it('Cuentas: edits name, order and active flag; the group goes as it is', async () => {
    const api = mockFetch({
      'GET /api/cuentas': { body: accounts },
      'PUT /api/cuentas/3': (call) => ({ body: { ...accounts[1], ...(call.body as object) } }),
    });
    renderWithProviders(<AdministrationPage />, { path: '/dashboard/administracion?tab=cuentas' });
    await userEvent.click(await screen.findByRole('button', { name: 'Editar Oficina Pachuca' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.clear(within(dialog).getByLabelText(/Nombre/));
    await userEvent.clear(within(dialog).getByLabelText(/Orden/));
    await userEvent.type(within(dialog).getByLabelText(/Orden/), 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Escribe el nombre de la cuenta')).toBeInTheDocument();
    expect(within(dialog).getByText('El orden debe ser un número entero')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Nombre/), 'Caja Pachuca');
    await userEvent.clear(within(dialog).getByLabelText(/Orden/));
    await userEvent.type(within(dialog).getByLabelText(/Orden/), '0');
    await userEvent.click(within(dialog).getByLabelText(/Activa/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.of('PUT /api/cuentas/3')).toHaveLength(1));
    expect(api.of('PUT /api/cuentas/3')[0]!.body).toEqual({
      nombre: 'Caja Pachuca',
      grupo: 'pachuca',
      activo: false,
      orden: 0,
    });
    expect(await screen.findByText('Cuenta Caja Pachuca guardada')).toBeInTheDocument();
  });

  it('Días hábiles y festivos: adds a holiday in date order and saves the whole settings', async () => {
    const api = mockFetch({
      'GET /api/configuracion': { body: { ...settings, festivos: [{ fecha: '2026-12-31', nombre: 'Fin de año' }] } },
      'PUT /api/configuracion': (call) => ({ body: call.body }),
    });
    renderWithProviders(<AdministrationPage />, { path: '/dashboard/administracion?tab=calendario' });
    const add = await screen.findByRole('form', { name: 'Agregar día festivo' });
    await userEvent.click(within(add).getByRole('button', { name: 'Agregar' }));
    expect(await within(add).findByText('La fecha del día festivo no es válida (AAAA-MM-DD)')).toBeInTheDocument();
    await userEvent.type(within(add).getByLabelText('Fecha'), '2026-12-24');
    await userEvent.type(within(add).getByLabelText('Nombre del día festivo'), 'Nochebuena');
    await userEvent.click(within(add).getByRole('button', { name: 'Agregar' }));
    // The same day again is refused in place.
    await userEvent.type(within(add).getByLabelText('Fecha'), '2026-12-31');
    await userEvent.type(within(add).getByLabelText('Nombre del día festivo'), 'Otra vez');
    await userEvent.click(within(add).getByRole('button', { name: 'Agregar' }));
    expect(await within(add).findByText('Ese día ya está en la lista')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Sábado'));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Días hábiles y festivos guardados')).toBeInTheDocument();
    expect(api.of('PUT /api/configuracion')[0]!.body).toEqual({
      festivos: [
        { fecha: '2026-12-24', nombre: 'Nochebuena' },
        { fecha: '2026-12-31', nombre: 'Fin de año' },
      ],
      diasHabiles: [1, 2, 3, 4, 5, 6],
      listaSuspension: 'airlink-cortados',
    });
  });

  it('WhatsApp: the key is write-only; empty keeps the stored one', async () => {
    const instance = {
      id: 1,
      department: 'Cobranza',
      phone: '5217797961002',
      instanceName: 'Cobranza',
      baseUrl: 'https://evolution.airlink.mx',
      hasKey: true,
      webhookSet: false,
      state: null,
      stateAt: null,
    };
    const api = mockFetch({
      'GET /api/whatsapp/instances': { body: [instance] },
      'PUT /api/whatsapp/instances/1': { body: instance },
    });
    renderWithProviders(<AdministrationPage />, { path: '/dashboard/administracion?tab=whatsapp' });
    expect(await screen.findByText('API Key guardada')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Editar Cobranza' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByLabelText('API Key')).toHaveValue('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.of('PUT /api/whatsapp/instances/1')).toHaveLength(1));
    expect(api.of('PUT /api/whatsapp/instances/1')[0]!.body).toEqual({
      department: 'Cobranza',
      phone: '5217797961002',
      instanceName: 'Cobranza',
      baseUrl: 'https://evolution.airlink.mx',
    });
  });

  it('WhatsApp: connects the webhook of an instance with a key and a server, and not of one without', async () => {
    const base = { phone: '5217797961002', webhookSet: false, state: null, stateAt: null };
    const api = mockFetch({
      'GET /api/whatsapp/instances': {
        body: [
          { ...base, id: 1, department: 'Cobranza', instanceName: 'Cobranza', baseUrl: 'https://evo.mx', hasKey: true },
          { ...base, id: 2, department: 'Ventas', instanceName: 'Ventas', baseUrl: '', hasKey: false },
        ],
      },
      'POST /api/whatsapp/instances/Cobranza/webhook': {
        body: { instance: 'Cobranza', url: 'https://app/api/whatsapp/webhook/…', events: ['MESSAGES_UPSERT'] },
      },
    });
    renderWithProviders(<AdministrationPage />, { path: '/dashboard/administracion?tab=whatsapp' });
    expect(await screen.findAllByText('Sin webhook')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Conectar webhook de Ventas' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Conectar webhook de Cobranza' }));
    await waitFor(() => expect(api.of('POST /api/whatsapp/instances/Cobranza/webhook')).toHaveLength(1));
    expect(await screen.findByText('Webhook de Cobranza conectado a AirLink')).toBeInTheDocument();
  });

  it('WhatsApp: a new server address asks for the key again; deleting a department is confirmed', async () => {
    const instance = {
      id: 1,
      department: 'Cobranza',
      phone: '5217797961002',
      instanceName: 'Cobranza',
      baseUrl: 'https://evolution.airlink.mx',
      hasKey: true,
      webhookSet: false,
      state: null,
      stateAt: null,
    };
    const api = mockFetch({
      'GET /api/whatsapp/instances': { body: [instance] },
      'DELETE /api/whatsapp/instances/1': { status: 204 },
    });
    renderWithProviders(<AdministrationPage />, { path: '/dashboard/administracion?tab=whatsapp' });
    await userEvent.click(await screen.findByRole('button', { name: 'Editar Cobranza' }));
    const dialog = screen.getByRole('dialog');
    const server = within(dialog).getByLabelText('Servidor de Evolution API');
    await userEvent.clear(server);
    await userEvent.type(server, 'https://otro.airlink.mx');
    expect(within(dialog).getByText(/Cambiaste el servidor: escribe la API Key de nuevo/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^API Key/)).toBeRequired();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar Cobranza' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar departamento' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.of('DELETE /api/whatsapp/instances/1')).toHaveLength(1));
    expect(await screen.findByText('Departamento Cobranza eliminado')).toBeInTheDocument();
  });
});
