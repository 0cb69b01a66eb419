import { WHATSAPP_MESSAGE_EVENT, whatsappMessageEventSchema, type WhatsAppMessageEvent } from '@airlink/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useHubEvent, useHubState } from '../../lib/use-realtime';
import { applyPushedMessage } from './api/pushed-message';
import { whatsappKeys } from './api/whatsapp-query-keys';

/**
 * Keeps the inbox live while mounted: each WhatsAppMessage push (a message stored by the webhook, a reply,
 * a test-panel send, an ack or a deletion) carries the stored message, which goes straight into the cached
 * conversation lists and that conversation's messages (`applyPushedMessage`: only a list without the conversation,
 * or a request already on its way, is asked again), then `onMessage` runs (the page marks the open conversation
 * read). After the hub reconnects, everything is asked again (pushes may have been missed).
 */
export function useWhatsAppLive(onMessage?: (event: WhatsAppMessageEvent) => void): void {
  const queryClient = useQueryClient();
  const hubState = useHubState();
  const lastHubState = useRef(hubState);

  useEffect(() => {
    const reconnected = hubState === 'connected' && lastHubState.current !== 'connected';
    lastHubState.current = hubState;
    if (reconnected) void queryClient.invalidateQueries({ queryKey: whatsappKeys.all });
  }, [hubState, queryClient]);

  useHubEvent(WHATSAPP_MESSAGE_EVENT, (payload) => {
    const parsed = whatsappMessageEventSchema.safeParse(payload);
    if (!parsed.success) {
      console.error('Ignoring an invalid WhatsAppMessage payload', parsed.error);
      return;
    }
    applyPushedMessage(queryClient, parsed.data);
    onMessage?.(parsed.data);
  });
}
