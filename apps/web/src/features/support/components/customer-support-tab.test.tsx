import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeDetail, makeTicket } from '../testing/support-fixtures';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { CustomerSupportTab } from './customer-support-tab';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CustomerSupportTab', () => {
  it('pages the customer tickets 10 at a time and a row opens the ticket (no link to the same panel)', async () => {
    const ticket = makeTicket(5, {
      titulo: 'Cambio de contraseña',
      prioridad: 1,
      estado: 'Resuelto',
      asignadoNombre: 'Luis',
    });
    const api = mockFetch({
      'GET /api/customer/7/supports': ({ query }) => ({
        body: { items: query.get('page') === '0' ? [ticket] : [], total: 11 },
      }),
      'GET /api/soporte/5': { body: makeDetail(ticket) },
      'GET /api/soporte/asignables': { body: [] },
    });
    renderWithProviders(<CustomerSupportTab customerId={7} />);
    const cell = await screen.findByText('Cambio de contraseña');
    const row = cell.closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Critico')).toBeInTheDocument();
    expect(within(row).getByText('Resuelto')).toBeInTheDocument();
    expect(within(row).getByText('Luis')).toBeInTheDocument();
    expect(Object.fromEntries(api.of('GET /api/customer/7/supports')[0]!.query)).toEqual({ page: '0', pageSize: '10' });

    await userEvent.click(cell);
    const dialog = await screen.findByRole('dialog', { name: 'Ticket #5' });
    expect(await within(dialog).findByText('Creó el ticket')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: /Ver cliente/ })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Cerrar' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const next = screen.getByRole('button', { name: /siguiente/i });
    await userEvent.click(next);
    await waitFor(() => expect(api.of('GET /api/customer/7/supports').map((c) => c.query.get('page'))).toContain('1'));
  });
});
