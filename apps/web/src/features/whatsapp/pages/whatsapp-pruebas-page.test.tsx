import type { WhatsAppGroup, WhatsAppInstance } from '@airlink/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockReply } from '../../../lib/testing/fetch-mock';
import { signIn } from '../../../lib/testing/fixtures';
import { renderWithProviders } from '../../../lib/testing/render';
import { WhatsAppPruebasPage } from './whatsapp-pruebas-page';

afterEach(() => vi.unstubAllGlobals());

const personal: WhatsAppInstance = {
  id: 7,
  department: 'Personal',
  phone: '5217797961000',
  instanceName: 'Personal',
  baseUrl: 'https://evolution.ejemplo.mx',
  hasKey: true,
  webhookSet: true,
  state: 'open',
  stateAt: null,
};
const groups: WhatsAppGroup[] = [
  { id: '120363000000000001@g.us', subject: 'Técnicos', desc: null, owner: null, size: 3, participants: [] },
  { id: '120363000000000002@g.us', subject: 'Oficina', desc: null, owner: null, size: 2, participants: [] },
];
const P = '/api/whatsapp/instances/Personal';

function setup(state: string, extra: Record<string, MockReply> = {}) {
  signIn(20);
  const api = mockFetch({
    'GET /api/whatsapp/instances': { body: [personal] },
    [`GET ${P}/state`]: { body: { instance: 'Personal', state } },
    ...extra,
  });
  renderWithProviders(<WhatsAppPruebasPage />);
  return api;
}

const result = () => screen.getByTestId('test-result');

describe('WhatsAppPruebasPage', () => {
  it("shows the instance, its base URL and state; 'Conectar' only when not open", async () => {
    setup('open');
    expect(await screen.findByText('https://evolution.ejemplo.mx')).toBeInTheDocument();
    expect(await screen.findByText('Conectada (open)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Conectar' })).toBeNull();
  });

  it('connects a closed instance and shows the QR', async () => {
    setup('close', {
      [`POST ${P}/connect`]: {
        body: { instance: 'Personal', state: 'pairing', qr: 'data:image/png;base64,AAAA', pairingCode: null },
      },
    });
    expect(await screen.findByText('Desconectada (close)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Conectar' }));
    expect(await screen.findByRole('img', { name: 'Código QR para vincular WhatsApp' })).toHaveAttribute(
      'src',
      'data:image/png;base64,AAAA',
    );
  });

  it('checks the fields before sending, and shows the server’s reason after the spec prefix', async () => {
    const api = setup('close', {
      [`POST ${P}/send`]: {
        status: 409,
        body: { error: 'whatsapp_not_connected', message: 'La instancia no está conectada. Estado: close' },
      },
    });
    await screen.findByText('Desconectada (close)');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar a Número' }));
    expect(result()).toHaveTextContent('Por favor, completa todos los campos requeridos');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar a Grupo' }));
    expect(result()).toHaveTextContent('Por favor, selecciona un grupo y escribe un mensaje');
    await userEvent.type(screen.getByLabelText('Teléfono'), '7711234567');
    await userEvent.click(screen.getByRole('button', { name: 'Cargar Mensaje de Prueba' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar a Número' }));
    await waitFor(() =>
      expect(result()).toHaveTextContent('Error al enviar el mensaje: La instancia no está conectada. Estado: close'),
    );
    expect(api.of(`POST ${P}/send`)[0]?.body).toMatchObject({ number: '7711234567' });
  });

  it("gets the groups, sends to the selected one, and 'Eliminar Todos' confirms with N and lists each result", async () => {
    const api = setup('open', {
      [`GET ${P}/groups`]: { body: groups },
      [`POST ${P}/groups/send`]: {
        body: {
          message: {
            id: 1,
            instance: 'Personal',
            conversationId: groups[1]!.id,
            keyId: 'K',
            remoteJid: groups[1]!.id,
            fromMe: true,
            fromNumber: '',
            senderName: 'Sin nombre',
            timestamp: new Date().toISOString(),
            type: 'text',
            text: 'Hola',
            read: true,
            status: 'pending',
            deleted: false,
            sentByUserId: 1,
            sentByName: 'Ricardo',
          },
        },
      },
      [`DELETE ${P}/groups`]: {
        body: {
          total: 2,
          left: 1,
          results: [
            { groupJid: groups[0]!.id, subject: 'Técnicos', ok: true, message: 'Eliminado' },
            {
              groupJid: groups[1]!.id,
              subject: 'Oficina',
              ok: false,
              message: 'Evolution API rechazó la solicitud (400)',
            },
          ],
        },
      },
    });
    await screen.findByText('Conectada (open)');
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar Todos' }));
    expect(result()).toHaveTextContent('No hay grupos para eliminar');
    await userEvent.click(screen.getByRole('button', { name: 'Obtener Grupos' }));
    expect(await within(result()).findByText('Se encontraron 2 grupos')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Grupos' });
    await userEvent.click(within(list).getByRole('button', { name: /Oficina/ }));
    expect(within(list).getByRole('button', { name: /Oficina/ })).toHaveClass('Mui-selected');
    await userEvent.type(screen.getByLabelText('Mensaje'), 'Hola');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar a Grupo' }));
    await waitFor(() => expect(result()).toHaveTextContent('Mensaje enviado exitosamente al grupo: Oficina'));
    expect(api.of(`POST ${P}/groups/send`)[0]?.body).toEqual({ groupJid: groups[1]!.id, text: 'Hola' });

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar Todos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar todos los grupos' });
    expect(dialog).toHaveTextContent(
      '¿Estás seguro de que quieres eliminar TODOS los 2 grupos? Esta acción no se puede deshacer.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar Todos' }));
    await waitFor(() => expect(result()).toHaveTextContent('Eliminación completada: 1 grupos eliminados, 1 errores'));
    expect(result()).toHaveTextContent('Oficina: Error al eliminar el grupo: Evolution API rechazó la solicitud (400)');
  });
});
