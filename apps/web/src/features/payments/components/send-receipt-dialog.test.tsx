import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { signIn } from '../../../lib/testing/fixtures';
import { renderWithProviders } from '../../../lib/testing/render';
import { SendReceiptDialog } from './send-receipt-dialog';

const MESSAGE = {
  id: 1,
  instance: 'Cobranza',
  conversationId: '1~527715550199@s.whatsapp.net',
  keyId: '3EB0ABC',
  remoteJid: '527715550199@s.whatsapp.net',
  fromMe: true,
  fromNumber: '5217797961002',
  senderName: '',
  timestamp: '2026-11-24T17:00:00.000Z',
  type: 'document',
  text: 'Recibo de pago No. 000042 · José',
  read: true,
  status: 'pending',
  deleted: false,
  sentByUserId: 3,
  sentByName: 'Caja Uno',
};

afterEach(() => vi.unstubAllGlobals());

describe('SendReceiptDialog', () => {
  it("sends to the contract's phone by default; a bad number is refused before sending", async () => {
    signIn(20);
    const api = mockFetch({
      'GET /api/whatsapp/instances': { body: [] },
      'POST /api/recibos/42/whatsapp': { body: { message: MESSAGE, telefono: '527715550199' } },
    });
    const onClose = vi.fn();
    renderWithProviders(<SendReceiptDialog receiptId={42} phone="771 555 0199" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Enviar recibo No. 000042 por WhatsApp' });
    const number = within(dialog).getByLabelText('Número de WhatsApp');
    expect(number).toHaveValue('771 555 0199');
    // The default sender is shown, not an empty select.
    expect(within(dialog).getByText('Cobranza (predeterminada)')).toBeInTheDocument();
    await userEvent.clear(number);
    await userEvent.type(number, '123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText(/no es válido/)).toBeInTheDocument();
    expect(api.of('POST /api/recibos/42/whatsapp')).toHaveLength(0);
    await userEvent.clear(number);
    await userEvent.type(number, '771 555 0199');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(api.of('POST /api/recibos/42/whatsapp')).toHaveLength(1));
    expect(api.of('POST /api/recibos/42/whatsapp')[0]!.body).toEqual({ telefono: '771 555 0199' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("shows the server's Spanish reason and stays open when WhatsApp is not connected", async () => {
    mockFetch({
      'GET /api/whatsapp/instances': { body: [] },
      'POST /api/recibos/42/whatsapp': {
        status: 409,
        body: { error: 'whatsapp_not_connected', message: 'La instancia Cobranza no está conectada a WhatsApp' },
      },
    });
    const onClose = vi.fn();
    renderWithProviders(<SendReceiptDialog receiptId={42} phone="7715550199" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText('La instancia Cobranza no está conectada a WhatsApp')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it.each([16, 17])(
    'level %i (below WhatsApp) never asks for the directory the server refuses it, and sends from Cobranza',
    async (level) => {
      signIn(level);
      const api = mockFetch({
        'GET /api/whatsapp/instances': { status: 403, body: { error: 'forbidden', message: 'Sin permiso' } },
        'POST /api/recibos/42/whatsapp': { body: { message: MESSAGE, telefono: '527715550199' } },
      });
      renderWithProviders(<SendReceiptDialog receiptId={42} phone="7715550199" onClose={vi.fn()} />);
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).queryByLabelText('Enviar desde')).not.toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
      await waitFor(() => expect(api.of('POST /api/recibos/42/whatsapp')).toHaveLength(1));
      expect(api.of('GET /api/whatsapp/instances')).toHaveLength(0);
    },
  );

  it('asks for the directory only when it opens, not with the panel under it', async () => {
    signIn(20);
    const api = mockFetch({ 'GET /api/whatsapp/instances': { body: [] } });
    const view = renderWithProviders(<SendReceiptDialog receiptId={null} phone="7715550199" onClose={vi.fn()} />);
    await act(async () => undefined);
    expect(api.of('GET /api/whatsapp/instances')).toHaveLength(0);
    view.rerender(<SendReceiptDialog receiptId={42} phone="7715550199" onClose={vi.fn()} />);
    await waitFor(() => expect(api.of('GET /api/whatsapp/instances')).toHaveLength(1));
  });
});
