import type { ReactNode } from 'react';
import { businessDate, IPV4_INVALID_MESSAGE } from '@airlink/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Toaster from '../../../app/toaster';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockReply } from '../../../lib/testing/fetch-mock';
import { makeUser, signIn } from '../../../lib/testing/fixtures';
import { SessionProvider } from '../../../lib/session-context';
import { makeContract } from '../customer-fixtures';
import { ContractFormDialog } from './contract-form-dialog';

function setup(routes: Record<string, MockReply> = {}, level = 16) {
  const server = mockFetch({ 'GET /api/usuarios': { body: [makeUser(level)] }, ...routes });
  signIn(level);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <>
        <Toaster />
        <SessionProvider>{children}</SessionProvider>
      </>
    </QueryClientProvider>
  );
  const onClose = vi.fn();
  const onSaved = vi.fn();
  render(<ContractFormDialog onClose={onClose} onSaved={onSaved} />, { wrapper });
  const dialog = screen.getByRole('dialog', { name: 'Crear Nuevo Cliente' });
  return { server, dialog, onClose, onSaved };
}

const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label);

async function chooseType(dialog: HTMLElement, name: RegExp) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: /Tipo de servicio/ }));
  await userEvent.click(screen.getByRole('option', { name }));
}

async function fillRequired(dialog: HTMLElement) {
  await userEvent.type(field(dialog, /Nombre completo/), 'Beto Ruiz');
  await userEvent.type(field(dialog, /Teléfono/), '771 123 4567');
  await userEvent.type(field(dialog, /^Calle/), 'Morelos');
  await userEvent.type(field(dialog, /Colonia/), 'El Carmen');
  await userEvent.type(field(dialog, /Comunidad/), 'Pachuca');
}

// Typing into many MUI fields is slow on a busy machine.
// Waits for the page (debounce, requests, lazy modules) allow for a loaded machine.

afterEach(() => vi.unstubAllGlobals());

