import type { InvoicingSettings } from '@airlink/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { InvoicingSettingsTab } from './invoicing-settings-tab';

afterEach(() => vi.unstubAllGlobals());

const settings = (over: Partial<InvoicingSettings> = {}): InvoicingSettings => ({
  activa: true,
  automatica: true,
  serie: 'F',
  serieGlobal: 'G',
  claveProducto: '81112100',
  claveUnidad: 'E48',
  codigoPostal: '43800',
  llaveConfigurada: true,
  llaveDeEntorno: false,
  ...over,
});
const PATH = '/api/facturacion/ajustes';

describe('Administración › Facturación', () => {
  it('the PAC key is write-only: blank keeps it, a typed one is sent once, never shown', async () => {
    const api = mockFetch({
      [`GET ${PATH}`]: { body: settings() },
      [`PUT ${PATH}`]: (call) => ({ body: settings({ ...(call.body as object) }) }),
    });
    renderWithProviders(<InvoicingSettingsTab />);
    expect(await screen.findByLabelText('Clave de producto (SAT)')).toHaveValue('81112100');
    expect(screen.getByText('Configurada')).toBeInTheDocument();
    expect(screen.getByLabelText('Nueva llave secreta')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Nueva llave secreta')).toHaveValue('');

    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Facturación guardada')).toBeInTheDocument();
    expect(api.of(`PUT ${PATH}`)[0]!.body).not.toHaveProperty('llave');

    await userEvent.type(screen.getByLabelText('Nueva llave secreta'), 'sk_live_123');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.of(`PUT ${PATH}`)).toHaveLength(2));
    expect(api.of(`PUT ${PATH}`)[1]!.body).toMatchObject({ llave: 'sk_live_123' });
  });

  it("'Quitar la llave guardada' sends an empty key; the SAT keys are checked in Spanish", async () => {
    const api = mockFetch({
      [`GET ${PATH}`]: { body: settings() },
      [`PUT ${PATH}`]: { body: settings({ activa: false, llaveConfigurada: false }) },
    });
    renderWithProviders(<InvoicingSettingsTab />);
    const product = await screen.findByLabelText('Clave de producto (SAT)');
    await userEvent.clear(product);
    await userEvent.type(product, '8111');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('La clave de producto del SAT son 8 dígitos')).toBeInTheDocument();
    expect(api.of(`PUT ${PATH}`)).toHaveLength(0);

    await userEvent.clear(product);
    await userEvent.type(product, '81112100');
    await userEvent.click(screen.getByRole('switch', { name: 'Facturación activa' }));
    await userEvent.click(screen.getByRole('button', { name: 'Quitar la llave guardada' }));
    expect(screen.getByText('Se quitará al guardar')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.of(`PUT ${PATH}`)).toHaveLength(1));
    expect(api.of(`PUT ${PATH}`)[0]!.body).toMatchObject({ activa: false, llave: '' });
  });

  it('says when FACTURAPI_KEY sets the key', async () => {
    mockFetch({ [`GET ${PATH}`]: { body: settings({ llaveDeEntorno: true }) } });
    renderWithProviders(<InvoicingSettingsTab />);
    expect(await screen.findByText('Definida en el entorno (FACTURAPI_KEY)')).toBeInTheDocument();
    expect(screen.getByLabelText('Nueva llave secreta')).toBeDisabled();
  });
});
