import { HOSTED_SETTINGS_MESSAGES, hostedConfirmSenderEmail } from '@portal/contract/servers/hosted-settings';
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
import { TOKEN_MESSAGES } from '@portal/contract/tokens/tokens';
import { listCompanyUsers } from '@portal/contract/users/company-users';
import { ACTOR_NAMES, type ActorName, type MatrixActor, type Target } from './world.ts';

/**
 * The exact answer a case must get: its status, and for a refusal whose words are fixed, its message.
 * `rule` names the rule that decided it, so a failure says which one the server broke.
 */
export interface Expected {
  status: number;
  message?: string;
  rule: string;
}

const STAFF: readonly Role[] = ['support', 'sales', 'sales_admin'];

/** One owned id of a case: its kind and the company whose row it names. */
export interface OwnedTarget {
  kind: string;
  target: Target;
}

/** Whether the actor reaches a row of the target: the target's own users, its distributor and admins do. */
function reaches(actor: MatrixActor, target: Target, belongsTo: 'company' | 'user'): boolean {
  const ctx = actor.context;
  if (!ctx) return false;
  // A row of a user (a session) is that user's alone, whoever else reaches the company.
  if (belongsTo === 'user') return actor.userId === target.primaryUserId;
  if (ctx.roles.includes('admin') && !ctx.roles.includes('admin_impersonating')) return true;
  return ctx.company_id === target.companyId || (ctx.roles.includes('distributor') && target.distributorId === ctx.company_id);
}

/**
 * What another user's row answers, by kind: the services look a user's row up among the caller's own, so
 * an id of someone else's reads as one that does not exist, and ids cannot be probed. A session reads as
 * one that has already ended (auth/sessions.ts revoke: a field error), an API token as a missing one
 * (tokens/service.ts revokeToken).
 */
const ANOTHER_USERS_ROW: Record<string, Expected> = {
  session: { status: 400, message: MESSAGES.invalidInput, rule: "another user's session reads as ended" },
  api_token: { status: 404, message: TOKEN_MESSAGES.notFound, rule: "another user's API token reads as missing" },
};

/**
 * The answer the reviewed access and the services' company rule give an actor whose owned ids name the
 * given rows; `readOnly` is the handler's own declaration that it only reads.
 *
 * In order, as handle() and the services check: no session is 401; a role or capability the access does not
 * name, or an admin signed in as the user on a selfOnly call, is 403 (platform/access.ts requireAccess).
 * Past that, the rows: whoever reaches every one gets a 200. A row of another user answers as that kind's
 * missing row (ANOTHER_USERS_ROW). A row of a company the actor does not reach answers 404, as a missing
 * one (tenancy requireCompany: "Unknown and hidden companies answer the same"), except for staff, who see
 * every company but change none but as admins: support and sales get a 200 from a call that names their
 * role (its service decides what they may do there, as the tickets' staff calls) or that only reads, and
 * a 403 from any other (requireCompany 'write').
 */
export function expectation(access: SnapshotAccess, path: string, actor: MatrixActor, owned: OwnedTarget[], readOnly: boolean): Expected {
  if (access.public) return { status: 200, rule: 'a public call' };
  const ctx = actor.context;
  if (!ctx) return { status: 401, message: MESSAGES.notLoggedIn, rule: 'no session' };
  if (!access.roles.some((r) => ctx.roles.includes(r)))
    return { status: 403, message: MESSAGES.forbidden, rule: 'a role the access does not name' };
  if (access.capability && !ctx.capabilities.includes(access.capability))
    return { status: 403, message: MESSAGES.forbidden, rule: 'a capability the actor lacks' };
  const impersonating = ctx.roles.includes('admin_impersonating');
  if (access.selfOnly && impersonating) return { status: 403, rule: 'selfOnly, and an admin signed in as the user' };
  for (const { kind, target } of owned) {
    const belongsTo = ownedFactory(kind).belongsTo;
    if (reaches(actor, target, belongsTo)) continue;
    if (belongsTo === 'user') {
      const answer = ANOTHER_USERS_ROW[kind];
      if (!answer) throw new Error(`no rule for another user's ${kind}: add one to ANOTHER_USERS_ROW`);
      return answer;
    }
    const staff = !impersonating && ctx.roles.some((r) => STAFF.includes(r));
    // A row of another kind is looked up among the named company's own first, and answers as that kind's
    // missing row in the service's words: requireCompany's are asserted where only companies are named.
    const onlyCompanies = owned.every((o) => o.kind === 'company');
    if (!staff) return { status: 404, message: onlyCompanies ? COMPANY_NOT_FOUND : undefined, rule: "another company's row, hidden" };
    const named = access.roles.some((r) => STAFF.includes(r) && ctx.roles.includes(r));
    if (!named && !readOnly && !STAFF_READ_THROUGH_ANY.has(path))
      return { status: 403, message: MESSAGES.forbidden, rule: 'staff read every company, only admins change one' };
  }
  return { status: 200, rule: 'the actor reaches every row the call names' };
}

/**
 * Calls open to every signed-in user ('any') that only read the company they name, though their handler
 * runs in a transaction (not marked read-only): staff reach them through 'any' and read another company
 * as requireCompany 'read' lets them. The company's users list asks requireCompany 'read'
 * (account/company-users.ts), so support and sales see any company's users, as the admin's company page does.
 */
const STAFF_READ_THROUGH_ANY = new Set<string>([listCompanyUsers.path]);

/** requireCompany's answer for a company the actor may not see, the same as for one that does not exist. */
const COMPANY_NOT_FOUND = 'Company not found';

/**
 * The cases whose answer in a generic world differs from the rule above, each with why. The matrix
 * asserts exactly this status and message instead (and, for an error, that nothing was written).
 */
export const KNOWN_ANSWERS: { path: string; actors: ActorName[]; status: number; message: string; why: string }[] = [
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
