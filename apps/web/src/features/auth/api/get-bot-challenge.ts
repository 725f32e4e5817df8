import { getBotChallenge } from '@portal/contract/account/password';
import type { CallOutput } from '@portal/contract/shared/define-call';
import { call } from '../../../lib/api-client';

export type BotChallenge = CallOutput<typeof getBotChallenge>;

/**
 * A fresh proof-of-work challenge. Not cached: the server accepts each challenge once, so the bot check
 * asks for a new one every time it starts solving.
 */
export function fetchBotChallenge(): Promise<BotChallenge> {
  return call(getBotChallenge, {});
}

/**
 * The challenge as the ALTCHA widget expects its fetch to answer: a plain JSON response. The widget
 * fetches by GET; our call is a POST under the CSRF rules of every call, so the widget gets this instead.
 */
export async function fetchBotChallengeResponse(): Promise<Response> {
  return Response.json(await fetchBotChallenge());
}
