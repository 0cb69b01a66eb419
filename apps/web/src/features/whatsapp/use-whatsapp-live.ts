import { WHATSAPP_MESSAGE_EVENT, whatsappMessageEventSchema, type WhatsAppMessageEvent } from '@airlink/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useHubEvent, useHubState } from '../../lib/use-realtime';
import { whatsappKeys } from './api/whatsapp-query-keys';

/**
 * Keeps the inbox live while mounted: each WhatsAppMessage push (a message stored by the webhook, a reply,
 * a test-panel send) refreshes the conversation list and that conversation's messages, then `onMessage`
 * runs (the page marks the open conversation read). After the hub reconnects, everything is asked again.
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
    void queryClient.invalidateQueries({ queryKey: whatsappKeys.conversations() });
    void queryClient.invalidateQueries({ queryKey: whatsappKeys.messages(parsed.data.conversationId) });
    onMessage?.(parsed.data);
  });
}