describe('ContractFormDialog', () => {
  it('starts with type 1, $300 a month, $1,300 installation, Hidalgo and today', () => {
    const { dialog } = setup();
    expect(within(dialog).getByRole('combobox', { name: /Tipo de servicio/ })).toHaveTextContent(
      'Residencial hasta 3 Mbps',
    );
    expect(field(dialog, /Mensualidad/)).toHaveValue('300.00');
    expect(field(dialog, /Costo de instalación/)).toHaveValue('1,300.00');
    expect(field(dialog, /^Estado/)).toHaveValue('Hidalgo');
    expect(field(dialog, /Fecha de contratación/)).toHaveValue(businessDate(new Date()));
  });

  it('a service type sets the monthly amount and the installation cost to monthly + 1000', async () => {
    const { dialog } = setup();
    await chooseType(dialog, /Oficina hasta 6 Mbps/);
    expect(field(dialog, /Mensualidad/)).toHaveValue('500.00');
    expect(field(dialog, /Costo de instalación/)).toHaveValue('1,500.00');
    await chooseType(dialog, /Extremo simétrico/);
    expect(field(dialog, /Mensualidad/)).toHaveValue('2,300.00');
    expect(field(dialog, /Costo de instalación/)).toHaveValue('3,300.00');
  });

  it('keeps an installation cost typed by hand when the type changes', async () => {
    const { dialog } = setup();
    const installation = field(dialog, /Costo de instalación/);
    await userEvent.clear(installation);
    await userEvent.type(installation, '2000');
    await chooseType(dialog, /Cybercafe hasta 10 Mbps/);
    expect(field(dialog, /Mensualidad/)).toHaveValue('800.00');
    expect(installation).toHaveValue('2,000.00');
  });

  it('shows the schema’s Spanish errors and sends nothing', async () => {
    const { dialog, server } = setup();
    await userEvent.type(field(dialog, /Correo/), 'no-es-correo');
    await userEvent.type(field(dialog, /Código postal/), '123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear cliente' }));
    expect(await within(dialog).findByText('El nombre es obligatorio')).toBeInTheDocument();
    expect(within(dialog).getByText('El teléfono es obligatorio')).toBeInTheDocument();
    expect(within(dialog).getByText('Correo inválido')).toBeInTheDocument();
    expect(within(dialog).getByText('El código postal debe tener 5 dígitos')).toBeInTheDocument();
    await userEvent.clear(field(dialog, /Mensualidad/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear cliente' }));
    expect(await within(dialog).findByText('La mensualidad debe ser un número')).toBeInTheDocument();
    expect(server.of('POST /api/contratos')).toHaveLength(0);
  });

  it('creates the customer with the whole payload', async () => {
    const created = makeContract({ id: 31, nombre: 'Beto Ruiz', no: 0 });
    const { dialog, server, onSaved, onClose } = setup({ 'POST /api/contratos': { status: 201, body: created } });
    await fillRequired(dialog);
    await chooseType(dialog, /Oficina hasta 6 Mbps/);
    await userEvent.type(field(dialog, /MAC/), 'aa-bb-cc-dd-ee-ff');
    await userEvent.click(within(dialog).getByRole('switch', { name: /Requiere factura/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear cliente' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created));
    expect(onClose).toHaveBeenCalled();
    expect(server.of('POST /api/contratos')[0]!.body).toEqual({
      nombre: 'Beto Ruiz',
      calle: 'Morelos',
      numero: '',
      colonia: 'El Carmen',
      comunidad: 'Pachuca',
      estado: 'Hidalgo',
      cp: '',
      telefono: '7711234567',
      email: '',
      tipo: 2,
      monto: 500,
      costoInstalacion: 1500,
      mac: 'AA:BB:CC:DD:EE:FF',
      fechaContratacion: businessDate(new Date()),
      idGrupo: 0,
      facturar: true,
      fechaAgenda: null,
      idRouter: null,
      usuarioPppoe: '',
      passwordPppoe: '',
      ipCliente: '',
    });
    expect(await screen.findByText('Cliente creado')).toBeInTheDocument();
  });

  it('puts the server’s field errors under their fields and keeps what was typed', async () => {
    const { dialog, onClose } = setup({
      'POST /api/contratos': {
        status: 400,
        body: {
          error: 'validation',
          message: 'Revisa los datos del contrato',
          details: { Telefono: ['Ya hay un cliente con este teléfono'], mac: ['La MAC ya está asignada'] },
        },
      },
    });
    await fillRequired(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear cliente' }));
    await waitFor(() =>
      expect(field(dialog, /Teléfono/)).toHaveAccessibleDescription('Ya hay un cliente con este teléfono'),
    );
    expect(field(dialog, /MAC/)).toHaveAccessibleDescription('La MAC ya está asignada');
    expect(field(dialog, /Nombre completo/)).toHaveValue('Beto Ruiz');
    expect(field(dialog, /Teléfono/)).toHaveValue('771 123 4567');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('level 16 sees the router read-only and never asks for the router list (level 20)', async () => {
    const { dialog, server } = setup({}, 16);
    const router = field(dialog, /^Router/);
    expect(router).toBeDisabled();
    expect(router).toHaveValue('Sin router');
    expect(server.of('GET /api/MikrotikRouters')).toHaveLength(0);
  });

  it('refuses an IP that is not IPv4 with the domain message', async () => {
    const { dialog, server } = setup();
    await fillRequired(dialog);
    await userEvent.type(field(dialog, /IP del cliente/), '10.0.0.300');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear cliente' }));
    expect(await within(dialog).findByText(IPV4_INVALID_MESSAGE)).toBeInTheDocument();
    expect(server.of('POST /api/contratos')).toHaveLength(0);
  });

  it('the agenda date is a date and a 24 h time whatever the browser locale, sent as the business instant', async () => {
    const created = makeContract({ id: 33, nombre: 'Beto Ruiz', no: 0 });
    const { dialog, server, onSaved } = setup({ 'POST /api/contratos': { status: 201, body: created } });
    await fillRequired(dialog);
    // Not <input type="datetime-local"> (a.m./p.m. in an English browser).
    expect(dialog.querySelector('input[type="datetime-local"]')).toBeNull();
    const day = field(dialog, /Fecha de instalación \(agenda\)/);
    expect(day).toHaveAttribute('type', 'date');
    fireEvent.change(day, { target: { value: '2026-06-15' } });
    // A day without its time is refused with the domain's message.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear cliente' }));
    expect(await within(dialog).findByText('La fecha de agenda no es válida')).toBeInTheDocument();
    expect(server.of('POST /api/contratos')).toHaveLength(0);
    const time = within(dialog).getByRole('textbox', { name: /^Hora/ });
    await userEvent.type(time, '18:30');
    expect(time).toHaveValue('18:30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear cliente' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created));
    // 18:30 in Mexico City (UTC-6), the tests' business zone.
    const sent = server.of('POST /api/contratos')[0]!.body as { fechaAgenda: string };
    expect(new Date(sent.fechaAgenda).toISOString()).toBe('2026-06-16T00:30:00.000Z');
  });

  it('level 20 chooses the router and sends it with the PPPoE user and the IP', async () => {
    const created = makeContract({ id: 32, nombre: 'Beto Ruiz', no: 0 });
    const { dialog, server, onSaved } = setup(
      {
        'GET /api/MikrotikRouters': { body: [makeRouter(3, 'RB-Centro'), makeRouter(5, 'RB-Norte')] },
        'POST /api/contratos': { status: 201, body: created },
      },
      20,
    );
    await fillRequired(dialog);
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Router/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'RB-Norte' }));
    await userEvent.type(field(dialog, /Usuario PPPoE/), 'beto.ruiz');
    await userEvent.type(field(dialog, /IP del cliente/), '10.20.0.15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear cliente' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created));
    expect(server.of('POST /api/contratos')[0]!.body).toMatchObject({
      idRouter: 5,
      usuarioPppoe: 'beto.ruiz',
      ipCliente: '10.20.0.15',
    });
  });
});

function makeRouter(id: number, hostname: string) {
  return {
    id,
    siteId: 1,
    host: `10.0.0.${id}`,
    port: 8728,
    tls: false,
    username: 'admin',
    tienePassword: true,
    listaSuspension: 'airlink-cortados',
    interfazTrafico: 'ether1',
    database: '',
    table: '',
    column: '',
    value: '',
    hostname,
    ip: `10.0.0.${id}`,
    latitude: null,
    longitude: null,
    additionalInfo: '',
    additionalInfo2: '',
    additionalInfo3: '',
    activo: true,
    modoAprovisionamiento: 'ninguno',
    contratos: 0,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  };
}
