import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTicket } from '../testing/support-fixtures';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { CustomerSupportTab } from './customer-support-tab';
import { SupportTicketDialog } from './support-ticket-dialog';

const customer = { id: 7, nombre: 'Juan Pérez', telefono: '771 123 4567' };

afterEach(() => {
  vi.unstubAllGlobals();
});

function Harness({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <SupportTicketDialog
        open={open}
        customer={customer}
        onClose={() => {
          setOpen(false);
          onClose();
        }}
      />
      <CustomerSupportTab customerId={customer.id} />
    </>
  );
}

function server() {
  return mockFetch({
    'GET /api/customer/7/supports': { body: { items: [], total: 0 } },
    'POST /api/soporte': ({ body }) => ({ status: 201, body: makeTicket(31, body as object) }),
  });
}

describe('SupportTicketDialog', () => {
  it('starts with the customer phone and priority 4 Baja, and sends them when untouched', async () => {
    const api = server();
    const onClose = vi.fn();
    renderWithProviders(<Harness onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo ticket de soporte' });
    expect(within(dialog).getByLabelText('Teléfono de contacto')).toHaveValue('771 123 4567');
    expect(within(dialog).getByRole('combobox', { name: 'Prioridad' })).toHaveTextContent('Baja');

    await userEvent.type(within(dialog).getByLabelText(/Título/), 'Sin internet');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar ticket' }));

    await waitFor(() => expect(api.of('POST /api/soporte')).toHaveLength(1));
    expect(api.of('POST /api/soporte')[0]!.body).toEqual({
      idCliente: 7,
      idContrato: 7,
      titulo: 'Sin internet',
      observaciones: '',
      telefonoCliente: '771 123 4567',
      prioridad: 4,
    });
    expect(await screen.findByText('Ticket #31 registrado')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('sends the typed fields and the chosen priority, then refreshes the customer tickets', async () => {
    const api = server();
    renderWithProviders(<Harness />);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(api.of('GET /api/customer/7/supports')).toHaveLength(1));
    expect(api.of('GET /api/customer/7/supports')[0]!.query.get('pageSize')).toBe('10');

    await userEvent.type(within(dialog).getByLabelText(/Título/), 'Antena desalineada');
    await userEvent.type(within(dialog).getByLabelText('Observaciones'), 'Tras el viento de ayer');
    const phone = within(dialog).getByLabelText('Teléfono de contacto');
    await userEvent.clear(phone);
    await userEvent.type(phone, '7719876543');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Prioridad' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Urgente' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar ticket' }));

    await waitFor(() => expect(api.of('POST /api/soporte')).toHaveLength(1));
    expect(api.of('POST /api/soporte')[0]!.body).toMatchObject({
      titulo: 'Antena desalineada',
      observaciones: 'Tras el viento de ayer',
      telefonoCliente: '7719876543',
      prioridad: 2,
    });
    // The customer's 'Soporte' tab asks again.
    await waitFor(() => expect(api.of('GET /api/customer/7/supports')).toHaveLength(2));
  });

  it('shows Spanish messages and sends nothing while the title is empty or the phone invalid', async () => {
    const api = server();
    renderWithProviders(<Harness />);
    const dialog = await screen.findByRole('dialog');
    const phone = within(dialog).getByLabelText('Teléfono de contacto');
    await userEvent.clear(phone);
    await userEvent.type(phone, 'abc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar ticket' }));

    expect(await within(dialog).findByText('El título es obligatorio')).toBeInTheDocument();
    expect(within(dialog).getByText('Teléfono inválido')).toBeInTheDocument();
    expect(api.of('POST /api/soporte')).toHaveLength(0);
  });

  it('puts the server field errors under their fields and keeps the dialog open', async () => {
    const api = mockFetch({
      'GET /api/customer/7/supports': { body: { items: [], total: 0 } },
      'POST /api/soporte': {
        status: 400,
        body: { error: 'validation', message: 'Revisa los datos', details: { Titulo: ['El título ya existe hoy'] } },
      },
    });
    renderWithProviders(<Harness />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Título/), 'Repetido');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar ticket' }));
    expect(await within(dialog).findByText('El título ya existe hoy')).toBeInTheDocument();
    expect(api.of('POST /api/soporte')).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
