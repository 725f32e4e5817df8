import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';

/**
 * Reply addresses and Message-IDs of ticket mail (docs/decisions/0046).
 *
 * A notification's Reply-To is ticket+<ticket>.<user>.<signature>@INBOUND_MAIL_DOMAIN: the signature is an
 * HMAC of both numbers under APP_SECRET, so nobody can write the address of another ticket or another user,
 * and an address read off one mail is worth nothing for another ticket. Hex, not base64: relays may fold the
 * case of a local part.
 */
const SIGNATURE_HEX = 32;

const sign = (config: Config, ticketId: number, userId: number) =>
  createHmac('sha256', config.APP_SECRET).update(`ticket-reply:${ticketId}:${userId}`).digest('hex').slice(0, SIGNATURE_HEX);

/** Where the mail domain of Message-IDs comes from when no inbound domain is set: the sender's own. */
function idDomain(config: Config): string {
  if (config.INBOUND_MAIL_DOMAIN) return config.INBOUND_MAIL_DOMAIN;
  return /@([^>\s]+)>?\s*$/.exec(config.MAIL_FROM)?.[1] ?? 'portal.invalid';
}

export function replyAddress(config: Config, ticketId: number, userId: number): string | null {
  if (!config.INBOUND_MAIL_DOMAIN) return null;
  return `ticket+${ticketId}.${userId}.${sign(config, ticketId, userId)}@${config.INBOUND_MAIL_DOMAIN}`;
}

/** The ticket and user a reply address names, if its signature holds and it is of our domain. */
export function readReplyAddress(config: Config, address: string): { ticketId: number; userId: number } | null {
  if (!config.INBOUND_MAIL_DOMAIN) return null;
  const m = /^ticket\+([1-9]\d{0,9})\.([1-9]\d{0,9})\.([0-9a-f]+)@(.+)$/i.exec(address.trim());
  if (!m || m[4]?.toLowerCase() !== config.INBOUND_MAIL_DOMAIN.toLowerCase()) return null;
  const ticketId = Number(m[1]);
  const userId = Number(m[2]);
  const given = Buffer.from((m[3] ?? '').toLowerCase());
  const wanted = Buffer.from(sign(config, ticketId, userId));
  return given.length === wanted.length && timingSafeEqual(given, wanted) ? { ticketId, userId } : null;
}

/** The id every mail of a ticket refers to, so mail programs show them as one conversation. */
export const threadRoot = (config: Config, ticketId: number) => `<ticket-${ticketId}@${idDomain(config)}>`;

/** The Message-ID of one notification: the ticket's thread and a random part. */
export const messageId = (config: Config, ticketId: number) => `<ticket-${ticketId}.${randomBytes(9).toString('hex')}@${idDomain(config)}>`;

/** The tickets the Message-IDs in In-Reply-To and References name (ours only; others are ignored). */
export function ticketsReferenced(config: Config, ids: string[]): number[] {
  const domain = idDomain(config).toLowerCase();
  const found = new Set<number>();
  for (const id of ids) {
    const m = /^<?ticket-([1-9]\d{0,9})(?:\.[0-9a-f]+)?@([^>]+)>?$/i.exec(id.trim());
    if (m && m[2]?.toLowerCase() === domain) found.add(Number(m[1]));
  }
  return [...found];
}

/** The headers of a notification about `ticketId` mailed to `userId`. */
export function ticketMailHeaders(config: Config, ticketId: number, userId: number): Record<string, string> {
  const root = threadRoot(config, ticketId);
  const reply = replyAddress(config, ticketId, userId);
  return {
    'Message-ID': messageId(config, ticketId),
    'In-Reply-To': root,
    References: root,
    ...(reply ? { 'Reply-To': reply } : {}),
  };
}
