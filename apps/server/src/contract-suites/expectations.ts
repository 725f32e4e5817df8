import { HOSTED_SETTINGS_MESSAGES, hostedConfirmSenderEmail } from '@portal/contract/servers/hosted-settings';
import { revokeSession } from '@portal/contract/auth/sessions';
import { LICENCE_MESSAGES, unarchiveLicense } from '@portal/contract/servers/licences';
import { INVOICE_MESSAGES, viewCustomInvoice } from '@portal/contract/payments/invoices';
import { downloadInvoice } from '@portal/contract/payments/transactions';
import { ALERT_MESSAGES, acknowledgeAlert } from '@portal/contract/tickets/alerts';
import { TICKET_MESSAGES } from '@portal/contract/tickets/ticket-fields';
import { deleteTicketNote, removeTag, reopenTicket, updateTicketNote } from '@portal/contract/tickets/ticket-staff';
import { createComment } from '@portal/contract/tickets/ticket-view';
import { MESSAGES } from '@portal/contract/shared/envelope';
import { TV_MESSAGES, reportsLive } from '@portal/contract/reports/tv';
import type { Role } from '@portal/contract/shared/roles';
import { ownedFactory } from '../test/factories.ts';
import type { SnapshotAccess } from './access-snapshot.ts';
import { ACTOR_NAMES, type ActorName, type MatrixActor, type Target } from './world.ts';

/**
 * allow: a 200. refuse: 401 (signed out), 403 or 404, and nothing written. no-write: any answer but a 5xx
 * or 401, and nothing written.
 */
export type Expectation = 'allow' | 'refuse' | 'no-write';

const STAFF: readonly Role[] = ['support', 'sales', 'sales_admin'];

/** Whether the actor reaches a row of the target: the target's own users, its distributor and admins do. */
function reaches(actor: MatrixActor, target: Target, belongsTo: 'company' | 'user'): boolean {
  const ctx = actor.context;
  if (!ctx) return false;
  // A row of a user (a session) is that user's alone, whoever else reaches the company.
  if (belongsTo === 'user') return actor.userId === target.primaryUserId;
  if (ctx.roles.includes('admin')) return true;
  return ctx.company_id === target.companyId || (ctx.roles.includes('distributor') && target.distributorId === ctx.company_id);
}

/** What the reviewed access says an actor gets from a call whose owned ids point at the target's rows. */
export function expectation(access: SnapshotAccess, actor: MatrixActor, target: Target): Expectation {
  if (access.public) return 'allow';
  const ctx = actor.context;
  if (!ctx) return 'refuse';
  if (!access.roles.some((r) => ctx.roles.includes(r))) return 'refuse';
  if (access.capability && !ctx.capabilities.includes(access.capability)) return 'refuse';
  const impersonating = ctx.roles.includes('admin_impersonating');
  if (access.selfOnly && impersonating) return 'refuse';
  const kinds = Object.values(access.owned);
  if (kinds.every((kind) => reaches(actor, target, ownedFactory(kind).belongsTo))) return 'allow';
  const staff = !impersonating && ctx.roles.some((r) => r === 'admin' || STAFF.includes(r));
  // Another tenant's customer or distributor.
  if (!staff && !reaches(actor, target, 'company')) return 'refuse';
  // Support and sales read every company where a call names them. Where they get in through 'any' alone,
  // or reach the company but the row is one of its users' own (a session), the answer is theirs to
  // choose, but they change nothing.
  return access.roles.some((r) => STAFF.includes(r) && ctx.roles.includes(r)) ? 'allow' : 'no-write';
}

/**
 * The cases whose answer in a generic world differs from the rule above, each with why. The matrix
 * asserts exactly this status and message instead (and, for an error, that nothing was written).
 */
