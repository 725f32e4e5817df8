import { userLabel } from '@portal/contract/shared/user-label';
import { capabilitiesFor } from '@portal/contract/shared/capabilities';
import { isClosed } from '@portal/contract/shared/company-states';
import type {
  createToken as createTokenCall,
  listTokens as listTokensCall,
  revokeToken as revokeTokenCall,
} from '@portal/contract/tokens/tokens';
import { TOKEN_MESSAGES, TOKEN_PREFIX } from '@portal/contract/tokens/tokens';
import type { CallData } from '@portal/contract/shared/define-call';
import { TOKEN_PERMISSIONS, type TokenPermission, permissionOffered } from '@portal/contract/shared/token-permissions';
import { type Actor, isAdmin, rolesFor } from '../../platform/access.ts';
import type { CallContext } from '../../platform/context.ts';
import { AppError, badInput } from '../../platform/errors.ts';
import { newToken, tokenHash } from '../../platform/session.ts';
import * as security from '../security/service.ts';
import * as tenancy from '../tenancy/service.ts';
import * as q from './queries.ts';

/** How much of a token the list shows: the fixed prefix and eight random characters. */
const VISIBLE = TOKEN_PREFIX.length + 8;
/** A token's use writes at most one company event per token in this window (docs/decisions/0030). */
const USE_EVENT_EVERY_MS = 60 * 60 * 1000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The permissions the actor may give a token, in the registry's order, grouped by service. */
function offeredPermissions(actor: Actor): TokenPermission[] {
  return (Object.keys(TOKEN_PERMISSIONS) as TokenPermission[]).filter((p) => permissionOffered(p, actor.companyType, isAdmin(actor)));
}

export function listActions(ctx: CallContext) {
  const services: { service: string; actions: { name: TokenPermission; service: string; description: string }[] }[] = [];
  for (const name of offeredPermissions(ctx.actor)) {
    const { service, description } = TOKEN_PERMISSIONS[name];
    let group = services.find((s) => s.service === service);
    if (!group) {
      group = { service, actions: [] };
      services.push(group);
    }
    group.actions.push({ name, service, description });
  }
  return { services };
}

export async function createToken(ctx: CallContext, input: CallData<typeof createTokenCall>) {
  const offered = offeredPermissions(ctx.actor);
  const chosen = [...new Set(input.permissions)];
  if (chosen.length === 0) throw badInput({ permissions: TOKEN_MESSAGES.noPermissions });
  if (chosen.some((p) => !offered.includes(p as TokenPermission))) throw badInput({ permissions: TOKEN_MESSAGES.unknownPermission });
  const now = ctx.clock.now();
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) throw badInput({ expires_at: TOKEN_MESSAGES.expiryPast });
  const { token, row } = await issueToken(ctx, {
    userId: ctx.actor.userId,
    companyId: ctx.actor.companyId,
    name: input.name,
    permissions: chosen,
    expiresAt,
  });
  const named = row.name ? ` "${row.name}"` : '';
  await ctx.audit(ctx.actor.companyId, `Created API token ${row.prefix}…${named} (${chosen.join(', ')})`);
  return { id: row.id, name: row.name, api_token: token, permissions: chosen.join(',') };
}

/** A new token row for the user; the token itself is returned once and only its hash is kept. */
export async function issueToken(
  ctx: Pick<CallContext, 'db' | 'clock'>,
  o: { userId: number; companyId: number; name?: string; permissions: string[]; expiresAt?: Date | null },
): Promise<{ token: string; row: q.TokenRow }> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const token = `${TOKEN_PREFIX}${newToken(30)}`;
  const row = await q.insertToken(db, {
    user_id: o.userId,
    company_id: o.companyId,
    token_hash: tokenHash(token),
    prefix: token.slice(0, VISIBLE),
    name: o.name ?? '',
    permissions: o.permissions,
    created_at: now,
    expires_at: o.expiresAt ?? null,
  });
  return { token, row };
}

const masked = (row: q.TokenRow) => `${row.prefix}${'•'.repeat(12)}`;

export async function listTokens(ctx: CallContext, input: CallData<typeof listTokensCall>) {
  const rows = await q.listUserTokens(ctx.db, ctx.actor.userId, input.restrict, ctx.clock.now());
  return {
    tokens: rows.map((r) => ({
      id: r.id,
      name: r.name,
      api_token: masked(r),
      permissions: r.permissions.join(','),
      created_at: r.created_at.toISOString(),
      revoked_at: iso(r.revoked_at),
      expires_at: iso(r.expires_at),
      last_used_at: iso(r.last_used_at),
      last_used_ip: r.last_used_ip,
    })),
  };
}

export async function revokeToken(ctx: CallContext, input: CallData<typeof revokeTokenCall>) {
  // Another user's token reads as a missing one, so ids cannot be probed.
  const row = await q.findUserToken(ctx.db, ctx.actor.userId, input.token);
  if (!row) throw new AppError(404, TOKEN_MESSAGES.notFound, { token: TOKEN_MESSAGES.notFound });
  const revoked = await q.revokeToken(ctx.db, row.id, ctx.clock.now());
  if (!revoked?.revoked_at) throw badInput({ token: TOKEN_MESSAGES.alreadyRevoked });
  await ctx.audit(ctx.actor.companyId, `Revoked API token ${row.prefix}…`);
  return { revoked_at: revoked.revoked_at.toISOString() };
}

/** A token that resolved: its user as the actor (with only the token's permissions) and how to record the use. */
export interface ResolvedToken {
  actor: Actor;
  recordUse(): Promise<void>;
}

/**
 * The actor a presented token acts as, or null when the portal does not accept it: unknown, revoked,
 * expired, its user deleted, or its company closed or suspended. Runs before the call's transaction,
 * on the pool, as a session lookup does.
 */
export async function resolveToken(
  ctx: Pick<CallContext, 'db' | 'clock'>,
  input: { token: string; ip: string },
): Promise<ResolvedToken | null> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const { token, ip } = input;
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
  const row = await q.findTokenWithAccount(db, tokenHash(token));
  if (!row) return null;
  const { token: t, account } = row;
  if (t.revoked_at || (t.expires_at && t.expires_at.getTime() <= now.getTime())) return null;
  if (account.deleted_at || isClosed(account) || account.current_state === 'SUSPENDED') return null;
  // A token made before the company moved (a migrated user) is not carried to another company.
  if (account.company_id !== t.company_id) return null;
  const roles = rolesFor(account.company_type, account.staff_role, false);
  const pending = account.require_two_factor && (await security.twoFactorMethod({ db }, { userId: account.user_id })) === 'none';
  const actor: Actor = {
    sessionId: '',
    userId: account.user_id,
    email: account.email,
    label: `${userLabel(account)} (API token ${t.prefix}…)`,
    companyId: account.company_id,
    companyType: account.company_type,
    roles,
    capabilities: capabilitiesFor(account, roles),
    impersonatorUserId: null,
    authenticatedAt: t.created_at,
    twoFactorSetupPending: pending,
    tokenPermissions: t.permissions,
  };
  return {
    actor,
    recordUse: async () => {
      await q.recordUse(db, t.id, now, ip);
      if (await q.claimUseEvent(db, t.id, now, USE_EVENT_EVERY_MS)) {
        await tenancy.writeEvent(
          { db },
          {
            company_id: t.company_id,
            actor: actor.label,
            event: `API token ${t.prefix}… used from ${ip}`,
            created_at: now,
          },
        );
      }
    },
  };
}
