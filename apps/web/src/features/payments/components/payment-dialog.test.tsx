import { CASH_DAY_CLOSED_MESSAGE, type Contract } from '@airlink/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockReply } from '../../../lib/testing/fetch-mock';
import { makeContract } from '../../customers/customer-fixtures';
import { makeServerUser, signIn } from '../../../lib/testing/fixtures';
import { session } from '../../../lib/session';
import { GUID, makeMovement, makePaymentResult, paymentAccounts } from '../testing/payment-fixtures';
import { collectConsoleErrors } from '../../../lib/testing/console-errors';
import { renderWithProviders } from '../../../lib/testing/render';
import { PaymentDialog, UNCONFIRMED_MESSAGE } from './payment-dialog';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function Harness({ contract, onRegistered }: { contract: Contract; onRegistered?: () => void }) {
  const [open, setOpen] = useState(true);
  const [openings, setOpenings] = useState(1);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
          setOpenings((n) => n + 1);
        }}
      >
        Abrir otra vez ({openings})
      </button>
      {open && <PaymentDialog contract={contract} onClose={() => setOpen(false)} onRegistered={onRegistered} />}
    </>
  );
}

function setup(routes: Record<string, MockReply> = {}, contract = makeContract()) {
  const mock = mockFetch({
    'POST /api/Pagos/registrar': { status: 201, body: makePaymentResult() },
    'GET /api/Cuentas/pagospendientes': { body: [] },
    'GET /api/cuentas': { body: paymentAccounts },
    ...routes,
  });
  const onRegistered = vi.fn();
  const utils = renderWithProviders(<Harness contract={contract} onRegistered={onRegistered} />, {
    path: '/dashboard/profile?id=7',
  });
  const posts = () => mock.calls.filter((c) => c.method === 'POST' && c.path === '/api/Pagos/registrar');
  /** Full addresses asked for pending movements (the query string included). */
  const pendingUrls = () =>
    mock.fn.mock.calls.map((c) => String(c[0])).filter((u) => u.startsWith('/api/Cuentas/pagospendientes'));
  return { ...mock, ...utils, onRegistered, posts, pendingUrls };
}

const dialog = () => screen.getByRole('dialog', { name: 'Registrar pago' });
const amount = () => within(dialog()).getByRole('textbox', { name: 'Monto' });
const reference = () => within(dialog()).getByRole('combobox', { name: 'Referencia' });
const submit = () => within(dialog()).getByRole('button', { name: /pago$/ });

let open: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  open = vi.spyOn(window, 'open').mockReturnValue({ opener: window } as unknown as Window);
});
afterEach(() => {
  session.clear();
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  open.mockRestore();
});

const consoleErrors = collectConsoleErrors();

describe('PaymentDialog: no React or MUI warnings (issue 22)', () => {
  it('while the places load and once they did: no out-of-range Select value, no key warning', async () => {
    signIn(16);
    // The first render has no places yet (the default place is not an option until they arrive).
    setup();
    expect(await within(dialog()).findByText('Oficina Aurrera')).toBeInTheDocument();
    // React's and MUI's warnings (a test session's token refresh may log too: not a warning of the page).
    expect(consoleErrors().filter((m) => /MUI|Warning|key/.test(m))).toEqual([]);
  });
});

