import { verify } from '@node-rs/argon2';
import { hashPassword } from '../../platform/password-hash.ts';

/** Recovery passphrases and question answers are hashed like passwords: argon2id at the same cost. */
export const hashSecret = (text: string) => hashPassword(text);

export const checkSecret = (hash: string, text: string): Promise<boolean> => verify(hash, text).catch(() => false);

/** Case and spacing do not count: people retype these from paper. */
export const normaliseSecret = (text: string) => text.trim().toLowerCase().split(/\s+/).join(' ');
