import { reauthenticate } from '@portal/contract/auth/sessions';
import { REAUTH_REQUIRED } from '@portal/contract/shared/security';
import { type FakeError, type FakeHandler, type FakeRoute, on } from './fake-api';

/** The server's refusal of a risky call when the user's last sign-in check is too old. */
export const REAUTH_REFUSAL: FakeError = {
  error: { code: 403, message: REAUTH_REQUIRED.message, data: { [REAUTH_REQUIRED.flag]: true } },
};

/**
 * A fake server's recent sign-in check: `answer(x)` is the refusal until `route` (the reauthenticate call)
 * has succeeded, then `x`. `reauth` decides how reauthenticate answers; by default it accepts anything.
 */
export function reauthGate(reauth: FakeHandler<typeof reauthenticate> = () => ({ reauthenticated_at: '2026-01-15T00:00:00Z' })) {
  let confirmed = false;
  const route: FakeRoute = on(reauthenticate, (body) => {
    const answer = reauth(body);
    if (!('error' in answer)) confirmed = true;
    return answer;
  });
  return { route, answer: <T>(answer: T): T | FakeError => (confirmed ? answer : REAUTH_REFUSAL) };
}
