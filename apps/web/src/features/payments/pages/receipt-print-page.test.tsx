import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../app/testing/render-app';
import { mockFetch, type MockReply } from '../../../lib/testing/fetch-mock';
import { makeUser, signIn } from '../../../lib/testing/fixtures';
import { company } from '../../company/testing/company-fixtures';
import { GUID, makeReceipt } from '../testing/payment-fixtures';

vi.mock('socket.io-client', async () => (await import('../../../lib/testing/fake-socket')).socketIoMock);
const qr = vi.hoisted(() => ({
  toDataURL: vi.fn(async (text: string) => `data:image/png;base64,${btoa(text)}`),
}));
vi.mock('qrcode', () => ({ default: qr, ...qr }));

beforeAll(async () => {
  await import('./receipt-print-page');
});
beforeEach(() => {
  localStorage.clear();
  qr.toDataURL.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

function server(level: number, routes: Record<string, MockReply>) {
  signIn(level);
  return mockFetch({
    'GET /api/usuarios': { body: [makeUser(level)] },
    'GET /api/empresa': { body: company },
    ...routes,
  });
}

/** The emotion styles in the page (where @page lands). */
const pageStyles = () =>
  [...document.querySelectorAll('style')]
    .map((s) => s.textContent ?? '')
    .join('\n')
    .replace(/\s+/g, ' ');

describe('receipt print view', () => {
  it('prints company, receipt, customer, amount in words, period, place, marks, cashier, legend and a local QR', async () => {
    server(5, { [`GET /api/recibos/${GUID}`]: { body: makeReceipt() } });
    renderApp(`/print/receipt/${GUID}`);
    const doc = await screen.findByRole('article', { name: 'Recibo' });
    expect(screen.queryByRole('navigation', { name: 'Menú principal' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
    for (const text of [
      'AirLink Telecomunicaciones S.A. de C.V.',
      'RFC: ATE200101AB1',
      'Av. Juárez 100, Centro, Tizayuca, Hidalgo, C.P. 43800',
      'Tel. 779 796 1234, 771 555 0000',
      'No. 000123',
      '20/06/2026 12:05',
      'Ana López',
      '260012AnaLopezHidalgo12Centro',
      'Hidalgo 12, Centro, Tizayuca',
      'del 16/06/2026 al 15/07/2026',
      'Banamex Airlink',
      'SPEI 1001',
      '$383.00',
      '(TRESCIENTOS OCHENTA Y TRES PESOS 00/100 M.N.)',
      'Usuario Nivel 16',
      'Gracias por su pago',
    ]) {
      expect(doc, text).toHaveTextContent(text, { normalizeWhitespace: true });
    }
    expect(within(doc).getByLabelText('Reconexión: sí')).toBeInTheDocument();
    expect(within(doc).getByLabelText('Factura: sí')).toBeInTheDocument();

    const url = `${window.location.origin}/print/receipt/${GUID}`;
    const img = await within(doc).findByRole('img', { name: 'Código QR del recibo' });
    expect(qr.toDataURL).toHaveBeenCalledWith(url, expect.any(Object));
    expect(img).toHaveAttribute('src', `data:image/png;base64,${btoa(url)}`);
  });

  it('an abono that completes no month says Abono, has no period and shows the credit balance', async () => {
    server(16, {
      [`GET /api/recibos/${GUID}`]: {
        body: makeReceipt({
          monto: 100,
          montoLetra: 'CIEN PESOS 00/100 M.N.',
          reconexion: false,
          facturar: false,
          abono: true,
          mesesCubiertos: 0,
          saldoAFavor: 150,
          fechaInicio: '2026-06-16',
          fechaFinalizacion: '2026-06-15',
        }),
      },
    });
    renderApp(`/print/receipt/${GUID}`);
    const doc = await screen.findByRole('article', { name: 'Recibo' });
    expect(within(doc).getByLabelText('Abono: sí')).toBeInTheDocument();
    expect(doc).toHaveTextContent('Sin periodo: abono a cuenta (pagado hasta el 15/06/2026)');
    expect(doc).not.toHaveTextContent('del 16/06/2026');
    expect(doc).toHaveTextContent('Saldo a favor$150.00');
  });

  it('an ordinary payment without credit has no Saldo a favor line and Abono unmarked', async () => {
    server(16, { [`GET /api/recibos/${GUID}`]: { body: makeReceipt() } });
    renderApp(`/print/receipt/${GUID}`);
    const doc = await screen.findByRole('article', { name: 'Recibo' });
    expect(within(doc).getByLabelText('Abono: no')).toBeInTheDocument();
    expect(doc).not.toHaveTextContent('Saldo a favor');
    expect(within(doc).queryByRole('img', { name: /Logotipo/ })).toBeNull();
  });

  it("prints 'Paga en línea' with the portal's address on both papers when the receipt carries one, else no line", async () => {
    const urlPortal = 'https://pagos.airlink.mx/portal';
    server(16, { [`GET /api/recibos/${GUID}`]: { body: makeReceipt({ urlPortal }) } });
    const { unmount } = renderApp(`/print/receipt/${GUID}`);
    let doc = await screen.findByRole('article', { name: 'Recibo' });
    expect(doc).toHaveTextContent(`Paga en línea: ${urlPortal}`);
    await userEvent.click(screen.getByRole('button', { name: 'Media carta' }));
    doc = await screen.findByRole('article', { name: 'Recibo' });
    expect(doc).toHaveTextContent(`Paga en línea: ${urlPortal}`);
    unmount();

    server(16, { [`GET /api/recibos/${GUID}`]: { body: makeReceipt() } });
    renderApp(`/print/receipt/${GUID}`);
    doc = await screen.findByRole('article', { name: 'Recibo' });
    expect(doc).not.toHaveTextContent('Paga en línea');
  });

  it('prints the logo of Administración above the company name', async () => {
    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    server(16, {
      [`GET /api/recibos/${GUID}`]: { body: makeReceipt() },
      'GET /api/empresa': { body: { ...company, logo } },
    });
    renderApp(`/print/receipt/${GUID}`);
    const doc = await screen.findByRole('article', { name: 'Recibo' });
    expect(within(doc).getByRole('img', { name: 'Logotipo de AirLink' })).toHaveAttribute('src', logo);
  });

  it('offers Ticket 80 mm and Media carta, with the page size of each, and remembers the choice', async () => {
    server(16, { 'GET /api/recibos/123': { body: makeReceipt({ reconexion: false, facturar: false }) } });
    const app = renderApp('/print/receipt/123');
    const doc = await screen.findByRole('article', { name: 'Recibo' });
    expect(within(doc).getByLabelText('Reconexión: no')).toBeInTheDocument();
    const ticket = screen.getByRole('button', { name: 'Ticket 80 mm' });
    const half = screen.getByRole('button', { name: 'Media carta' });
    expect(ticket).toHaveAttribute('aria-pressed', 'true');
    expect(pageStyles()).toMatch(/@page\s*\{\s*size:\s*80mm \d+mm/);
    await userEvent.click(half);
    expect(half).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(pageStyles()).toMatch(/@page\s*\{\s*size:\s*8\.5in 5\.5in/));
    expect(localStorage.getItem('airlink.receiptFormat')).toBe('media-carta');
    app.unmount();
    renderApp('/print/receipt/123');
    expect(await screen.findByRole('button', { name: 'Media carta' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('an unknown receipt says so, without a print button', async () => {
    server(16, {
      'GET /api/recibos/999': { status: 404, body: { error: 'not_found', message: 'El recibo no existe.' } },
    });
    renderApp('/print/receipt/999');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No encontramos el recibo «999». Revisa el número o ábrelo desde la pestaña Pagos del cliente.',
    );
    expect(screen.queryByRole('button', { name: 'Imprimir' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
  });

  it('a server failure offers to try again', async () => {
    let fail = true;
    server(16, {
      [`GET /api/recibos/${GUID}`]: () =>
        fail
          ? { status: 500, body: { error: 'internal', message: 'Error interno del servidor.' } }
          : { body: makeReceipt() },
    });
    renderApp(`/print/receipt/${GUID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error interno del servidor.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'Recibo' })).toBeInTheDocument();
  });
});
