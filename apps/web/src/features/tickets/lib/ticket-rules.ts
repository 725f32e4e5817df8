import { READ_MORE_LINES, TICKET_MESSAGES, type TicketCloseReason } from '@portal/contract/tickets/ticket-fields';
import type { TicketServer } from '@portal/contract/tickets/ticket-create';
import { SUBJECT_LIST_MAX, WEEKS_GROUP_CAP } from '@portal/contract/tickets/ticket-lists';

export function shortSubject(subject: string): string {
  return subject.length > SUBJECT_LIST_MAX ? `${subject.slice(0, SUBJECT_LIST_MAX)}…` : subject;
}

/** Whole weeks since the last update, capped: '0', '1', '2', '3' or '4+'. */
export function weeksSinceUpdate(updatedAt: string, now: Date): string {
  const weeks = Math.max(0, Math.floor((now.getTime() - new Date(updatedAt).getTime()) / (7 * 86_400_000)));
  return weeks >= WEEKS_GROUP_CAP ? `${WEEKS_GROUP_CAP}+` : String(weeks);
}

/** The bump count as exclamation marks. */
export const bumpMarks = (count: number) => '!'.repeat(Math.max(0, count));

/** Submit is disabled while the comment is blank after trimming (spec-1 §5). */
export const canSubmitComment = (body: string) => body.trim() !== '';

/** Comments over 20 lines fold behind Read more (spec-1 §9). */
export const needsReadMore = (text: string) => text.split('\n').length > READ_MORE_LINES;

export const commenterLabel = (username: string | null) => username ?? TICKET_MESSAGES.unknownUser;

/** What the close dialog shows for a reason: the Other text, or the Comet update question. */
export function closeFields(reason: TicketCloseReason) {
  return { otherReason: reason === 'other', updateQuestion: reason !== 'other' };
}

/** Choosing a hosted server sets the OS to N/A and locks it (spec-1 §5). */
export function osForServer(server: TicketServer | null): { os: 'N/A' | null; locked: boolean } {
  return server?.type === 'comet-hosted' ? { os: 'N/A', locked: true } : { os: null, locked: false };
}

/** A non-admin choosing an outdated server is advised to check for updates. */
export const showsOutdatedAdvice = (server: TicketServer | null, isAdmin: boolean) => Boolean(server?.is_outdated) && !isAdmin;

export const hashChangedMessage = (staff: boolean) =>
  staff ? 'A new update has been loaded' : 'A new comment has been added to the ticket';
export const HASH_CHECK_ERROR = 'Unable to get the latest update, please reload the page';
export const TICKET_LOAD_ERROR = 'Error loading ticket!';
