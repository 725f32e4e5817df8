import { REAUTH_REQUIRED } from '@portal/contract/shared/security';
import { isApiError } from '../../../lib/api-error';
import type { ReauthOptions } from '../components/reauth/reauth-dialog';

/** A risky action refused because the user last proved who they are too long ago. */
export function isReauthRequired(error: unknown): boolean {
  return isApiError(error) && error.code === 403 && error.data[REAUTH_REQUIRED.flag] === true;
}

/**
 * Runs a risky call; when the server asks for a fresh check, asks for the password (or a code),
 * then runs the call once more. A cancelled prompt rejects with the server's original refusal.
 * Mutations of other features pass it as their `through` (see lib/call-hooks).
 */
export async function withReauth<T>(action: () => Promise<T>, options: ReauthOptions = {}): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (!isReauthRequired(error)) throw error;
    // The dialog (a form in a modal) loads only when the server asks for it, not with every page.
    const { askToReauthenticate } = await import('../components/reauth/reauth-dialog');
    const confirmed = await askToReauthenticate(options);
    if (!confirmed) throw error;
    return action();
  }
}
