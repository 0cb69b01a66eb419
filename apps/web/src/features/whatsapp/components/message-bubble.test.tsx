import type { WhatsAppMessage } from '@airlink/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../lib/testing/render';
import { MessageBubble } from './message-bubble';

const NOW = new Date();

function message(over: Partial<WhatsAppMessage>): WhatsAppMessage {
  return {
    id: 1,
    instance: 'Ventas',
    conversationId: '527711234567@s.whatsapp.net',
    keyId: 'K1',
    remoteJid: '527711234567@s.whatsapp.net',
    fromMe: true,
    fromNumber: '',
    senderName: 'Sin nombre',
    timestamp: NOW.toISOString(),
    type: 'text',
    text: 'Su pago quedó registrado',
    read: true,
    status: null,
    deleted: false,
    sentByUserId: 1,
    sentByName: 'Adriana Admin',
    ...over,
  };
}

const ticksOf = (container: HTMLElement) => container.querySelector('[data-ticks]')?.getAttribute('data-ticks');

describe('MessageBubble', () => {
  it.each([
    ['sent', 'one', 'Enviado'],
    ['delivered', 'two', 'Entregado'],
    ['read', 'blue', 'Leído'],
    ['played', 'blue', 'Reproducido'],
  ] as const)('a sent message %s shows %s tick(s)', (status, ticks, label) => {
    const { container } = renderWithProviders(
      <MessageBubble message={message({ status })} now={NOW} department="Ventas" />,
    );
    expect(ticksOf(container)).toBe(ticks);
    expect(screen.getByRole('img', { name: label })).toBeInTheDocument();
  });

  it('shows no ticks while pending nor on a received message', () => {
    const pending = renderWithProviders(
      <MessageBubble message={message({ status: 'pending' })} now={NOW} department="Ventas" />,
    );
    expect(ticksOf(pending.container)).toBeUndefined();
    pending.unmount();
    const received = renderWithProviders(
      <MessageBubble message={message({ fromMe: false, status: 'read' })} now={NOW} department="Ventas" />,
    );
    expect(ticksOf(received.container)).toBeUndefined();
  });

  it("a deleted message shows 'Mensaje eliminado', not its text", () => {
    renderWithProviders(
      <MessageBubble message={message({ fromMe: false, deleted: true })} now={NOW} department="Ventas" />,
    );
    expect(screen.getByText('Mensaje eliminado')).toBeInTheDocument();
    expect(screen.queryByText('Su pago quedó registrado')).toBeNull();
  });
});
