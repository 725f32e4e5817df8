import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP-recommended minimum cost. */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Passwords, recovery passphrases and security answers are all hashed this way. */
export const hashPassword = (password: string) => hash(password, ARGON2);

/** A hash of nothing, checked when there is no stored hash so that both answers take the same time. */
let decoyHash: Promise<string> | null = null;

/** Whether `password` matches the stored hash; false, after as long a wait, when there is none. */
export async function checkPasswordHash(stored: string | null, password: string): Promise<boolean> {
  decoyHash ??= hashPassword('decoy password that matches no account');
  const ok = await verify(stored ?? (await decoyHash), password).catch(() => false);
  return ok && stored !== null;
}
