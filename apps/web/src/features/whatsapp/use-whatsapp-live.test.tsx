import type { WhatsAppConversation, WhatsAppMessage } from '@airlink/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectHub, disconnectHub, loadHubClient } from '../../lib/realtime';
import { lastSocket } from '../../lib/testing/fake-socket';
import { mockFetch } from '../../lib/testing/fetch-mock';
import { signIn } from '../../lib/testing/fixtures';
import { renderWithProviders } from '../../lib/testing/render';
import { ago, inboxMessage, rosaConversation } from './inbox-fixtures';
import { WhatsAppConversationsPage } from './pages/whatsapp-conversations-page';

vi.mock('socket.io-client', async () => (await import('../../lib/testing/fake-socket')).socketIoMock);
afterEach(() => {
  disconnectHub();
  vi.unstubAllGlobals();
});

const NOW = Date.now();
const message = (id: number, over: Partial<WhatsAppMessage> = {}) => inboxMessage(id, { read: true, ...over });
const rosa = rosaConversation(message(2, { text: '¿Tienen cobertura?' }), { unreadCount: 0 });
const tecnicos: WhatsAppConversation = {
  ...rosa,
  id: '2~120363000000000001@g.us',
  department: 'Soporte 01',
  conversationId: '120363000000000001@g.us',
  remoteJid: '120363000000000001@g.us',
  name: 'Técnicos',
  isGroup: true,
  phone: null,
  lastMessage: message(3, { timestamp: ago(60), text: 'Torre lista' }),
  preview: 'Torre lista',
};

const LIST = 'GET /api/whatsapp/conversations';
const MESSAGES = `GET /api/whatsapp/conversations/${encodeURIComponent(rosa.id)}/messages`;

/** The inbox with Rosa's conversation open, the hub connected before the page mounts. */
async function openRosa() {
  signIn(20);
  const api = mockFetch({
    [LIST]: { body: { total: 2, items: [rosa, tecnicos] } },
    [MESSAGES]: { body: { total: 2, items: [message(1, { text: 'Buenas' }), rosa.lastMessage] } },
    [`POST /api/whatsapp/conversations/${encodeURIComponent(rosa.id)}/read`]: { body: { marked: 1 } },
    'GET /api/customer/search': { body: [] },
  });
  await loadHubClient();
  connectHub();
  act(() => lastSocket().fire('connect'));
  renderWithProviders(<WhatsAppConversationsPage />);
  await userEvent.click(await screen.findByRole('button', { name: /Rosa Martínez/ }));
  const log = await screen.findByRole('log', { name: 'Mensajes' });
  await within(log).findByText('¿Tienen cobertura?');
  return { api, log };
}

const push = (conversationId: string, m: WhatsAppMessage) =>
  act(() => lastSocket().fire('WhatsAppMessage', { conversationId, message: m }));

describe('the inbox keeps the pushed message (no second request for the lists)', () => {
  it('a new message lands in the open conversation and tops the list; an ack updates it in place', async () => {
    const { api, log } = await openRosa();
    const lists = api.of(LIST).length;
    const pages = api.of(MESSAGES).length;

    push(
      tecnicos.id,
      message(4, { conversationId: tecnicos.conversationId, timestamp: ago(1), text: 'Voy en camino', read: false }),
    );
    push(rosa.id, message(5, { timestamp: new Date(NOW).toISOString(), text: '¿Ya llegó el técnico?', read: false }));

    expect(await within(log).findByText('¿Ya llegó el técnico?')).toBeInTheDocument();
    const buttons = () => screen.getAllByRole('button', { name: /Rosa Martínez|Técnicos/ });
    await waitFor(() => expect(buttons()[0]).toHaveTextContent('¿Ya llegó el técnico?'));
    expect(buttons()[1]).toHaveTextContent('Voy en camino');

    // The sender deletes the group's last message: same message, now deleted.
    push(
      tecnicos.id,
      message(4, { conversationId: tecnicos.conversationId, timestamp: ago(1), text: 'Voy en camino', deleted: true }),
    );
    await waitFor(() => expect(buttons()[1]).toHaveTextContent('Mensaje eliminado'));

    expect(api.of(LIST)).toHaveLength(lists);
    expect(api.of(MESSAGES)).toHaveLength(pages);
  });

  it('a push while the list is on its way is kept: the list is asked again, not replaced by the older answer', async () => {
    await openRosa();
    const newer = message(5, { timestamp: new Date(NOW).toISOString(), text: '¿Ya llegó el técnico?', read: false });
    const stored = { ...rosa, lastMessage: newer, preview: newer.text, messageCount: 3, unreadCount: 1 };
    let answerOlder: () => void = () => undefined;
    const api = mockFetch({
      // The first request was asked before the message was stored: its answer does not hold it.
      [LIST]: (call) =>
        api.of(LIST).indexOf(call) === 0
          ? new Promise((resolve) => (answerOlder = () => resolve({ body: { total: 2, items: [rosa, tecnicos] } })))
          : { body: { total: 2, items: [stored, tecnicos] } },
      [MESSAGES]: { body: { total: 3, items: [message(1, { text: 'Buenas' }), rosa.lastMessage, newer] } },
      [`POST /api/whatsapp/conversations/${encodeURIComponent(rosa.id)}/read`]: { body: { marked: 1 } },
      'GET /api/customer/search': { body: [] },
    });
    await userEvent.click(screen.getByRole('button', { name: /Actualizar ahora/ }));
    await waitFor(() => expect(api.of(LIST)).toHaveLength(1));

    push(rosa.id, newer);
    act(() => answerOlder());

    await waitFor(() => expect(api.of(LIST).length).toBeGreaterThanOrEqual(2));
    const rosaButton = () => screen.getByRole('button', { name: /Rosa Martínez/ });
    await waitFor(() => expect(rosaButton()).toHaveTextContent('¿Ya llegó el técnico?'));
  });

  it('a message of a new conversation asks for the list once, and the new conversation shows in it', async () => {
    const { api } = await openRosa();
    const lists = api.of(LIST).length;
    const first = message(9, {
      conversationId: '527719990000@s.whatsapp.net',
      remoteJid: '5217719990000@s.whatsapp.net',
      senderName: 'Paola Prueba',
      text: 'Quiero contratar internet',
      timestamp: new Date(NOW).toISOString(),
      read: false,
    });
    const paola = {
      ...rosaConversation(first),
      id: '1~527719990000@s.whatsapp.net',
      conversationId: first.conversationId,
      remoteJid: first.remoteJid,
      name: 'Paola Prueba',
      unreadCount: 1,
      messageCount: 1,
      phone: '7719990000',
    };
    // What the server lists once the message is stored.
    const after = mockFetch({
      [LIST]: { body: { total: 3, items: [paola, rosa, tecnicos] } },
      'GET /api/customer/search': { body: [] },
    });
    push(paola.id, first);
    const row = await screen.findByRole('button', { name: /Paola Prueba/ });
    expect(row).toHaveTextContent('Quiero contratar internet');
    expect(api.of(LIST)).toHaveLength(lists);
    expect(after.of(LIST)).toHaveLength(1);
  });
});
