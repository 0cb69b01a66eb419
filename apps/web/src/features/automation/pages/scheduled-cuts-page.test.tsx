import type { AutomationRun, AutomationRunDetail, CutPreview, NoCutMarkItem } from '@airlink/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockReply } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { ScheduledCutsPage } from './scheduled-cuts-page';

const SETTINGS = { activo: false, hora: '10:00', modo: 'aprobacion', limitePorcentaje: 10 };
const PREVIEW: CutPreview = {
  fecha: '2026-11-25',
  contratos: [
    {
      idContrato: 7,
      no: 107,
      nombre: 'Ana López',
      comunidad: 'Tizayuca',
      pagadoHasta: '2026-10-20',
      fechaCorte: '2026-10-23',
      diasRetraso: 35,
      adeudo: 700,
    },
  ],
  activos: 40,
  requiereConfirmacion: false,
  aprobada: false,
  diaHabil: true,
  noHabil: null,
  hoy: '2026-11-24',
};
const RUN: AutomationRun = {
  id: 3,
  fecha: '2026-11-24',
  estado: 'terminada',
  modo: 'aprobacion',
  confirmada: false,
  aprobadaPor: 'Admin Demo',
  iniciada: '2026-11-24T16:00:00.000Z',
  terminada: '2026-11-24T16:00:05.000Z',
  deshechaPor: null,
  mensaje: null,
  cortados: 1,
  errores: 1,
  omitidos: 0,
  total: 2,
  procesados: 2,
  enRouter: 1,
};
const DETAIL: AutomationRunDetail = {
  ...RUN,
  resultados: [
    { idContrato: 7, nombre: 'Ana López', resultado: 'cortado', mensaje: null, diasRetraso: 35, adeudo: 700 },
    {
      idContrato: 8,
      nombre: 'Beto Ruiz',
      resultado: 'error',
      mensaje: 'El router no respondió: tiempo agotado',
      diasRetraso: 12,
      adeudo: 350,
    },
  ],
};
const MARK: NoCutMarkItem = {
  idContrato: 9,
  nombre: 'Carla Pérez',
  motivo: 'Promesa de pago',
  hasta: '2026-12-01',
  creadoPor: 'Admin Demo',
};

afterEach(() => vi.unstubAllGlobals());

function mockPage(extra: Record<string, MockReply> = {}) {
  return mockFetch({
    'GET /api/cortes-programados/configuracion': { body: SETTINGS },
    'GET /api/cortes-programados/vista-previa': { body: PREVIEW },
    'GET /api/cortes-programados/ejecuciones': { body: [RUN] },
    'GET /api/cortes-programados/ejecuciones/3': { body: DETAIL },
    'GET /api/cortes-programados/no-cortar': { body: [MARK] },
    ...extra,
  });
}

