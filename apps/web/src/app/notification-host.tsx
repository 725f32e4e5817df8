import { type NotificationsProps, useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useRef } from 'react';

// The toasts' container (with its transitions) loads with the first toast; the store that notifySuccess
// and notifyFailure write to is tiny and always there, so nothing shown before it loads is lost.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/** Where toasts render (components/feedback/notify.ts): nothing until the first one is shown. */
export function NotificationHost(props: NotificationsProps) {
  const { notifications, queue } = useNotifications();
  const wanted = useRef(false);
  if (notifications.length > 0 || queue.length > 0) wanted.current = true;
  if (!wanted.current) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  );
}
