import {
  CONTRACT_CHANGED_EVENT,
  CONTRACT_NETWORK_EVENT,
  PAYMENT_REGISTERED_EVENT,
  type Contract,
  type ContractNetworkEvent,
} from '@airlink/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useHubEvent, useHubState } from '../../../lib/use-realtime';
import { customerPaid } from './customer-paid';
import { customersKeys } from './customers-query-keys';

/** The contract id a push payload names (`id` or `idCliente`), or null. */
function pushedId(payload: unknown, field: 'id' | 'idCliente'): number | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const value = (payload as Record<string, unknown>)[field];
  return typeof value === 'number' ? value : null;
}

/**
 * Keeps the open contract live while its panel is open, whoever changes it and wherever:
 * - `ContractChanged` for this contract at another version than the one shown (an edit, cut, reconnection,
 *   cancellation or authorization elsewhere, with or without a router): the contract is fetched again.
 * - `PaymentRegistered` for this contract (a payment in another tab or by another cashier): the contract
 *   (paid-until, days late, suspension), its Pagos and Registro tabs are fetched again.
 * - `ContractNetworkState` (the router's stored result of a cut or reconnection): written into the cached
 *   contract at once when only the router state moved; when the cut flag itself changed elsewhere the
 *   whole contract is fetched again instead, so the router state never shows beside stale lateness.
 * - a hub reconnection (pushes may have been missed while it was down): the contract is fetched again.
 * Without the push connection the router's result still arrives: while it works, the contract is asked for
 * every 5 s.
 */
export function useContractNetworkLive({ id, estadoRed }: Pick<Contract, 'id' | 'estadoRed'>) {
  const client = useQueryClient();
  const pending = estadoRed === 'pendiente';
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void client.invalidateQueries({ queryKey: customersKeys.contract(id) }), 5_000);
    return () => clearInterval(timer);
  }, [client, id, pending]);

  const hubState = useHubState();
  const wasDisconnected = useRef(false);
  const wasConnected = useRef(hubState === 'connected');
  useEffect(() => {
    if (hubState !== 'connected') {
      if (wasConnected.current) wasDisconnected.current = true;
      return;
    }
    if (wasDisconnected.current) void refetchContract(client, id);
    wasConnected.current = true;
    wasDisconnected.current = false;
  }, [client, hubState, id]);

  useHubEvent(CONTRACT_CHANGED_EVENT, (payload) => {
    if (pushedId(payload, 'id') !== id) return;
    const cached = client.getQueryData<Contract>(customersKeys.contract(id));
    if (!cached || cached.version !== (payload as { version?: unknown }).version) void refetchContract(client, id);
  });

  useHubEvent(PAYMENT_REGISTERED_EVENT, (payload) => {
    if (pushedId(payload, 'idCliente') === id) void customerPaid(client, id);
  });

  useHubEvent(CONTRACT_NETWORK_EVENT, (payload) => {
    if (pushedId(payload, 'id') !== id) return;
    const e = payload as ContractNetworkEvent;
    const cached = client.getQueryData<Contract>(customersKeys.contract(id));
    if (!cached || cached.cortado !== e.cortado) {
      void refetchContract(client, id);
      return;
    }
    client.setQueryData<Contract>(customersKeys.contract(id), {
      ...cached,
      estadoRed: e.estadoRed,
      estadoRedMensaje: e.estadoRedMensaje,
      estadoRedFecha: e.estadoRedFecha,
    });
  });
}

/** The contract and its Registro (a cut, reconnection or payment writes an entry) are fetched again. */
function refetchContract(client: ReturnType<typeof useQueryClient>, id: number) {
  return Promise.all([
    client.invalidateQueries({ queryKey: customersKeys.contract(id) }),
    client.invalidateQueries({ queryKey: customersKeys.logs(id) }),
  ]);
}
