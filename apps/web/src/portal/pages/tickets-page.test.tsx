import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubPortalFetch } from '../testing/portal-fetch';
import { TicketsPage } from './tickets-page';

afterEach(() => vi.unstubAllGlobals());

const TICKET = { id: 31, asunto: 'Sin internet', estado: 'Abierto', fecha: '2026-11-20T16:00:00.000Z' };

describe('portal fault reports', () => {
  it('lists the reports with their folio, date and state', async () => {
    stubPortalFetch({ 'GET /api/portal/tickets': { status: 200, body: [TICKET] } });
    render(<TicketsPage />);
    expect(await screen.findByText('Sin internet')).toBeInTheDocument();
    expect(screen.getByText('Folio 31 · 20 de noviembre de 2026')).toBeInTheDocument();
    expect(screen.getByText('Abierto')).toBeInTheDocument();
  });

  it('checks subject and description, sends them trimmed, thanks and lists the new one', async () => {
    const { calls } = stubPortalFetch({
      'GET /api/portal/tickets': [
        { status: 200, body: [] },
        { status: 200, body: [TICKET] },
      ],
      'POST /api/portal/tickets': { status: 201, body: { id: 31 } },
    });
    render(<TicketsPage />);
    expect(await screen.findByText('No tienes reportes.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Enviar reporte' }));
    expect(screen.getByText('Escribe en pocas palabras qué pasa.')).toBeInTheDocument();
    expect(screen.getByText('Cuéntanos qué pasa y desde cuándo.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(screen.getByLabelText('Asunto'), ' Sin internet ');
    await user.type(screen.getByLabelText('Descripción'), 'Desde ayer en la noche');
    await user.click(screen.getByRole('button', { name: 'Enviar reporte' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Recibimos tu reporte.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      asunto: 'Sin internet',
      descripcion: 'Desde ayer en la noche',
    });
    expect(await screen.findByText('Sin internet')).toBeInTheDocument();
    expect(screen.getByLabelText('Asunto')).toHaveValue('');
  });

  it("a refused report shows the server's message and keeps what was typed", async () => {
    stubPortalFetch({
      'GET /api/portal/tickets': { status: 200, body: [] },
      'POST /api/portal/tickets': {
        status: 400,
        body: { error: 'validation', message: 'El asunto: máximo 150 caracteres' },
      },
    });
    render(<TicketsPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Asunto'), 'Lento');
    await user.type(screen.getByLabelText('Descripción'), 'Muy lento');
    await user.click(screen.getByRole('button', { name: 'Enviar reporte' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El asunto: máximo 150 caracteres');
    expect(screen.getByLabelText('Asunto')).toHaveValue('Lento');
  });
});
