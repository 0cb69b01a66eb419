import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { PLANS } from '../../../lib/testing/plan-fixtures';
import { renderWithProviders } from '../../../lib/testing/render';
import { AdministrationPage } from '../pages/administration-page';

afterEach(() => vi.unstubAllGlobals());

function server() {
  return mockFetch({
    'GET /api/planes': { body: PLANS },
    'PUT /api/planes/4': (call) => ({ body: { id: 4, ...(call.body as object) } }),
  });
}

async function openExtremo() {
  renderWithProviders(<AdministrationPage />, { path: '/dashboard/administracion?tab=planes' });
  const list = await screen.findByRole('list', { name: 'Planes' });
  const row = within(list).getByText('Extremo hasta 20 Mbps').closest('li')!;
  expect(within(row).getByText('20 / 5 Mbps')).toBeInTheDocument();
  expect(within(row).getByText('Ráfaga 30 / 8 Mbps · umbral 15 / 4 Mbps · 16 s')).toBeInTheDocument();
  await userEvent.click(within(row).getByRole('button', { name: 'Editar Extremo hasta 20 Mbps' }));
  return screen.findByRole('dialog', { name: 'Editar plan Extremo hasta 20 Mbps' });
}

describe('Administración › Planes', () => {
  it('lists every plan with its amount, its speeds download first and its burst', async () => {
    server();
    renderWithProviders(<AdministrationPage />, { path: '/dashboard/administracion?tab=planes' });
    const list = await screen.findByRole('list', { name: 'Planes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(8);
    const residencial = within(list).getByText('Residencial hasta 3 Mbps').closest('li')!;
    expect(within(residencial).getByText('3 / 1 Mbps')).toBeInTheDocument();
    expect(within(residencial).getByText('Sin ráfaga')).toBeInTheDocument();
    expect(within(residencial).getByText('$300.00')).toBeInTheDocument();
  });

  it('speeds out of 0.064–10,000 Mbps or not numbers get Spanish messages and nothing is sent', async () => {
    const api = server();
    const dialog = await openExtremo();
    const bajada = within(dialog).getByRole('textbox', { name: 'Bajada' });
    await userEvent.clear(bajada);
    await userEvent.type(bajada, '0.01');
    const subida = within(dialog).getByRole('textbox', { name: 'Subida' });
    await userEvent.clear(subida);
    await userEvent.type(subida, 'rápido');
    const rafaga = within(dialog).getByRole('textbox', { name: 'Ráfaga de bajada' });
    await userEvent.clear(rafaga);
    await userEvent.type(rafaga, '10001');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Segundos' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await within(dialog).findByText('La bajada va de 0.064 a 10,000 Mbps')).toBeInTheDocument();
    expect(within(dialog).getByText('La subida debe ser un número')).toBeInTheDocument();
    expect(within(dialog).getByText('La ráfaga de bajada va de 0.064 a 10,000 Mbps')).toBeInTheDocument();
    expect(within(dialog).getByText('Los segundos de ráfaga deben ser un número')).toBeInTheDocument();
    expect(api.of('PUT /api/planes/4')).toHaveLength(0);
  });

  it('saves the speeds as numbers, and the burst as null once switched off', async () => {
    const api = server();
    const dialog = await openExtremo();
    const bajada = within(dialog).getByRole('textbox', { name: 'Bajada' });
    await userEvent.clear(bajada);
    await userEvent.type(bajada, '25.5');
    await userEvent.click(within(dialog).getByLabelText('Ráfaga (burst)'));
    expect(within(dialog).queryByRole('textbox', { name: 'Segundos' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.of('PUT /api/planes/4')).toHaveLength(1));
    expect(api.of('PUT /api/planes/4')[0]!.body).toEqual({
      nombre: 'Extremo hasta 20 Mbps',
      monto: 1200,
      bajadaMbps: 25.5,
      subidaMbps: 5,
      rafaga: null,
    });
    expect(await screen.findByText('Plan Extremo hasta 20 Mbps guardado')).toBeInTheDocument();
  });

  it("puts the server's Spanish reasons under the burst fields", async () => {
    mockFetch({
      'GET /api/planes': { body: PLANS },
      'PUT /api/planes/4': {
        status: 400,
        body: {
          error: 'bad_request',
          message: 'Revisa los datos del plan.',
          details: { 'rafaga.umbralBajadaMbps': ['El umbral de bajada debe ser menor que la ráfaga'] },
        },
      },
    });
    const dialog = await openExtremo();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('El umbral de bajada debe ser menor que la ráfaga')).toBeInTheDocument();
  });
});
