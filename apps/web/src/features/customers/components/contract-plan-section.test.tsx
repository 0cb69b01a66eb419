import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockReply } from '../../../lib/testing/fetch-mock';
import { makeUser, signIn } from '../../../lib/testing/fixtures';
import { PLANS } from '../../../lib/testing/plan-fixtures';
import { renderWithProviders } from '../../../lib/testing/render';
import { makeContract } from '../customer-fixtures';
import { ContractFormDialog } from './contract-form-dialog';
import { routerOutcome } from './contract-plan-section';

afterEach(() => vi.unstubAllGlobals());

const routed = makeContract({ idRouter: 3, usuarioPppoe: 'ana', ipCliente: '10.20.0.15', estadoRed: 'aplicado' });

function open(routes: Record<string, MockReply> = {}) {
  const api = mockFetch({ 'GET /api/usuarios': { body: [makeUser(16)] }, ...routes });
  signIn(16);
  renderWithProviders(<ContractFormDialog contract={routed} onClose={() => {}} />);
  return { api, dialog: screen.getByRole('dialog', { name: 'Editar datos del contrato' }) };
}

const planSelect = (dialog: HTMLElement) => within(dialog).getByRole('combobox', { name: /Tipo de servicio/ });

describe("the contract form's plan select", () => {
  it("offers the plans of GET /api/planes with their speeds, and a plan sets the plan's own monthly amount", async () => {
    const { dialog } = open({
      'GET /api/planes': { body: PLANS.map((p) => (p.id === 2 ? { ...p, monto: 550 } : p)) },
    });
    await userEvent.click(planSelect(dialog));
    expect(
      await screen.findByRole('option', { name: 'Residencial hasta 3 Mbps · 3 / 1 Mbps · $300 al mes' }),
    ).toBeVisible();
    expect(screen.getByRole('option', { name: 'Extremo simétrico · 20 / 20 Mbps · $2,300 al mes' })).toBeVisible();
    await userEvent.click(screen.getByRole('option', { name: /^Oficina hasta 6 Mbps · 6 \/ 2 Mbps/ }));
    // The plan's amount (edited in Administración), not the spec's $500.
    expect(within(dialog).getByLabelText(/Mensualidad/)).toHaveValue('550.00');
  });

  it('falls back to the service types, without speeds, when the plans cannot be read', async () => {
    const { dialog } = open({ 'GET /api/planes': { status: 500, body: { error: 'internal', message: 'Error' } } });
    expect(await within(dialog).findByText('No se pudieron cargar las velocidades de los planes')).toBeInTheDocument();
    await userEvent.click(planSelect(dialog));
    expect(screen.getByRole('option', { name: 'Oficina hasta 6 Mbps · $500 al mes' })).toBeVisible();
  });
});

describe('the PPPoE password', () => {
  it('is never shown, says whether one is stored, and is sent only as typed', async () => {
    const { api, dialog } = open({
      'GET /api/planes': { body: PLANS },
      'PUT /api/contratos/7': { body: { ...routed, version: 4 } },
    });
    const password = within(dialog).getByLabelText('Contraseña PPPoE');
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('type', 'password');
    expect(within(dialog).getByText('Vacía: AirLink genera una al crear el usuario en el router.')).toBeInTheDocument();
    await userEvent.type(password, 's3creta');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.of('PUT /api/contratos/7')).toHaveLength(1));
    expect(api.of('PUT /api/contratos/7')[0]!.body).toMatchObject({ usuarioPppoe: 'ana', passwordPppoe: 's3creta' });
  });
});

describe("the router's outcome after saving a contract", () => {
  it("says pending while the router has not confirmed, never 'done'", async () => {
    const { api, dialog } = open({
      'GET /api/planes': { body: PLANS },
      'PUT /api/contratos/7': { body: { ...routed, estadoRed: 'pendiente', version: 4 } },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.of('PUT /api/contratos/7')).toHaveLength(1));
    expect(
      await screen.findByText(
        'El router aún no confirma el cambio; se reintenta solo y el panel muestra el resultado.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('El router ya tiene los datos del contrato.')).not.toBeInTheDocument();
  });

  it("words every state: done only when the router confirmed, the router's reason on error, nothing without a router", () => {
    expect(routerOutcome({ idRouter: 3, estadoRed: 'aplicado', estadoRedMensaje: null })).toEqual({
      message: 'El router ya tiene los datos del contrato.',
      variant: 'success',
    });
    expect(
      routerOutcome({
        idRouter: 3,
        estadoRed: 'error',
        estadoRedMensaje: 'El perfil airlink-1 no existe en el router.',
      }),
    ).toEqual({
      message: 'El router no aplicó el cambio: El perfil airlink-1 no existe en el router. Se reintentará.',
      variant: 'warning',
    });
    expect(routerOutcome({ idRouter: null, estadoRed: null, estadoRedMensaje: null })).toBeNull();
  });
});
