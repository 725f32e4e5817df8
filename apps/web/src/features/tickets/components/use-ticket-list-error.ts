import { modals } from '@mantine/modals';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { showInformation } from '../../../components/confirm/show-information';
import { errorMessage, isApiError } from '../../../lib/api-error';

/** How long the signed-out dialog stays before it takes the user to the main page. */
export const SIGNED_OUT_REDIRECT_MS = 5_000;

/**
 * What a ticket list does when it cannot load (spec-2 §8): signed out (401), a dialog that goes back to the main
 * page after five seconds or on OK; any other failure, a dialog whose OK reloads the page.
 */
export function useTicketListError() {
  const navigate = useNavigate();
  return useCallback(
    (error: unknown) => {
      const message = errorMessage(error);
      if (isApiError(error) && error.code === 401) {
        const timer = setTimeout(() => modals.closeAll(), SIGNED_OUT_REDIRECT_MS);
        void showInformation({ title: 'Error', message: `Error: ${message}, redirecting back to the main page...` }).then(() => {
          clearTimeout(timer);
          void navigate({ to: '/dashboard' });
        });
        return;
      }
      void showInformation({ title: 'Error', message: `Error: ${message}, please reload the page` }).then(() => window.location.reload());
    },
    [navigate],
  );
}
