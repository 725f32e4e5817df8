import type { AuthContext } from '@portal/contract/auth/auth-context';
import { MESSAGES } from '@portal/contract/shared/messages';
import { useAuthContext } from '../features/auth/api/session';

/** The auth context inside the signed-in layout, which renders its pages only while there is one. */
export function useSignedInAuth(): AuthContext {
  const { data } = useAuthContext();
  if (!data) throw new Error(MESSAGES.notLoggedIn);
  return data;
}
