import { errorMessage } from '../../lib/api-error';

// Mantine's toast close button has no name of its own (axe: button-name).
const closeButtonProps = { 'aria-label': 'Dismiss' };

/**
 * The one feedback pattern for finished actions: a short toast that says what happened ("Company saved").
 * Errors a user can fix stay beside the form (FormErrorAlert); this is for results and for failures of
 * actions that have no form (exports, menu actions). The toast library loads on demand (see providers.tsx).
 */
export function notifySuccess(message: string) {
  void import('@mantine/notifications').then(({ notifications }) => notifications.show({ color: 'green', message, autoClose: 4000, closeButtonProps }));
}

export function notifyFailure(title: string, error: unknown) {
  const message = errorMessage(error);
  void import('@mantine/notifications').then(({ notifications }) => notifications.show({ color: 'red', title, message, autoClose: 8000, closeButtonProps }));
}
