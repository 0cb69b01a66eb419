import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pendingMovementsQueryOptions as cashPendingOptions } from '../../cash/api/list-pending-movements';
import { useImportStatement } from '../../cash/api/import-statement';
import { pendingMovementsQueryOptions as paymentPendingOptions } from './list-pending-movements';
import { useRegisterPayment } from './register-payment';
import { makeMovement, makePaymentResult } from '../testing/payment-fixtures';
import { session } from '../../../lib/session';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { signIn } from '../../../lib/testing/fixtures';
import { pendingMovementsKeys } from '../../../lib/pending-movements-keys';

/** A query client holding the pending deposits as Caja y Bancos and the payment dialog cached them. */
function primedClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const deposits = [makeMovement(1)];
  client.setQueryData(cashPendingOptions('', '').queryKey, deposits);
  client.setQueryData(cashPendingOptions('spei', 6).queryKey, deposits);
  client.setQueryData(paymentPendingOptions('').queryKey, deposits);
  client.setQueryData(paymentPendingOptions('SPEI').queryKey, deposits);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const keys = [
    cashPendingOptions('', '').queryKey,
    cashPendingOptions('spei', 6).queryKey,
    paymentPendingOptions('').queryKey,
    paymentPendingOptions('SPEI').queryKey,
  ];
  /** The cached lists a change has not marked for a refetch. */
  const stale = () => keys.filter((key) => !client.getQueryState(key)?.isInvalidated).map((key) => key.join('/'));
  return { client, wrapper, stale };
}

afterEach(() => {
  session.clear();
  vi.unstubAllGlobals();
});

describe('pending deposits cache', () => {
  it('keeps the lists of Caja y Bancos and of the payment dialog under one root', () => {
    const { client } = primedClient();
    expect(client.getQueryCache().findAll({ queryKey: pendingMovementsKeys.all })).toHaveLength(4);
  });

  it('a registered payment refreshes every cached list of pending deposits, Caja y Bancos included', async () => {
    signIn(16);
    mockFetch({ 'POST /api/Pagos/registrar': { status: 201, body: makePaymentResult() } });
    const { wrapper, stale } = primedClient();
    const { result } = renderHook(() => useRegisterPayment(), { wrapper });
    await result.current.mutateAsync({
      body: {
        idCliente: 7,
        monto: 300,
        idCuenta: 1,
        referencia: '',
        nota: '',
        reconexion: false,
        facturar: false,
        abono: false,
        idMovimientoFinanciero: 1,
      },
      idempotencyKey: crypto.randomUUID(),
    });
    expect(stale()).toEqual([]);
  });

  it('an imported statement refreshes the payment dialog’s pending deposits too', async () => {
    signIn(16);
    mockFetch({
      'POST /api/Cuentas/movimientos/importar': {
        status: 200,
        body: { importados: 1, duplicados: 0, omitidos: 0, lote: 'L1' },
      },
    });
    const { wrapper, stale } = primedClient();
    const { result } = renderHook(() => useImportStatement(), { wrapper });
    await result.current.mutateAsync({ idCuenta: 6, contenido: 'x', mapeo: {} } as never);
    expect(stale()).toEqual([]);
  });
});
