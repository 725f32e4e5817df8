import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

export const PASSWORD_TOO_WEAK = 'This password is too common or too easy to guess. Please choose another, such as a few unrelated words';

/**
 * zxcvbn scores 0 to 4. Below 2 it is guessed within about a million tries: the breached and common
 * password lists, keyboard walks, repeats, dates and the user's own details all land there
 * (docs/decisions/0013-user-rules.md).
 */
const MIN_SCORE = 2;

/**
 * The estimator with the common dictionaries (passwords, names, Wikipedia words) shipped in the npm
 * package, so nothing is fetched at run time. Only the first 64 characters are looked at and l33t
 * substitutions are capped: the matcher is superlinear, and it runs on the event loop. A longer password
 * only gains from what lies beyond.
 */
const estimator = new ZxcvbnFactory({
  dictionary: { ...common.dictionary },
  graphs: common.adjacencyGraphs,
  maxLength: 64,
  l33tMaxSubstitutions: 10,
});

/** The user's own details, and their parts, as words a password must not be built from. */
function personalWords(details: readonly string[]): string[] {
  const words = new Set<string>();
  for (const detail of details) {
    const text = detail.trim().toLowerCase();
    if (!text) continue;
    words.add(text);
    const local = text.split('@')[0] ?? '';
    words.add(local);
    for (const part of local.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  }
  return [...words].filter((w) => w.length >= 3);
}

/** Why the password is refused (the message for its field), or null when it is hard enough to guess. */
export function passwordWeakness(password: string, details: readonly string[]): string | null {
  const { score } = estimator.check(password, personalWords(details));
  return score < MIN_SCORE ? PASSWORD_TOO_WEAK : null;
}
