import { createGuardrails, generate } from 'otplib';

const PERIOD_SECONDS = 30;
/** The portal's secrets are 16 base32 characters, 10 bytes; otplib asks for 16 bytes unless told. */
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The 30-second time step a code made now belongs to. */
export const totpStepNow = () => Math.floor(nowSeconds() / PERIOD_SECONDS);

/** What an authenticator app shows now for the secret (spaces, as the page groups it, are ignored). */
export function totpCode(secret: string): Promise<string> {
  return generate({ secret: secret.replace(/\s+/g, ''), guardrails, epoch: nowSeconds() });
}

/**
 * The first code of a later time step than `usedStep`, waiting for that step to begin: the portal
 * refuses a code from a step it has already accepted.
 */
export async function nextTotpCode(secret: string, usedStep: number): Promise<string> {
  const wait = (usedStep + 1) * PERIOD_SECONDS * 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 100));
  return totpCode(secret);
}
