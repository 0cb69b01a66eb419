import type { ApiKey } from '@airlink/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { ApiKeysPage } from './api-keys-page';

const KEY = `alk_${'Q'.repeat(43)}`;
const base: ApiKey = {
  id: 1,
  name: 'Contabilidad',
  profile: 'financial',
  description: 'Conciliación del ERP',
  keyPrefix: 'alk_QQQQQQ',
  neverExpires: true,
  expiresAt: null,
  createdAt: '2026-11-24T18:00:00.000Z',
  lastUsed: null,
  isActive: true,
  isExpired: false,
};

afterEach(() => vi.unstubAllGlobals());

describe('API Keys page', () => {
  it('empty: No hay API Keys with Crear Primera API Key', async () => {
    mockFetch({ 'GET /api/ApiKey': { body: [] } });
    renderWithProviders(<ApiKeysPage />);
    expect(await screen.findByText('No hay API Keys')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear Primera API Key' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Gestión de API Keys' })).toBeInTheDocument();
  });

  it('a load failure says so, with Reintentar', async () => {
    mockFetch({ 'GET /api/ApiKey': { status: 500, body: { error: 'internal', message: 'x' } } });
    renderWithProviders(<ApiKeysPage />);
    expect(await screen.findByText('Error al cargar las API Keys')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Reintentar/ })).toBeInTheDocument();
  });

  it('cards: status chips, profile, dates in es-ES, Nunca expira, the key masked without copy', async () => {
    mockFetch({
      'GET /api/ApiKey': {
        body: [
          base,
          {
            ...base,
            id: 2,
            name: 'Vencida',
            profile: 'readonly',
            neverExpires: false,
            expiresAt: '2026-11-20T18:00:30.000Z',
            isExpired: true,
            lastUsed: '2026-11-19T16:05:00.000Z',
          },
          { ...base, id: 3, name: 'Pausada', profile: 'admin', isActive: false, isExpired: true },
        ],
      },
    });
    renderWithProviders(<ApiKeysPage />);
    const cards = await screen.findAllByTestId('api-key-card');
    expect(cards).toHaveLength(3);
    const [first, second, third] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('Activa')).toBeInTheDocument();
    expect(within(first).getByText('Financiero')).toBeInTheDocument();
    expect(within(first).getByText('Nunca expira')).toBeInTheDocument();
    expect(within(first).getByText('24 nov 2026, 12:00')).toBeInTheDocument();
    expect(within(first).getByText('Nunca')).toBeInTheDocument();
    expect(within(first).getByText(`alk_QQQQQQ${'•'.repeat(24)}`)).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Copiar API Key' })).toBeNull();
    expect(within(second).getByText('Expirada')).toBeInTheDocument();
    expect(within(second).getByText('Solo Lectura')).toBeInTheDocument();
    expect(within(second).getByText('20 nov 2026, 12:00:30')).toBeInTheDocument();
    expect(within(second).getByText('19 nov 2026, 10:05')).toBeInTheDocument();
    // Inactive wins over expired.
    expect(within(third).getByText('Inactiva')).toBeInTheDocument();
    expect(within(third).getByText('Administrador')).toBeInTheDocument();
  });

  it('create: name required, the key shown once, Copiar y Cerrar copies it, then the card can show and copy it', async () => {
    const user = userEvent.setup();
    let listed: ApiKey[] = [];
    const fetch = mockFetch({
      'GET /api/ApiKey': () => ({ body: listed }),
      'POST /api/ApiKey': () => {
        listed = [base];
        return { status: 201, body: { ...base, key: KEY } };
      },
    });
    renderWithProviders(<ApiKeysPage />);
    await user.click(await screen.findByRole('button', { name: 'Nueva API Key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva API Key' });
    const crear = within(dialog).getByRole('button', { name: 'Crear' });
    expect(crear).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Nombre/), 'Contabilidad');
    expect(crear).toBeEnabled();
    await user.click(crear);
    const generated = await screen.findByRole('dialog', { name: 'API Key generada' });
    expect(fetch.of('POST /api/ApiKey')[0]?.body).toEqual({
      name: 'Contabilidad',
      profile: 'readonly',
      description: null,
      neverExpires: true,
      expiresAt: null,
    });
    expect(within(generated).getByText(/única vez/)).toBeInTheDocument();
    expect(within(generated).getByTestId('generated-api-key')).toHaveTextContent(KEY);
    expect(within(generated).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    await user.click(within(generated).getByRole('button', { name: 'Copiar y Cerrar' }));
    expect(await navigator.clipboard.readText()).toBe(KEY);
    expect(await screen.findByText('API Key copiada al portapapeles')).toBeInTheDocument();
    expect(screen.getByText('API Key creada exitosamente')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'API Key generada' })).toBeNull());
    const card = (await screen.findAllByTestId('api-key-card'))[0]!;
    await user.click(within(card).getByRole('button', { name: 'Mostrar API Key' }));
    expect(within(card).getByText(KEY)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Ocultar API Key' }));
    expect(within(card).queryByText(KEY)).toBeNull();
  });

  it('an expiring key asks for the date; a server refusal lands under its field with the catalogue line', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({
      'GET /api/ApiKey': { body: [] },
      'POST /api/ApiKey': {
        status: 400,
        body: {
          error: 'bad_request',
          message: 'La fecha de expiración ya pasó: elige una fecha futura',
          details: { expiresAt: ['La fecha de expiración ya pasó: elige una fecha futura'] },
        },
      },
    });
    renderWithProviders(<ApiKeysPage />);
    await user.click(await screen.findByRole('button', { name: 'Crear Primera API Key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva API Key' });
    await user.type(within(dialog).getByLabelText(/Nombre/), 'Temporal');
    await user.click(within(dialog).getByLabelText('Nunca expira'));
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect(
      await within(dialog).findByText('Elige la fecha de expiración o marca que nunca expira'),
    ).toBeInTheDocument();
    expect(fetch.of('POST /api/ApiKey')).toHaveLength(0);
    // A date input and a 24 h time text to the second, never the browser's date-time input (a.m./p.m.).
    expect(dialog.querySelector('input[type="datetime-local"]')).toBeNull();
    const date = within(dialog).getByLabelText(/Fecha de expiración/);
    expect(date).toHaveAttribute('type', 'date');
    fireEvent.change(date, { target: { value: '2026-11-01' } });
    const time = within(dialog).getByRole('textbox', { name: /^Hora/ });
    await user.type(time, '18:00:05');
    expect(time).toHaveValue('18:00:05');
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect(await within(dialog).findByText('Error al crear la API Key')).toBeInTheDocument();
    expect(within(dialog).getByText('La fecha de expiración ya pasó: elige una fecha futura')).toBeInTheDocument();
    expect(fetch.of('POST /api/ApiKey')[0]?.body).toMatchObject({
      neverExpires: false,
      expiresAt: '2026-11-01T18:00:05',
    });
  });

  it('regenerate without a key in the answer: alert and toast "Error: No se pudo obtener la API Key"', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/ApiKey': { body: [base] }, 'POST /api/ApiKey/1/regenerate': { body: base } });
    renderWithProviders(<ApiKeysPage />);
    await user.click(await screen.findByRole('button', { name: 'Regenerar Contabilidad' }));
    const confirm = await screen.findByRole('dialog', { name: 'Regenerar API Key' });
    await user.click(within(confirm).getByRole('button', { name: 'Regenerar' }));
    await waitFor(() => expect(screen.getAllByText('Error: No se pudo obtener la API Key')).toHaveLength(2));
  });

  it('regenerate failure toast; success opens the generated-key dialog', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch({
      'GET /api/ApiKey': { body: [base] },
      'POST /api/ApiKey/1/regenerate': () =>
        fail ? { status: 500, body: { error: 'internal', message: 'x' } } : { body: { ...base, key: KEY } },
    });
    renderWithProviders(<ApiKeysPage />);
    const regen = async () => {
      await user.click(await screen.findByRole('button', { name: 'Regenerar Contabilidad' }));
      const confirm = await screen.findByRole('dialog', { name: 'Regenerar API Key' });
      expect(confirm).toHaveTextContent('La clave actual dejará de funcionar de inmediato.');
      await user.click(within(confirm).getByRole('button', { name: 'Regenerar' }));
    };
    await regen();
    expect(await screen.findByText('Error al regenerar la API Key')).toBeInTheDocument();
    fail = false;
    await regen();
    expect(await screen.findByRole('dialog', { name: 'API Key generada' })).toHaveTextContent(KEY);
    expect(screen.getByText('API Key regenerada exitosamente')).toBeInTheDocument();
  });

  it('delete asks with the spec text; the success alert hides after 5 s', async () => {
    const user = userEvent.setup();
    let listed = [base];
    mockFetch({
      'GET /api/ApiKey': () => ({ body: listed }),
      'DELETE /api/ApiKey/1': () => {
        listed = [];
        return { status: 204 };
      },
    });
    renderWithProviders(<ApiKeysPage />);
    await user.click(await screen.findByRole('button', { name: 'Eliminar Contabilidad' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar API Key' });
    expect(confirm).toHaveTextContent(
      '¿Estás seguro de que quieres eliminar la API Key "Contabilidad"? Esta acción no se puede deshacer.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('API Key eliminada exitosamente')).toBeInTheDocument();
    expect(await screen.findByText('No hay API Keys')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('API Key eliminada exitosamente')).toBeNull());
  });

  it('edit sends every field with isActive, and a failure shows Error al actualizar la API Key', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({
      'GET /api/ApiKey': { body: [base] },
      'PUT /api/ApiKey/1': {
        status: 409,
        body: {
          error: 'api_key_name_taken',
          message: 'Ya existe una API Key con el nombre "Otra".',
          details: { name: ['Ya existe una API Key con este nombre'] },
        },
      },
    });
    renderWithProviders(<ApiKeysPage />);
    await user.click(await screen.findByRole('button', { name: 'Editar Contabilidad' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar API Key' });
    const name = within(dialog).getByLabelText(/Nombre/);
    await user.clear(name);
    await user.type(name, 'Otra');
    await user.click(within(dialog).getByLabelText('Activa'));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Ya existe una API Key con este nombre')).toBeInTheDocument();
    expect(within(dialog).getByText('Error al actualizar la API Key')).toBeInTheDocument();
    expect(fetch.of('PUT /api/ApiKey/1')[0]?.body).toEqual({
      name: 'Otra',
      profile: 'financial',
      description: 'Conciliación del ERP',
      neverExpires: true,
      expiresAt: null,
      isActive: false,
    });
  });
});
