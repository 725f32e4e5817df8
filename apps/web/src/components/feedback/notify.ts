import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../lib/api-error';

/**
 * The one feedback pattern for finished actions: a short toast that says what happened ("Company saved").
 * Errors a user can fix stay beside the form (FormErrorAlert); this is for results and for failures of
 * actions that have no form (exports, menu actions).
 */
export function notifySuccess(message: string) {
  notifications.show({ color: 'green', message, autoClose: 4000 });
}

export function notifyFailure(title: string, error: unknown) {
  notifications.show({ color: 'red', title, message: errorMessage(error), autoClose: 8000 });
}
