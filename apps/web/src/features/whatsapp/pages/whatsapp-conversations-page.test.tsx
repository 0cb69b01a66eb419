import type { WhatsAppConversation } from '@airlink/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { signIn } from '../../../lib/testing/fixtures';
import { renderWithProviders } from '../../../lib/testing/render';
import { ago, inboxMessage, rosaConversation } from '../inbox-fixtures';
import { WhatsAppConversationsPage } from './whatsapp-conversations-page';

afterEach(() => vi.unstubAllGlobals());

const message = inboxMessage;
const rosa = rosaConversation(message(2, { text: '<b>¿Tienen cobertura?</b>' }));
const group: WhatsAppConversation = {
  ...rosa,
  id: '2~120363000000000001@g.us',
  department: 'Soporte 01',
  conversationId: '120363000000000001@g.us',
  remoteJid: '120363000000000001@g.us',
  name: '120363000000000001',
  isGroup: true,
  unreadCount: 0,
  phone: null,
  lastMessage: message(3, { timestamp: ago(30 * 60), type: 'image', text: 'Torre' }),
  preview: '[Imagen] Torre',
};

describe('WhatsAppConversationsPage', () => {
  it('lists the conversations with department, unread badge, preview and time; nothing selected yet', async () => {
    signIn(20);
    mockFetch({ 'GET /api/whatsapp/conversations': { body: { total: 2, items: [rosa, group] } } });
    renderWithProviders(<WhatsAppConversationsPage />);
    const list = await screen.findByRole('list', { name: 'Conversaciones' });
    const first = within(list).getAllByRole('button')[0]!;
    expect(first).toHaveTextContent('Rosa Martínez');
    expect(first).toHaveTextContent('Ventas');
    expect(first).toHaveTextContent('2');
    expect(first).toHaveTextContent('<b>¿Tienen cobertura?</b>');
    expect(within(list).getAllByRole('button')[1]).toHaveTextContent('Ayer');
    expect(screen.getByText('Selecciona una conversación')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Actualizar ahora \(se actualiza sola en 3m\)/ })).toBeInTheDocument();
  });

  it("says 'No se encontraron conversaciones' and sends the search and filter to the server", async () => {
    signIn(20);
    const api = mockFetch({ 'GET /api/whatsapp/conversations': { body: { total: 0, items: [] } } });
    renderWithProviders(<WhatsAppConversationsPage />);
    expect(await screen.findByText('No se encontraron conversaciones')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Grupos' }));
    await userEvent.type(screen.getByLabelText('Buscar conversación'), 'josé');
    await waitFor(() =>
      expect(
        api
          .of('GET /api/whatsapp/conversations')
          .some((c) => c.query.get('search') === 'josé' && c.query.get('filter') === 'groups'),
      ).toBe(true),
    );
  });

  it('opens a conversation: marks it read, shows HTML as text, the customer link, and replies', async () => {
    signIn(20);
    const api = mockFetch({
      'GET /api/whatsapp/conversations': { body: { total: 1, items: [rosa] } },
      [`GET /api/whatsapp/conversations/${encodeURIComponent(rosa.id)}/messages`]: {
        body: { total: 2, items: [message(1, { text: 'Buenas' }), rosa.lastMessage] },
      },
      [`POST /api/whatsapp/conversations/${encodeURIComponent(rosa.id)}/read`]: { body: { marked: 2 } },
      [`POST /api/whatsapp/conversations/${encodeURIComponent(rosa.id)}/reply`]: {
        body: { message: message(4, { fromMe: true, text: 'Sí, con gusto', sentByName: 'Ricardo Sánchez' }) },
      },
      'GET /api/customer/search': {
        body: [
          {
            id: 42,
            idcliente: 'TIZ-0042',
            nombre: 'Rosa Martínez López',
            direccion: 'Hidalgo 1',
            comunidad: 'Tizayuca',
            telefono: '771 123 4567',
            cortado: false,
            activo: true,
          },
        ],
      },
    });
    renderWithProviders(<WhatsAppConversationsPage />);
    await userEvent.click(await screen.findByRole('button', { name: /Rosa Martínez/ }));
    const log = await screen.findByRole('log', { name: 'Mensajes' });
    expect(await within(log).findByText('<b>¿Tienen cobertura?</b>')).toBeInTheDocument();
    expect(log.querySelector('b')).toBeNull();
    await waitFor(() =>
      expect(api.of(`POST /api/whatsapp/conversations/${encodeURIComponent(rosa.id)}/read`)).toHaveLength(1),
    );
    expect(await screen.findByRole('link', { name: /Cliente: Rosa Martínez López/ })).toHaveAttribute(
      'href',
      '/dashboard/profile?id=42',
    );
    await userEvent.type(screen.getByLabelText('Responder como Ventas'), 'Sí, con gusto{Enter}');
    await waitFor(() =>
      expect(api.of(`POST /api/whatsapp/conversations/${encodeURIComponent(rosa.id)}/reply`)[0]?.body).toEqual({
        text: 'Sí, con gusto',
      }),
    );
  });

  it("shows 'Error al cargar el historial de mensajes' when Historial fails", async () => {
    signIn(20);
    mockFetch({
      'GET /api/whatsapp/conversations': { body: { total: 1, items: [{ ...rosa, unreadCount: 0 }] } },
      [`GET /api/whatsapp/conversations/${encodeURIComponent(rosa.id)}/messages`]: {
        body: { total: 1, items: [rosa.lastMessage] },
      },
      [`POST /api/whatsapp/conversations/${encodeURIComponent(rosa.id)}/history`]: {
        status: 502,
        body: {
          error: 'whatsapp_provider',
          message: 'Error al obtener historial de Evolution API: 404 - Instancia no encontrada',
        },
      },
      'GET /api/customer/search': { body: [] },
    });
    renderWithProviders(<WhatsAppConversationsPage />);
    await userEvent.click(await screen.findByRole('button', { name: /Rosa Martínez/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Historial' }));
    expect(
      await screen.findByText(
        'Error al cargar el historial de mensajes: Error al obtener historial de Evolution API: 404 - Instancia no encontrada',
      ),
    ).toBeInTheDocument();
  });
});
