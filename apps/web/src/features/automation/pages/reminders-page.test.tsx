import type { Paged, ReminderItem } from '@airlink/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockReply } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { company } from '../../company/testing/company-fixtures';
import { RemindersPage } from './reminders-page';

const SETTINGS = {
  activo: false,
  diasAntes: 3,
  plantilla: 'Hola {nombre}, vence el {vence}.',
  datosCuenta: 'BBVA 0123',
  instancia: 'Cobranza',
};
const INSTANCES = [
  {
    id: 1,
    department: 'Cobranza',
    phone: '5217797961002',
    instanceName: 'Cobranza',
    baseUrl: 'http://evo',
    hasKey: true,
    webhookSet: true,
    state: 'open',
    stateAt: null,
  },
];
const ITEM: ReminderItem = {
  id: 5,
  idContrato: 7,
  no: 107,
  nombre: 'Ana López',
  telefono: '527715550101',
  periodo: '2026-11-20',
  fechaCorte: '2026-11-25',
  estado: 'pendiente',
  intentos: 1,
  error: 'La instancia Cobranza no está conectada',
  creado: '2026-11-23T16:00:00.000Z',
  enviado: null,
};
const PAGE: Paged<ReminderItem> = { items: [ITEM], total: 1 };

afterEach(() => vi.unstubAllGlobals());

function mockPage(extra: Record<string, MockReply> = {}) {
  return mockFetch({
    'GET /api/recordatorios/configuracion': { body: SETTINGS },
    'GET /api/whatsapp/instances': { body: INSTANCES },
    'POST /api/recordatorios/vista-previa': ({ body }) => ({
      body: { texto: (body as { plantilla: string }).plantilla.replace('{nombre}', 'María López Hernández') },
    }),
    'GET /api/recordatorios': { body: PAGE },
    'GET /api/empresa': { body: company },
    ...extra,
  });
}

describe('Recordatorios de pago page', () => {
  it("fills {cuenta} from one of the company's bank accounts and saves it", async () => {
    const api = mockPage({ 'PUT /api/recordatorios/configuracion': ({ body }) => ({ body }) });
    renderWithProviders(<RemindersPage />);
    const form = await screen.findByRole('form', { name: 'Recordatorios de pago' });
    await userEvent.click(
      await within(form).findByRole('button', {
        name: 'Usar Banamex, CLABE 002290700000000000, a nombre de AirLink Telecomunicaciones',
      }),
    );
    expect(within(form).getByLabelText(/Datos de la cuenta/)).toHaveValue(
      'Banamex, CLABE 002290700000000000, a nombre de AirLink Telecomunicaciones',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.of('PUT /api/recordatorios/configuracion')).toHaveLength(1));
    expect(api.of('PUT /api/recordatorios/configuracion')[0]!.body).toMatchObject({
      datosCuenta: 'Banamex, CLABE 002290700000000000, a nombre de AirLink Telecomunicaciones',
    });
  });

  it('lists the queue with its state and the last error', async () => {
    mockPage();
    renderWithProviders(<RemindersPage />);
    const table = await screen.findByRole('grid', { name: 'Recordatorios' });
    expect(await within(table).findByText('107 · Ana López')).toBeInTheDocument();
    expect(within(table).getByText('En cola')).toBeInTheDocument();
    expect(within(table).getByText('La instancia Cobranza no está conectada')).toBeInTheDocument();
  });

  it("the Estado filter (FilterSelect) asks for one state, 'Todos' for every one", async () => {
    const api = mockPage();
    renderWithProviders(<RemindersPage />);
    await screen.findByRole('grid', { name: 'Recordatorios' });
    const asked = () => api.of('GET /api/recordatorios').at(-1)!.query;
    expect(asked().has('estado')).toBe(false);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Estado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Fallido' }));
    await waitFor(() => expect(asked().get('estado')).toBe('fallido'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Estado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Todos' }));
    await waitFor(() => expect(asked().has('estado')).toBe(false));
  });

  it('refuses an unknown placeholder before sending, then saves the settings; the preview follows the text', async () => {
    const api = mockPage({ 'PUT /api/recordatorios/configuracion': ({ body }) => ({ body }) });
    renderWithProviders(<RemindersPage />);
    const form = await screen.findByRole('form', { name: 'Recordatorios de pago' });
    expect(await within(form).findByText('Hola María López Hernández, vence el {vence}.')).toBeInTheDocument();
    const text = within(form).getByLabelText(/Mensaje/);
    await userEvent.clear(text);
    await userEvent.type(text, 'Debe {{saldo}');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText(/Marcador desconocido: \{saldo\}/)).toBeInTheDocument();
    expect(api.of('PUT /api/recordatorios/configuracion')).toHaveLength(0);

    await userEvent.clear(text);
    await userEvent.type(text, 'Hola ');
    await userEvent.click(within(form).getByRole('button', { name: '{nombre}' }));
    await userEvent.click(within(form).getByLabelText('Recordatorios activos'));
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.of('PUT /api/recordatorios/configuracion')).toHaveLength(1));
    expect(api.of('PUT /api/recordatorios/configuracion')[0]!.body).toEqual({
      ...SETTINGS,
      activo: true,
      plantilla: 'Hola {nombre}',
    });
    expect(await within(form).findByText('Hola María López Hernández')).toBeInTheDocument();
  });

  it("offers {portal} (the portal's address of Pagos en línea) among the placeholders and inserts it", async () => {
    mockPage();
    renderWithProviders(<RemindersPage />);
    const form = await screen.findByRole('form', { name: 'Recordatorios de pago' });
    const chip = await within(form).findByRole('button', { name: '{portal}' });
    expect(chip).toHaveAttribute('title', expect.stringMatching(/^Dirección del portal para pagar en línea/));
    await userEvent.click(chip);
    expect(within(form).getByLabelText(/Mensaje/)).toHaveValue('Hola {nombre}, vence el {vence}.{portal}');
  });

  it("'Enviar ahora' says what was sent, and that outside the hours it only queues", async () => {
    mockPage({
      'POST /api/recordatorios/enviar': {
        body: {
          encolados: 2,
          enviados: 0,
          fallidos: 0,
          cancelados: 0,
          fueraDeHorario: true,
          motivo: 'fuera_de_horario',
          error: null,
        },
      },
    });
    renderWithProviders(<RemindersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar ahora' }));
    expect(
      await screen.findByText(
        '2 en cola nuevos, 0 enviados. Fuera de horario (09:00 a 20:00): se enviarán en horario.',
      ),
    ).toBeInTheDocument();
  });
});
