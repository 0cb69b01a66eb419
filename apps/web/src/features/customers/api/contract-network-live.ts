import { CONTRACT_NETWORK_EVENT, type Contract, type ContractNetworkEvent } from '@airlink/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useHubEvent } from '../../../lib/use-realtime';
import { customersKeys } from './customers-query-keys';

/**
 * Keeps the open contract's router state live: the push hub's `ContractNetworkState` event carries the
 * stored result (aplicado / pendiente / error); it is written into the cached contract at once.
 */
export function useContractNetworkLive({ id, estadoRed }: Pick<Contract, 'id' | 'estadoRed'>) {
  const client = useQueryClient();
  // Without the push connection the result still arrives: while the router works, ask every 5 s.
  const pending = estadoRed === 'pendiente';
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void client.invalidateQueries({ queryKey: customersKeys.contract(id) }), 5_000);
    return () => clearInterval(timer);
  }, [client, id, pending]);
  useHubEvent(CONTRACT_NETWORK_EVENT, (...args: unknown[]) => {
    const e = args[0] as ContractNetworkEvent | undefined;
    if (!e || e.id !== id) return;
    client.setQueryData<Contract>(customersKeys.contract(id), (old) =>
      old
        ? {
            ...old,
            cortado: e.cortado,
            estadoRed: e.estadoRed,
            estadoRedMensaje: e.estadoRedMensaje,
            estadoRedFecha: e.estadoRedFecha,
          }
        : old,
    );
  });
}