export const KNOWN_ANSWERS: { path: string; actors: ActorName[]; status: number; message: string; why: string }[] = [
  {
    path: revokeSession.path,
    actors: ['customer of another company', 'another distributor'],
    status: 400,
    message: MESSAGES.invalidInput,
    why: "another user's session id reads as a session that has already ended, so an outsider learns nothing about it",
  },
  {
    path: viewCustomInvoice.path,
    actors: ['distributor'],
    status: 404,
    message: INVOICE_MESSAGES.notFound,
    why: "a custom invoice's PDF is for its own company and admins only (spec-1 §2): a sub-account's reads as missing to its distributor",
  },
  {
    path: downloadInvoice.path,
    actors: ['distributor'],
    status: 404,
    message: 'Transaction not found',
    why: "the bill's PDFs are for its own company and admins only, like the invoices they print (docs/decisions/0029)",
  },
  {
    path: createComment.path,
    actors: ['customer', 'distributor', 'support', 'sales', 'admin', 'admin impersonating'],
    status: 409,
    message: TICKET_MESSAGES.companyChanged,
    why: 'the generic input cannot know the ticket’s company and hash; a stale page may not post (docs/decisions/0032)',
  },
  {
    path: unarchiveLicense.path,
    actors: ['customer', 'admin impersonating'],
    status: 400,
    message: LICENCE_MESSAGES.notArchived,
    why: "the generic input's licence is in use, as a new licence is: only an archived one can be restored (docs/decisions/0084)",
  },
  {
    path: reopenTicket.path,
    actors: ['customer', 'distributor', 'support', 'admin', 'admin impersonating'],
    status: 400,
    message: TICKET_MESSAGES.alreadyOpen,
    why: "the victim's ticket is open, as a new ticket is",
  },
  {
    path: updateTicketNote.path,
    actors: ['support', 'admin'],
    status: 404,
    message: TICKET_MESSAGES.noteNotFound,
    why: 'the generic note id names no note of the ticket',
  },
  {
    path: deleteTicketNote.path,
    actors: ['support', 'admin'],
    status: 404,
    message: TICKET_MESSAGES.noteNotFound,
    why: 'the generic note id names no note of the ticket',
  },
  {
    path: removeTag.path,
    actors: ['support', 'admin'],
    status: 404,
    message: TICKET_MESSAGES.tagNotFound,
    why: 'the new ticket carries no tag',
  },
  {
    path: acknowledgeAlert.path,
    actors: [...ACTOR_NAMES],
    status: 400,
    message: ALERT_MESSAGES.badAcknowledgement,
    why: 'only the secret an alert’s page carried acknowledges it, whoever calls (docs/decisions/0039)',
  },
  {
    path: hostedConfirmSenderEmail.path,
    actors: [...ACTOR_NAMES],
    status: 400,
    message: HOSTED_SETTINGS_MESSAGES.linkInvalid,
    why: 'only the token a verification mail carried verifies a sender address, whoever opens it (docs/decisions/0053)',
  },
  {
    path: reportsLive.path,
    actors: [...ACTOR_NAMES],
    status: 401,
    message: TV_MESSAGES.invalid,
    why: 'the TV wall signs in with its own configured username and password, never a session (docs/decisions/0063)',
  },
];

export function knownAnswer(path: string, actor: ActorName) {
  return KNOWN_ANSWERS.find((k) => k.path === path && k.actors.includes(actor));
}

/** The tables a call that audits its refusals may write while refusing. */
const REFUSAL_AUDIT_TABLES = ['auth_throttle', 'company_events', 'pending_logins', 'server_licence_logs'];

/** A fingerprint without the tables the call may write while refusing, when its access says it audits refusals. */
export function withoutAudit(access: Pick<SnapshotAccess, 'auditsRefusals'>, state: Record<string, string>): Record<string, string> {
  if (!access.auditsRefusals) return state;
  return Object.fromEntries(Object.entries(state).filter(([table]) => !REFUSAL_AUDIT_TABLES.includes(table)));
}
