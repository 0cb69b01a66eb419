import type { OnlinePayment } from '@airlink/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account, stubPortalFetch } from '../testing/portal-fetch';
import { intentIdOf, PaymentReturnPage } from './payment-return-page';
import { LAST_INTENT_KEY } from './pay-page';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const ID = '0b8f4a1e-58a2-4a6c-9d3e-5f1b2c3d4e5f';
const FAST = { first: 1, later: 1, firstFor: 60_000 };
const intent = (over: Partial<OnlinePayment> = {}): { status: number; body: OnlinePayment } => ({
  status: 200,
  body: {
    id: ID,
    estado: 'pendiente',
    meses: 2,
    monto: 698,
    urlPago: 'http://mp/checkout',
    idPago: null,
    idRecibo: null,
    ...over,
  },
});

describe('intentIdOf', () => {
  it('reads /portal/pago/{id}, ?pago= (the back address), then external_reference, then the last intent of this tab', () => {
    expect(intentIdOf(`/portal/pago/${ID}`, new URLSearchParams())).toBe(ID);
    expect(intentIdOf('/portal', new URLSearchParams(`pago=${ID}&status=approved`))).toBe(ID);
    expect(intentIdOf('/portal/pago', new URLSearchParams(`status=approved&external_reference=${ID}`))).toBe(ID);
    expect(intentIdOf('/portal/pago', new URLSearchParams())).toBeNull();
    sessionStorage.setItem(LAST_INTENT_KEY, 'x-1');
    expect(intentIdOf('/portal/pago', new URLSearchParams())).toBe('x-1');
  });
});

describe('portal payment return', () => {
  it('asks again while pending, then shows approved with the new paid-until and the receipt', async () => {
    const { calls } = stubPortalFetch({
      [`GET /api/portal/pagos/${ID}`]: [intent(), intent(), intent({ estado: 'aprobado', idPago: 77, idRecibo: 55 })],
      'GET /api/portal/cuenta': { status: 200, body: account({ pagadoHasta: '2027-01-31' }) },
    });
    render(<PaymentReturnPage id={ID} pollMs={FAST} />);
    expect(screen.getByRole('heading')).toHaveTextContent('Estamos confirmando tu pago…');
    expect(await screen.findByRole('heading', { name: '¡Pago aprobado!' })).toBeInTheDocument();
    expect(await screen.findByText(/pagado hasta el 31 de enero de 2027/)).toBeInTheDocument();
    expect(screen.getByText('$698.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver recibo (PDF)' })).toHaveAttribute(
      'href',
      '/api/portal/recibos/55/pdf',
    );
    expect(calls.filter((c) => c.path === `/api/portal/pagos/${ID}`)).toHaveLength(3);
  });

  it('pending says OXXO and SPEI are credited when paid', async () => {
    stubPortalFetch({ [`GET /api/portal/pagos/${ID}`]: intent() });
    render(<PaymentReturnPage id={ID} />);
    expect(await screen.findByText('$698.00')).toBeInTheDocument();
    expect(screen.getByText(/Si elegiste OXXO o transferencia SPEI/)).toBeInTheDocument();
    expect(screen.getByRole('heading')).toHaveTextContent('Estamos confirmando tu pago…');
  });

  it.each([
    ['rechazado', 'Tu pago fue rechazado', true],
    ['expirado', 'El pago venció sin completarse', true],
    ['reembolsado', 'Este pago fue reembolsado', false],
  ] as const)('%s reads in Spanish; starting again is offered: %s', async (estado, title, again) => {
    stubPortalFetch({ [`GET /api/portal/pagos/${ID}`]: intent({ estado }) });
    render(<PaymentReturnPage id={ID} />);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    const link = screen.queryByRole('link', { name: 'Intentar de nuevo' });
    if (again) expect(link).toHaveAttribute('href', '/portal/pagar');
    else expect(link).not.toBeInTheDocument();
  });

  it("another customer's intent (404) says so and stops asking", async () => {
    const { calls } = stubPortalFetch({
      [`GET /api/portal/pagos/${ID}`]: {
        status: 404,
        body: { error: 'not_found', message: 'No encontramos ese pago.' },
      },
    });
    render(<PaymentReturnPage id={ID} pollMs={FAST} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No encontramos ese pago.');
    expect(calls).toHaveLength(1);
  });

  it('without an id: no payment to look for', async () => {
    render(<PaymentReturnPage id={null} />);
    expect(screen.getByRole('heading', { name: 'No encontramos tu pago' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Ver mis pagos' }));
    expect(window.location.pathname).toBe('/portal/pagos');
  });
});
