// No zod here: the sign-in page reads these without the schemas (its first load stays free of zod).

/** The spec's security constants (spec-2 §9). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_ALGORITHM = 'SHA1';
export const TOTP_SECRET_LENGTH = 16;
export const RECOVERY_PASSPHRASE_WORDS = 20;
export const SECURITY_QUESTIONS_MIN = 3;
export const SECURITY_QUESTIONS_MAX = 4;
export const PASSWORD_RESET_TOKEN_MINUTES = 20;
/** The spec names this constant without its value; two days is what such mails usually allow. */
export const EMAIL_VERIFICATION_TOKEN_HOURS = 48;
/** Risky actions ask for the password or a second factor again when the last check is older than this. */
export const REAUTH_AFTER_MINUTES = 10;
export const VERIFY_EMAIL_REDIRECT_SECONDS = { success: 3, failure: 10 } as const;
export const MIN_PASSWORD_LENGTH = 8;

/** The eleven questions; the spec does not show their texts, so these are ours. Ids are stable. */
export const SECURITY_QUESTIONS = [
  { id: 1, text: 'What was the name of your first pet?' },
  { id: 2, text: 'In what city were you born?' },
  { id: 3, text: 'What was the name of your primary school?' },
  { id: 4, text: 'What was the make of your first car?' },
  { id: 5, text: "What is your oldest sibling's middle name?" },
  { id: 6, text: 'What street did you live on as a child?' },
  { id: 7, text: 'What was your childhood nickname?' },
  { id: 8, text: 'What was the first concert you attended?' },
  { id: 9, text: 'In what city did your parents meet?' },
  { id: 10, text: 'What was the name of your first employer?' },
  { id: 11, text: 'What is the title of the first book you remember reading?' },
] as const;
