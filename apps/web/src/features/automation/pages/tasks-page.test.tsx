import type { Task } from '@airlink/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { TasksPage } from './tasks-page';

const TASKS: Task[] = [
  {
    nombre: 'cortes-programados',
    cadaSegundos: 60,
    siguiente: '2026-11-24T19:01:00.000Z',
    ultima: { estado: 'done', terminada: '2026-11-24T19:00:00.000Z', error: null, resultado: null },
    fallas: 0,
    enCurso: false,
  },
  {
    nombre: 'network.poll',
    cadaSegundos: 300,
    siguiente: '2026-11-24T19:05:00.000Z',
    ultima: {
      estado: 'failed',
      terminada: '2026-11-24T19:00:00.000Z',
      error: 'Router 2 sin respuesta',
      resultado: null,
    },
    fallas: 3,
    enCurso: false,
  },
  {
    nombre: 'recordatorios-pago',
    cadaSegundos: 300,
    siguiente: '2026-11-25T03:05:00.000Z',
    ultima: {
      estado: 'done',
      terminada: '2026-11-25T03:00:00.000Z',
      error: null,
      resultado: '2 en cola nuevos, 0 enviados. Fuera de horario (09:00 a 20:00): se enviarán en horario.',
    },
    fallas: 0,
    enCurso: false,
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('Tareas page', () => {
  it('lists each schedule in Spanish with its state, next run, failures, and the last failure', async () => {
    mockFetch({ 'GET /api/tareas': { body: TASKS } });
    renderWithProviders(<TasksPage />);
    const grid = await screen.findByRole('grid', { name: 'Tareas programadas' });
    expect(await within(grid).findByText('Cortes programados')).toBeInTheDocument();
    expect(within(grid).getByText('cortes-programados · Cada minuto')).toBeInTheDocument();
    expect(within(grid).getByText('network.poll · Cada 5 min')).toBeInTheDocument();
    expect(within(grid).getAllByText('Correcta')).toHaveLength(2);
    // A run that sent nothing says why.
    expect(
      within(grid).getByText('2 en cola nuevos, 0 enviados. Fuera de horario (09:00 a 20:00): se enviarán en horario.'),
    ).toBeInTheDocument();
    expect(within(grid).getByText('Falló')).toBeInTheDocument();
    expect(within(grid).getByText('3')).toBeInTheDocument();
    expect(screen.getByText('Lectura de radios y routers falló: Router 2 sin respuesta')).toBeInTheDocument();
  });

  it("'Ejecutar ahora' queues a run; 409 job_running is a clear message", async () => {
    let queued = 0;
    const api = mockFetch({
      'GET /api/tareas': { body: TASKS },
      'POST /api/tareas/cortes-programados/ejecutar': () =>
        queued++ === 0
          ? { status: 202 }
          : {
              status: 409,
              body: {
                error: 'job_running',
                message: 'La tarea ya está en cola o ejecutándose; espera a que termine.',
              },
            },
    });
    renderWithProviders(<TasksPage />);
    const grid = await screen.findByRole('grid', { name: 'Tareas programadas' });
    await within(grid).findByText('Cortes programados');
    const [first] = within(grid).getAllByRole('button', { name: 'Ejecutar ahora' });
    await userEvent.click(first!);
    await waitFor(() => expect(api.of('POST /api/tareas/cortes-programados/ejecutar')).toHaveLength(1));
    expect(screen.queryByRole('alert', { name: /espera/ })).toBeNull();
    await userEvent.click(first!);
    expect(
      await screen.findByText('La tarea ya está en cola o ejecutándose; espera a que termine.'),
    ).toBeInTheDocument();
  });
});
