import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account, stubPortalFetch } from '../testing/portal-fetch';
import { browser, estimateAmount, LAST_INTENT_KEY, PayPage } from './pay-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('estimateAmount (shown only; the server computes the charge)', () => {
  it('months x monthly; the reconnection once when cut; 16 % on everything when invoiced (whole pesos)', () => {
    expect(estimateAmount(account(), 3)).toBe(1047);
    expect(estimateAmount(account({ estado: 'suspendido', montoAPagar: 379 }), 2)).toBe(728);
    const invoiced = account({ montoMensual: 100, montoAPagar: 116 });
    expect(estimateAmount(invoiced, 2)).toBe(232);
    expect(estimateAmount(account({ montoMensual: 100, montoAPagar: 151, estado: 'suspendido' }), 2)).toBe(267);
  });
});

describe('portal pay online', () => {
  it('offers 1 to 12 months, shows the estimate, creates the intent with only the months and goes to urlPago', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { calls } = stubPortalFetch({
      'GET /api/portal/cuenta': { status: 200, body: account() },
      'POST /api/portal/pagos': {
        status: 201,
        body: { id: 'abc-123', urlPago: 'http://127.0.0.1:9/checkout?pref_id=1' },
      },
    });
    render(<PayPage />);
    const user = userEvent.setup();
    expect(await screen.findAllByRole('radio')).toHaveLength(12);
    expect(screen.getByText('$349.00')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '2 meses' }));
    expect(screen.getByText('$698.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ir a pagar' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:9/checkout?pref_id=1'));
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/api/portal/pagos', body: { meses: 2 } });
    expect(sessionStorage.getItem(LAST_INTENT_KEY)).toBe('abc-123');
  });

  it("Mercado Pago down: the server's Spanish message, and the customer may try again", async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    stubPortalFetch({
      'GET /api/portal/cuenta': { status: 200, body: account() },
      'POST /api/portal/pagos': {
        status: 502,
        body: { error: 'bad_gateway', message: 'Mercado Pago no responde. Intenta de nuevo en unos minutos.' },
      },
    });
    render(<PayPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ir a pagar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Mercado Pago no responde.');
    expect(screen.getByRole('button', { name: 'Ir a pagar' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });
});
