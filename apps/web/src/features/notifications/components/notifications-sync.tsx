import { answerSchemas } from '../../../lib/answer-checks';
import { useSnackbar } from '../../../lib/toast';
import { useEffect, useRef } from 'react';
import { useHubEvent, useHubState } from '../../../lib/use-realtime';
import { syncNotifications } from '../notification-actions';
import { notificationStore } from '../notification-store';

const PREVIEW_LENGTH = 140;

/**
 * Keeps the store in step with the server: loads GET /api/notifications at start and after each
 * reconnection, and adds every ReceiveMessage (with a small info toast).
 */
export function NotificationsSync() {
  const { enqueueSnackbar } = useSnackbar();
  const hubState = useHubState();
  const wasConnected = useRef(false);

  useEffect(() => {
    const ctrl = new AbortController();
    void syncNotifications(ctrl.signal);
    return () => ctrl.abort();
  }, []);

  useEffect(() => {
    if (hubState !== 'connected') return;
    // The first connection follows the start-up load; later ones may have missed messages.
    if (wasConnected.current) void syncNotifications();
    wasConnected.current = true;
  }, [hubState]);

  // Checked once the shell's schemas are here (at once after the first push); pushes keep their order.
  useHubEvent(
    'ReceiveMessage',
    (payload) =>
      void answerSchemas().then(({ notificationSchema }) => {
        const parsed = notificationSchema.safeParse(payload);
        if (!parsed.success) {
          console.error('Ignoring an invalid ReceiveMessage payload', parsed.error);
          return;
        }
        const n = parsed.data;
        notificationStore.add(n);
        const message = n.message.length > PREVIEW_LENGTH ? `${n.message.slice(0, PREVIEW_LENGTH)}…` : n.message;
        enqueueSnackbar(
          // Plain CSS (app/shell.css): this component is part of the first screen.
          <div className="sh-toast-notice">
            <strong>{n.user}</strong>
            <span>{message}</span>
          </div>,
          { variant: 'info' },
        );
      }),
  );

  return null;
}
