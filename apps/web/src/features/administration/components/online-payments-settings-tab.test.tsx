import type { OnlinePaymentSettings } from '@airlink/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { AdministrationPage } from '../pages/administration-page';

afterEach(() => vi.unstubAllGlobals());

const settings = (over: Partial<OnlinePaymentSettings> = {}): OnlinePaymentSettings => ({
  activo: false,
  publicKey: '',
  accessTokenGuardado: false,
  webhookSecretGuardado: false,
  accessTokenDelEntorno: false,
  webhookSecretDelEntorno: false,
  urlPortal: '',
  ...over,
});

const PATH = '/api/pagos-en-linea/configuracion';
const open = () =>
  renderWithProviders(<AdministrationPage />, { path: '/dashboard/administracion?tab=pagos-en-linea' });

describe('Administración › Pagos en línea', () => {
  it("secrets are write-only: 'Configurado', never the value; blank keeps them, typed ones are sent once", async () => {
    const api = mockFetch({
      [`GET ${PATH}`]: { body: settings({ activo: true, publicKey: 'APP_USR-pub', accessTokenGuardado: true }) },
      [`PUT ${PATH}`]: (call) => ({
        body: settings({ ...(call.body as object), accessTokenGuardado: true, webhookSecretGuardado: true }),
      }),
    });
    open();
    expect(await screen.findByLabelText('Clave pública (public key)')).toHaveValue('APP_USR-pub');
    expect(screen.getByText('Configurado')).toBeInTheDocument();
    expect(screen.getByText('Sin configurar')).toBeInTheDocument();
    expect(screen.getByLabelText('Nuevo access token')).toHaveValue('');
    expect(screen.getByLabelText('Nuevo access token')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('switch', { name: 'Pago en línea activo en el portal' })).toBeChecked();

    await userEvent.type(screen.getByLabelText('Secreto del webhook'), 'whsec-1');
    await userEvent.type(screen.getByLabelText('Dirección del portal de clientes'), 'https://pagos.airlink.mx/portal');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Pagos en línea guardados')).toBeInTheDocument();
    const sent = api.of(`PUT ${PATH}`)[0]!.body as Record<string, unknown>;
    expect(sent).toEqual({
      activo: true,
      publicKey: 'APP_USR-pub',
      webhookSecret: 'whsec-1',
      urlPortal: 'https://pagos.airlink.mx/portal',
    });
    await waitFor(() => expect(screen.getAllByText('Configurado')).toHaveLength(2));
    expect(screen.getByLabelText('Nuevo secreto del webhook')).toHaveValue('');
  });

  it('says when the environment sets a secret, and checks the portal address', async () => {
    const api = mockFetch({ [`GET ${PATH}`]: { body: settings({ accessTokenDelEntorno: true }) } });
    open();
    expect(await screen.findByText('Definido en el entorno (MERCADOPAGO_ACCESS_TOKEN)')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Dirección del portal de clientes'), 'pagos.airlink.mx');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Escribe una dirección que empiece con http:// o https://')).toBeInTheDocument();
    expect(api.of(`PUT ${PATH}`)).toHaveLength(0);
  });
});
