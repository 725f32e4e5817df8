import { MIN_PASSWORD_LENGTH } from '@portal/contract/shared/security';

export type StrengthLevel = 'too-short' | 'weak' | 'fair' | 'strong';

export interface StrengthHint {
  level: StrengthLevel;
  /** 0 to 3, for a meter. */
  score: number;
  label: string;
  tip: string;
}

/** Passwords and fragments that every guessing list starts with; any password built on one is weak. */
const COMMON = [
  'password',
  'passw0rd',
  'qwerty',
  'asdf',
  'zxcv',
  '123456',
  '12345678',
  'abc123',
  'letmein',
  'welcome',
  'iloveyou',
  'admin',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'trustno1',
  'backup',
];

const TIP = 'Longer is stronger: a few unrelated words work well.';

/**
 * A quick estimate while the user types, not the verdict: the server checks the password against the
 * breached and common password lists (zxcvbn, which is too large to ship to the browser) when it is saved.
 * `personal` are the user's own details (email, name), which a password must not be built from.
 */
export function passwordStrength(password: string, personal: readonly string[] = []): StrengthHint {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return { level: 'too-short', score: 0, label: 'Too short', tip: `Use at least ${MIN_PASSWORD_LENGTH} characters.` };
  }
  const lower = password.toLowerCase();
  const words = personal.flatMap((detail) => detail.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((word) => word.length >= 3);
  const guessable =
    /^(.)\1+$/.test(password) ||
    /^(?:0123456789|1234567890|9876543210|abcdefgh|qwertyui)/.test(lower) ||
    COMMON.some((common) => lower.includes(common)) ||
    words.some((word) => lower.includes(word));
  if (guessable) {
    return { level: 'weak', score: 1, label: 'Weak', tip: 'Avoid common passwords, keyboard runs and your own name or email.' };
  }
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z\d]/].filter((kind) => kind.test(password)).length;
  const distinct = new Set(password).size;
  let points = 0;
  if (password.length >= 12) points += 1;
  if (password.length >= 16) points += 1;
  if (kinds >= 3) points += 1;
  if (distinct < 5) points = 0;
  if (points >= 2) return { level: 'strong', score: 3, label: 'Strong', tip: 'Good: hard to guess.' };
  if (points === 1) return { level: 'fair', score: 2, label: 'Fair', tip: TIP };
  return { level: 'weak', score: 1, label: 'Weak', tip: TIP };
}
