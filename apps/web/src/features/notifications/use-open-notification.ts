import { type Notification } from '@airlink/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { markNotificationRead } from './notification-actions';
import { notificationTarget } from './notification-format';

/**
 * Clicking a notification marks it read and opens its internal url or its customer's panel;
 * any other url is never followed (the notification is only marked read).
 */
export function useOpenNotification(afterOpen?: () => void) {
  const navigate = useNavigate();
  return useCallback(
    (n: Notification) => {
      void markNotificationRead(n.id);
      const target = notificationTarget(n);
      if (!target) return;
      afterOpen?.();
      void (async () => {
        try {
          await navigate(target);
        } catch (e) {
          console.error('Could not open the notification', e);
        }
      })();
    },
    [navigate, afterOpen],
  );
}
