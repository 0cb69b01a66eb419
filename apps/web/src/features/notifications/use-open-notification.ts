import { type Notification } from '@airlink/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { markNotificationRead } from './notification-actions';
import { notificationTarget } from './notification-format';

/** Clicking a notification marks it read and opens its url or its customer's panel. */
export function useOpenNotification(afterOpen?: () => void) {
  const navigate = useNavigate();
  return useCallback(
    (n: Notification) => {
      void markNotificationRead(n.id);
      const target = notificationTarget(n);
      if (target) {
        afterOpen?.();
        void navigate(target);
      }
    },
    [navigate, afterOpen],
  );
}