describe('Cortes programados page', () => {
  it("shows the next run day's list with days late, money owed and cut-off date", async () => {
    mockPage();
    renderWithProviders(<ScheduledCutsPage />);
    expect(await screen.findByRole('heading', { name: 'Lista del 25/11/2026' })).toBeInTheDocument();
    const table = screen.getByRole('grid', { name: 'Contratos por cortar' });
    expect(await within(table).findByText('Ana López')).toBeInTheDocument();
    expect(within(table).getByText('$700.00')).toBeInTheDocument();
    expect(within(table).getByText('23/10/2026')).toBeInTheDocument();
    expect(within(table).getByText('35')).toBeInTheDocument();
    expect(screen.getByText('1 de 40 contratos activos')).toBeInTheDocument();
  });

  it('saves the schedule; a share limit out of range is refused before sending', async () => {
    const api = mockPage({
      'PUT /api/cortes-programados/configuracion': ({ body }) => ({ body }),
    });
    renderWithProviders(<ScheduledCutsPage />);
    const form = await screen.findByRole('form', { name: 'Programa de cortes' });
    const limit = within(form).getByLabelText(/Límite por ejecución/);
    await userEvent.clear(limit);
    await userEvent.type(limit, '150');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText('El límite es un porcentaje de 1 a 100')).toBeInTheDocument();
    expect(api.of('PUT /api/cortes-programados/configuracion')).toHaveLength(0);

    await userEvent.clear(limit);
    await userEvent.type(limit, '15');
    await userEvent.click(within(form).getByLabelText('Programa activo'));
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.of('PUT /api/cortes-programados/configuracion')).toHaveLength(1));
    expect(api.of('PUT /api/cortes-programados/configuracion')[0]!.body).toEqual({
      activo: true,
      hora: '10:00',
      modo: 'aprobacion',
      limitePorcentaje: 15,
    });
  });

  it("'Aprobar' asks, then the share guard asks again and the approval is sent with confirmar", async () => {
    const api = mockPage({
      'POST /api/cortes-programados/aprobaciones': ({ body }) =>
        (body as { confirmar: boolean }).confirmar
          ? { status: 201, body: { ...RUN, id: 4, fecha: '2026-11-25', estado: 'aprobada' } }
          : {
              status: 409,
              body: {
                error: 'confirmation_required',
                message: 'Se cortarían 9 de 40 contratos activos, más del 10 %. Confirma para continuar.',
              },
            },
    });
    renderWithProviders(<ScheduledCutsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Aprobar' }));
    const ask = await screen.findByRole('dialog', { name: 'Aprobar lista de cortes' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Aprobar' }));
    const guard = await screen.findByRole('dialog', { name: 'Confirmar corte masivo' });
    expect(within(guard).getByText(/Se cortarían 9 de 40 contratos activos/)).toBeInTheDocument();
    await userEvent.click(within(guard).getByRole('button', { name: 'Sí, cortar' }));
    await waitFor(() => expect(api.of('POST /api/cortes-programados/aprobaciones')).toHaveLength(2));
    expect(api.of('POST /api/cortes-programados/aprobaciones').map((c) => c.body)).toEqual([
      { fecha: '2026-11-25', confirmar: false },
      { fecha: '2026-11-25', confirmar: true },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirmar corte masivo' })).toBeNull());
  });

  it("'Ejecutar ahora' on a holiday shows the server's reason in Spanish", async () => {
    mockPage({
      'POST /api/cortes-programados/ejecuciones': {
        status: 409,
        body: { error: 'not_run_day', message: 'Hoy no es día hábil: no se corta.' },
      },
    });
    renderWithProviders(<ScheduledCutsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ejecutar ahora' }));
    const ask = await screen.findByRole('dialog', { name: 'Ejecutar cortes ahora' });
    await userEvent.click(await within(ask).findByRole('button', { name: 'Cortar 1' }));
    expect(await screen.findByText('Hoy no es día hábil: no se corta.')).toBeInTheDocument();
  });

  it("'Ejecutar ahora' confirms with today's count and list, then shows the run's progress until it ends", async () => {
    const today: CutPreview = {
      ...PREVIEW,
      fecha: '2026-11-24',
      contratos: [
        PREVIEW.contratos[0]!,
        { ...PREVIEW.contratos[0]!, idContrato: 8, no: 108, nombre: 'Beto Ruiz', diasRetraso: 12, adeudo: 350 },
        { ...PREVIEW.contratos[0]!, idContrato: 9, no: 109, nombre: 'Carla Pérez', diasRetraso: 1, adeudo: 350 },
      ],
    };
    const live: AutomationRun = {
      ...RUN,
      id: 5,
      estado: 'en_curso',
      terminada: null,
      total: 3,
      procesados: 1,
      enRouter: 1,
    };
    const api = mockPage({
      'GET /api/cortes-programados/vista-previa': ({ query }) => ({
        body: query.get('fecha') === '2026-11-24' ? today : PREVIEW,
      }),
      'GET /api/cortes-programados/ejecuciones': { body: [live, RUN] },
    });
    // The run's answer comes when it ends: held here until the progress has been seen.
    let finish!: () => void;
    const answered = new Promise<void>((resolve) => (finish = resolve));
    const mocked = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (String(input).endsWith('/api/cortes-programados/ejecuciones') && init.method === 'POST') {
        await answered;
        return new Response(JSON.stringify({ ...DETAIL, id: 5, fecha: '2026-11-24' }), {
          status: 201,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      return mocked(input, init);
    });
    renderWithProviders(<ScheduledCutsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ejecutar ahora' }));
    const ask = await screen.findByRole('dialog', { name: 'Ejecutar cortes ahora' });
    expect(
      await within(ask).findByText(/Se cortarán 3 contratos de hoy \(24\/11\/2026\) en este momento/),
    ).toBeInTheDocument();
    const list = within(ask).getByRole('list', { name: 'Contratos que se cortarán' });
    expect(within(list).getByText('107 · Ana López')).toBeInTheDocument();
    expect(within(list).getByText('109 · Carla Pérez')).toBeInTheDocument();
    expect(api.of('GET /api/cortes-programados/vista-previa').some((c) => c.query.get('fecha') === '2026-11-24')).toBe(
      true,
    );
    await userEvent.click(within(ask).getByRole('button', { name: 'Cortar 3' }));
    expect(await within(ask).findByText('Procesados 1 de 3 · 1 cortado en el router')).toBeInTheDocument();
    expect(within(ask).getByRole('progressbar', { name: 'Avance de la ejecución' })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );
    finish();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ejecutar cortes ahora' })).toBeNull());
  });

  it('a weekend or holiday says it is no business day: no list, and nothing to run today', async () => {
    const saturday: CutPreview = {
      ...PREVIEW,
      fecha: '2026-11-28',
      diaHabil: false,
      noHabil: 'No es día hábil (no se trabaja ese día de la semana): no se corta a nadie ese día.',
      contratos: [],
      hoy: '2026-11-28',
    };
    mockPage({
      'GET /api/cortes-programados/vista-previa': ({ query }) => ({ body: query.get('fecha') ? saturday : PREVIEW }),
    });
    renderWithProviders(<ScheduledCutsPage />);
    const field = await screen.findByLabelText('Fecha de la lista');
    await waitFor(() => expect(field).toHaveValue('2026-11-25'));
    // A date input takes its value whole (as the browser's picker gives it).
    fireEvent.change(field, { target: { value: '2026-11-28' } });
    expect(
      await screen.findByText(
        '28/11/2026: No es día hábil (no se trabaja ese día de la semana): no se corta a nadie ese día.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('grid', { name: 'Contratos por cortar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Aprobar' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Ejecutar ahora' }));
    const ask = await screen.findByRole('dialog', { name: 'Ejecutar cortes ahora' });
    expect(await within(ask).findByText(/Hoy, 28\/11\/2026: No es día hábil/)).toBeInTheDocument();
    expect(within(ask).getByRole('button', { name: 'Ejecutar' })).toBeDisabled();
  });

  it("a run's results show each contract with the router's reason, and 'Deshacer' asks before undoing", async () => {
    const undone: AutomationRunDetail = {
      ...DETAIL,
      estado: 'deshecha',
      deshechaPor: 'Admin Demo',
      resultados: [{ ...DETAIL.resultados[0]!, resultado: 'reconectado' }, DETAIL.resultados[1]!],
    };
    let current = DETAIL;
    const api = mockPage({
      'GET /api/cortes-programados/ejecuciones/3': () => ({ body: current }),
      'POST /api/cortes-programados/ejecuciones/3/deshacer': () => {
        current = undone;
        return { body: undone };
      },
    });
    renderWithProviders(<ScheduledCutsPage />);
    const runs = await screen.findByRole('grid', { name: 'Ejecuciones' });
    await userEvent.click(await within(runs).findByText('1 cortado, 1 con error'));
    const dialog = await screen.findByRole('dialog', { name: 'Ejecución del 24/11/2026' });
    expect(await within(dialog).findByText('El router no respondió: tiempo agotado')).toBeInTheDocument();
    expect(within(dialog).getByText('Cortado')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deshacer' }));
    const ask = await screen.findByRole('dialog', { name: 'Deshacer ejecución' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Deshacer' }));
    await waitFor(() => expect(api.of('POST /api/cortes-programados/ejecuciones/3/deshacer')).toHaveLength(1));
    expect(await within(dialog).findByText('Reconectado')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Deshacer' })).toBeNull();
  });

  it("an approved run that has not started offers 'Cancelar aprobación', asked before it is sent", async () => {
    const approved: AutomationRunDetail = {
      ...DETAIL,
      estado: 'aprobada',
      iniciada: null,
      terminada: null,
      cortados: 0,
      errores: 0,
      resultados: [],
    };
    let current = approved;
    const api = mockPage({
      'GET /api/cortes-programados/ejecuciones': () => ({ body: [current] }),
      'GET /api/cortes-programados/ejecuciones/3': () => ({ body: current }),
      'POST /api/cortes-programados/ejecuciones/3/cancelar': () => {
        current = { ...approved, estado: 'cancelada' };
        return { body: current };
      },
    });
    renderWithProviders(<ScheduledCutsPage />);
    const runs = await screen.findByRole('grid', { name: 'Ejecuciones' });
    await userEvent.click(await within(runs).findByText('Aprobada'));
    const dialog = await screen.findByRole('dialog', { name: 'Ejecución del 24/11/2026' });
    expect(within(dialog).queryByRole('button', { name: 'Deshacer' })).toBeNull();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Cancelar aprobación' }));
    const ask = await screen.findByRole('dialog', { name: 'Cancelar aprobación' });
    expect(api.of('POST /api/cortes-programados/ejecuciones/3/cancelar')).toHaveLength(0);
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancelar aprobación' }));
    await waitFor(() => expect(api.of('POST /api/cortes-programados/ejecuciones/3/cancelar')).toHaveLength(1));
    expect(await within(dialog).findByText('Cancelada')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cancelar aprobación' })).toBeNull();
  });

  it("'No cortar' lists the marks and removes one after confirming", async () => {
    const api = mockPage({ 'DELETE /api/cortes-programados/no-cortar/9': { status: 204 } });
    renderWithProviders(<ScheduledCutsPage />);
    const marks = await screen.findByRole('grid', { name: 'Contratos que no se cortan' });
    expect(await within(marks).findByText('Promesa de pago')).toBeInTheDocument();
    expect(within(marks).getByText('01/12/2026')).toBeInTheDocument();
    await userEvent.click(within(marks).getByRole('button', { name: 'Quitar' }));
    const ask = await screen.findByRole('dialog', { name: "Quitar 'no cortar'" });
    await userEvent.click(within(ask).getByRole('button', { name: 'Quitar' }));
    await waitFor(() => expect(api.of('DELETE /api/cortes-programados/no-cortar/9')).toHaveLength(1));
    await waitFor(() => expect(within(marks).queryByText('Promesa de pago')).toBeNull());
  });

  it("editing a mark sends the domain's payload; an empty reason is refused in Spanish", async () => {
    const api = mockPage({
      'PUT /api/cortes-programados/no-cortar/9': ({ body }) => ({ body: [{ ...MARK, ...(body as object) }] }),
    });
    renderWithProviders(<ScheduledCutsPage />);
    const marks = await screen.findByRole('grid', { name: 'Contratos que no se cortan' });
    await within(marks).findByText('Promesa de pago');
    await userEvent.click(within(marks).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'No cortar: Carla Pérez' });
    const reason = within(dialog).getByLabelText(/Motivo/);
    await userEvent.clear(reason);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText("Escribe el motivo de 'no cortar'")).toBeInTheDocument();
    await userEvent.type(reason, 'Paga el viernes');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.of('PUT /api/cortes-programados/no-cortar/9')).toHaveLength(1));
    expect(api.of('PUT /api/cortes-programados/no-cortar/9')[0]!.body).toEqual({
      motivo: 'Paga el viernes',
      hasta: '2026-12-01',
    });
  });
});