describe('PaymentDialog: amount and options', () => {
  it('suggests the monthly amount and follows the options: 300, 330 with reconnection, 383 with invoice', async () => {
    setup();
    expect(amount()).toHaveValue('300.00');
    const summary = within(dialog()).getByRole('status', { name: 'Resumen del cobro' });
    expect(summary).toHaveTextContent('Servicio (1 mes)$300.00');
    expect(summary).toHaveTextContent('Periodo que cubre: del 16/06/2026 al 15/07/2026');

    await userEvent.click(within(dialog()).getByRole('switch', { name: 'Reconexión (+$30)' }));
    expect(amount()).toHaveValue('330.00');
    await userEvent.click(within(dialog()).getByRole('switch', { name: 'Factura (+16 % IVA)' }));
    expect(amount()).toHaveValue('383.00');
    expect(summary).toHaveTextContent('Reconexión$30.00');
    expect(summary).toHaveTextContent('IVA (16 %)$53.00');
    expect(summary).toHaveTextContent('Total a cobrar$383.00');
  });

  it('keeps an amount typed by hand when the options change, and can go back to the suggestion', async () => {
    const { posts } = setup();
    await userEvent.clear(amount());
    await userEvent.type(amount(), '600');
    await userEvent.click(within(dialog()).getByRole('switch', { name: 'Reconexión (+$30)' }));
    expect(amount()).toHaveValue('600.00');
    expect(within(dialog()).getByText(/Sugerido \$330\.00/)).toBeInTheDocument();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Usar sugerido' }));
    expect(amount()).toHaveValue('330.00');
    await userEvent.clear(amount());
    await userEvent.type(amount(), '600');
    await userEvent.click(submit());
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toMatchObject({ monto: 600, reconexion: true, facturar: false });
  });

  it('a suspended contract starts with Reconexión on (330); an invoicing one with Factura (348)', async () => {
    const a = setup({}, makeContract({ cortado: true }));
    expect(within(dialog()).getByRole('switch', { name: 'Reconexión (+$30)' })).toBeChecked();
    expect(amount()).toHaveValue('330.00');
    a.unmount();
    setup({}, makeContract({ facturar: true }));
    expect(within(dialog()).getByRole('switch', { name: 'Factura (+16 % IVA)' })).toBeChecked();
    expect(amount()).toHaveValue('348.00');
  });

  it('starts at 4 Oficina Aurrera and sends the untouched form as a cash payment of the month', async () => {
    const { posts } = setup();
    // The places come from GET /api/cuentas.
    await waitFor(() =>
      expect(within(dialog()).getByRole('combobox', { name: 'Lugar de pago' })).toHaveTextContent('Oficina Aurrera'),
    );
    await userEvent.click(submit());
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({
      idCliente: 7,
      monto: 300,
      idCuenta: 4,
      referencia: '',
      nota: '',
      reconexion: false,
      facturar: false,
      abono: false,
      idMovimientoFinanciero: null,
    });
  });

  it('refuses an empty amount in place, without asking the server', async () => {
    const { posts } = setup();
    await userEvent.clear(amount());
    await userEvent.click(submit());
    expect(await within(dialog()).findByText('Escribe el monto del pago')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });
});

describe('PaymentDialog: reference and pending bank movements', () => {
  it('asks for pending movements only after 3 characters, in lower case', async () => {
    const { pendingUrls } = setup({ 'GET /api/Cuentas/pagospendientes': { body: [makeMovement(1)] } });
    await userEvent.type(reference(), 'SP');
    await new Promise((r) => setTimeout(r, 400));
    expect(pendingUrls()).toEqual([]);
    await userEvent.type(reference(), 'E');
    await waitFor(() => expect(pendingUrls()).toEqual(['/api/Cuentas/pagospendientes?q=spe']));
    const option = await screen.findByRole('option', { name: /SPEI 1001/ });
    expect(option).toHaveTextContent('18/06/2026');
    expect(option).toHaveTextContent('Banamex Airlink');
    expect(option).toHaveTextContent('$383.00');
  });

  it('choosing a movement links it, moves the place to its account and takes its amount; typing lets it go', async () => {
    const movement = makeMovement(1, { monto: 383, idCuenta: 6, cuenta: 'Banamex Airlink' });
    const { posts } = setup({ 'GET /api/Cuentas/pagospendientes': { body: [movement] } });
    await userEvent.type(reference(), 'spei');
    await userEvent.click(await screen.findByRole('option', { name: /SPEI 1001/ }));
    expect(reference()).toHaveValue('SPEI 1001');
    expect(within(dialog()).getByRole('combobox', { name: 'Lugar de pago' })).toHaveTextContent('Banamex Airlink');
    expect(amount()).toHaveValue('383.00');
    expect(
      within(dialog()).getByText(/Depósito vinculado: Banamex Airlink, 18\/06\/2026, \$383\.00/),
    ).toBeInTheDocument();
    await userEvent.click(submit());
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toMatchObject({
      idMovimientoFinanciero: 1,
      idCuenta: 6,
      monto: 383,
      referencia: 'SPEI 1001',
    });
  });

  it('free text after a choice clears the link', async () => {
    const { posts } = setup({
      'GET /api/Cuentas/pagospendientes': { body: [makeMovement(1)] },
      'POST /api/Pagos/registrar': { status: 409, body: { error: 'x', message: 'Rechazado' } },
    });
    await userEvent.type(reference(), 'spei');
    await userEvent.click(await screen.findByRole('option', { name: /SPEI 1001/ }));
    await userEvent.type(reference(), '-B');
    expect(within(dialog()).queryByText(/Depósito vinculado/)).not.toBeInTheDocument();
    await userEvent.click(submit());
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toMatchObject({ referencia: 'SPEI 1001-B', idMovimientoFinanciero: null });
  });
});

describe('PaymentDialog: sending', () => {
  it('sends an Idempotency-Key and reuses it on the retry after a lost connection; a new opening has a new key', async () => {
    let attempt = 0;
    const { posts, onRegistered } = setup({
      'POST /api/Pagos/registrar': () => {
        attempt += 1;
        if (attempt === 1) throw new TypeError('Failed to fetch');
        return { status: 200, body: makePaymentResult({ repetido: attempt > 2 }) };
      },
    });
    await userEvent.click(submit());
    expect(await within(dialog()).findByText(UNCONFIRMED_MESSAGE)).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    const retry = within(dialog()).getByRole('button', { name: 'Reintentar pago' });
    await waitFor(() => expect(retry).toBeEnabled());
    await userEvent.click(retry);
    expect(await screen.findByText('Pago registrado')).toBeInTheDocument();
    const keys = posts().map((c) => c.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
    expect(onRegistered).toHaveBeenCalledTimes(1);

    // The next payment (a new opening) gets its own key.
    await userEvent.click(screen.getByRole('button', { name: /Abrir otra vez/ }));
    await userEvent.click(submit());
    await waitFor(() => expect(posts()).toHaveLength(3));
    expect(posts()[2]!.headers['idempotency-key']).toMatch(UUID);
    expect(posts()[2]!.headers['idempotency-key']).not.toBe(keys[0]);
  });

  it('disables the inputs on submit, sends once on a double click, and enables them again after 1.5 s', async () => {
    const { posts } = setup({
      'POST /api/Pagos/registrar': {
        status: 409,
        body: { error: 'cash_day_closed', message: CASH_DAY_CLOSED_MESSAGE },
      },
    });
    vi.useFakeTimers();
    const button = submit();
    fireEvent.click(button);
    fireEvent.click(button);
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(posts()).toHaveLength(1);
    expect(within(dialog()).getByText(CASH_DAY_CLOSED_MESSAGE)).toBeInTheDocument();
    expect(amount()).toBeDisabled();
    expect(reference()).toBeDisabled();
    expect(within(dialog()).getByRole('textbox', { name: 'Nota (opcional)' })).toBeDisabled();
    expect(within(dialog()).getByRole('switch', { name: 'Reconexión (+$30)' })).toBeDisabled();
    expect(submit()).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(amount()).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(amount()).toBeEnabled();
    expect(reference()).toBeEnabled();
    expect(submit()).toBeEnabled();
    expect(posts()).toHaveLength(1);
  });

  it('on success opens the receipt in a new tab, toasts, tells the panel and closes', async () => {
    const { onRegistered } = setup();
    await userEvent.click(submit());
    expect(await screen.findByText('Pago registrado')).toBeInTheDocument();
    expect(open).toHaveBeenCalledWith(`/print/receipt/${GUID}`, '_blank');
    expect(onRegistered).toHaveBeenCalledWith(expect.objectContaining({ guid: GUID, reciboId: 123 }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Registrar pago' })).not.toBeInTheDocument());
  });

  it('when the browser blocks the tab, the toast offers Abrir recibo', async () => {
    open.mockReturnValue(null);
    setup();
    await userEvent.click(submit());
    const link = await screen.findByRole('link', { name: 'Abrir recibo' });
    expect(link).toHaveAttribute('href', `/print/receipt/${GUID}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByText(/Pago registrado/)).toBeInTheDocument();
  });

  it('shows the server refusal in Spanish and keeps the dialog open', async () => {
    setup({
      'POST /api/Pagos/registrar': {
        status: 409,
        body: { error: 'cash_day_closed', message: CASH_DAY_CLOSED_MESSAGE },
      },
    });
    await userEvent.click(submit());
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(CASH_DAY_CLOSED_MESSAGE);
    expect(open).not.toHaveBeenCalled();
    expect(submit()).toHaveTextContent('Registrar pago');
  });

  it('puts field details of a 400 under their fields; a used movement under Referencia', async () => {
    let attempt = 0;
    setup({
      'GET /api/Cuentas/pagospendientes': { body: [makeMovement(1)] },
      'POST /api/Pagos/registrar': () => {
        attempt += 1;
        return attempt === 1
          ? {
              status: 400,
              body: {
                error: 'bad_request',
                message: 'La referencia elegida pertenece a otra cuenta.',
                details: { idCuenta: ['No coincide con la cuenta del movimiento bancario'] },
              },
            }
          : {
              status: 409,
              body: { error: 'movement_used', message: 'Esa referencia bancaria ya se usó en otro pago.' },
            };
      },
    });
    await userEvent.click(submit());
    expect(await within(dialog()).findByText('No coincide con la cuenta del movimiento bancario')).toBeInTheDocument();
    await waitFor(() => expect(reference()).toBeEnabled());
    await userEvent.type(reference(), 'spei');
    await userEvent.click(await screen.findByRole('option', { name: /SPEI 1001/ }));
    await waitFor(() => expect(submit()).toBeEnabled());
    await userEvent.click(submit());
    expect(await within(dialog()).findByText('Ese depósito ya se usó en otro pago')).toBeInTheDocument();
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Esa referencia bancaria ya se usó en otro pago.');
    expect(within(dialog()).queryByText(/Depósito vinculado/)).not.toBeInTheDocument();
  });
});

describe('PaymentDialog: abono, credit balance, adjustment accounts and deposit differences', () => {
  const summary = () => within(dialog()).getByRole('status', { name: 'Resumen del cobro' });
  const abono = () => within(dialog()).getByRole('checkbox', { name: 'Abono (pago parcial)' });
  const BELOW = 'El monto no cubre una mensualidad ($300.00). Márcalo como abono para registrarlo como pago parcial.';

  it('below one month: shows the refusal before sending and sends nothing until it is marked Abono', async () => {
    const { posts } = setup();
    await userEvent.clear(amount());
    await userEvent.type(amount(), '100');
    expect(summary()).toHaveTextContent(BELOW);
    await userEvent.click(submit());
    expect(await within(dialog()).findAllByText(BELOW)).not.toHaveLength(0);
    expect(posts()).toHaveLength(0);

    await userEvent.click(abono());
    expect(summary()).not.toHaveTextContent(BELOW);
    expect(summary()).toHaveTextContent('Abono (pago parcial)$100.00');
    expect(summary()).toHaveTextContent('Meses que cubre0 meses');
    expect(summary()).toHaveTextContent('Saldo a favor que queda$100.00');
    expect(summary()).toHaveTextContent('No completa una mensualidad: queda pagado hasta el 15/06/2026.');
    await userEvent.click(submit());
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toMatchObject({ monto: 100, abono: true });
  });

  it("shows the contract's credit, the months the amount covers with it and the credit that remains", async () => {
    setup({}, makeContract({ saldoAFavor: 250 }));
    expect(summary()).toHaveTextContent('Saldo a favor actual$250.00');
    // $300 + $250 of credit: one month, $250 stays.
    expect(summary()).toHaveTextContent('Meses que cubre1 mes');
    expect(summary()).toHaveTextContent('Saldo a favor que queda$250.00');
    await userEvent.clear(amount());
    await userEvent.type(amount(), '100');
    await userEvent.click(abono());
    // $100 + $250: completes the month, $50 stays; the period starts after paid-until.
    expect(summary()).toHaveTextContent('Meses que cubre1 mes');
    expect(summary()).toHaveTextContent('Saldo a favor que queda$50.00');
    expect(summary()).toHaveTextContent('Periodo que cubre: del 16/06/2026 al 15/07/2026');
  });

  it('offers the adjustment accounts (8, 9, 10) only to level 20', async () => {
    const place = () => within(dialog()).getByRole('combobox', { name: 'Lugar de pago' });
    signIn(16);
    const a = setup({ 'GET /api/usuarios': { body: [makeServerUser(16)] } });
    await userEvent.click(place());
    let options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Oficina Aurrera', 'Oficina Pachuca', 'Banamex Crispin', 'Tarjeta', 'Banamex Airlink']);
    await userEvent.keyboard('{Escape}');
    a.unmount();

    signIn(20);
    setup({ 'GET /api/usuarios': { body: [makeServerUser(20)] } });
    await userEvent.click(place());
    options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(
      expect.arrayContaining(['Ajuste de Fecha (efectivo)', 'Ajuste (tarjeta)', 'Ajuste (deposito)']),
    );
  });

  it('offers the active accounts with the names and order of Administración', async () => {
    const renamed = paymentAccounts.map((a) =>
      a.id === 3 ? { ...a, nombre: 'Caja Pachuca Centro', orden: 0 } : a.id === 5 ? { ...a, activo: false } : a,
    );
    setup({ 'GET /api/cuentas': { body: [renamed.find((a) => a.id === 3)!, ...renamed.filter((a) => a.id !== 3)] } });
    await userEvent.click(within(dialog()).getByRole('combobox', { name: 'Lugar de pago' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Caja Pachuca Centro', 'Oficina Aurrera', 'Banamex Crispin', 'Banamex Airlink']);
  });

  it('a deposit of another amount: shows the difference, and on confirmation resends the same attempt confirmed', async () => {
    let attempt = 0;
    const message =
      'El depósito SPEI 1001 es de $383.00 y el pago es de $300.00. Confirma la diferencia para registrarlo así.';
    const { posts } = setup({
      'GET /api/Cuentas/pagospendientes': { body: [makeMovement(1, { monto: 383 })] },
      'POST /api/Pagos/registrar': () => {
        attempt += 1;
        return attempt === 1
          ? { status: 409, body: { error: 'deposit_amount_mismatch', message } }
          : { status: 201, body: makePaymentResult() };
      },
    });
    await userEvent.type(reference(), 'spei');
    await userEvent.click(await screen.findByRole('option', { name: /SPEI 1001/ }));
    await userEvent.clear(amount());
    await userEvent.type(amount(), '300');
    await userEvent.click(submit());
    const warning = await within(dialog()).findByText(message);
    expect(warning.closest('[role="alert"]')).toHaveTextContent('Diferencia: $83.00');
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.body).not.toHaveProperty('confirmarDiferencia');
    const confirm = within(dialog()).getByRole('button', { name: 'Confirmar y registrar' });
    await waitFor(() => expect(confirm).toBeEnabled());
    await userEvent.click(confirm);
    expect(await screen.findByText('Pago registrado')).toBeInTheDocument();
    expect(posts()).toHaveLength(2);
    expect(posts()[1]!.body).toMatchObject({ idMovimientoFinanciero: 1, monto: 300, confirmarDiferencia: true });
    expect(posts()[1]!.headers['idempotency-key']).toBe(posts()[0]!.headers['idempotency-key']);
  });
});
