import { PAYMENT_REGISTERED_EVENT } from '@airlink/domain';
import { answerSchemas } from '../../lib/answer-checks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useHubEvent, useHubState } from '../../lib/use-realtime';
import { homeKeys } from './api/home-query-keys';
import { toLivePayment, type LivePayment } from './live-payment';

/**
 * Keeps the open dashboard current without polling: every PaymentRegistered push refreshes the
 * dashboard's queries (summaries, receipts, reconnections, overdue services), and so does a hub
 * reconnection (pushes may have been missed while it was down). Returns the latest pushed payment,
 * for the page's "new payment" indicator.
 */
export function useHomeLive(): LivePayment | null {
  const queryClient = useQueryClient();
  const [last, setLast] = useState<LivePayment | null>(null);
  const hubState = useHubState();
  const wasConnected = useRef(hubState === 'connected');
  const wasDisconnected = useRef(false);

  useEffect(() => {
    if (hubState !== 'connected') {
      if (wasConnected.current) wasDisconnected.current = true;
      return;
    }
    // The first connection follows the page's own load; a later one may have missed pushes.
    if (wasDisconnected.current) void queryClient.invalidateQueries({ queryKey: homeKeys.all });
    wasConnected.current = true;
    wasDisconnected.current = false;
  }, [hubState, queryClient]);

  useHubEvent(PAYMENT_REGISTERED_EVENT, (payload) => {
    // Whatever the payload says, a payment was registered: the figures changed.
    void queryClient.invalidateQueries({ queryKey: homeKeys.all });
    void answerSchemas().then(({ paymentRegisteredSchema }) => {
      const parsed = paymentRegisteredSchema.safeParse(payload);
      if (!parsed.success) {
        console.error('Ignoring an invalid PaymentRegistered payload', parsed.error);
        return;
      }
      setLast((prev) => toLivePayment(parsed.data, (prev?.seq ?? 0) + 1));
    });
  });

  return last;
}
