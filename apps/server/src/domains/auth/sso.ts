import type { zCompanySso, setCompanySso } from '@portal/contract/auth/sso';
import type { CallData } from '@portal/contract/shared/define-call';
import { timingSafeEqual } from 'node:crypto';
import * as oidc from 'openid-client';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { CallContext, PublicContext } from '../../platform/context.ts';
import { AppError, badInput } from '../../platform/errors.ts';
import { seal, unseal } from '../../platform/sealed.ts';
import * as tenancy from '../tenancy/service.ts';
import * as users from '../users/service.ts';
import * as q from './queries.ts';
import { type StepCookie, clearStepCookie, readStepCookie, setStepCookie } from './step-cookie.ts';

export const SSO_CALLBACK_PATH = '/api/v1/user/sso/callback';
/** Binds a sign-on round trip to the browser that started it. */
export const SSO_BROWSER_COOKIE = 'portal_sso';
const STATE_LIFETIME_MS = 10 * 60_000;
const SSO_COOKIE: StepCookie = { name: SSO_BROWSER_COOKIE, path: SSO_CALLBACK_PATH, sameSite: 'lax', lifetimeMs: STATE_LIFETIME_MS };

export const SSO_ERRORS = {
  failed: 'sso_failed',
  noAccount: 'sso_no_account',
} as const;

type SsoRow = q.SsoRow;

const sameText = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

const domainOf = (email: string) => email.trim().toLowerCase().split('@')[1] ?? '';

/**
 * Plain http is allowed only for a provider on this machine outside production (the local provider
 * the tests run); anywhere else the issuer must be https.
 */
function allowsHttp(config: Config, issuer: URL): boolean {
  return config.NODE_ENV !== 'production' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
}

/**
 * The client secret is kept sealed, bound to its company's row (decision 0067): the portal must send it to the
 * provider, so it cannot hash it. A secret saved before is used as it is and sealed when next saved.
 */
const secretContext = (companyId: number) => `company_sso.client_secret:${companyId}`;

/** Discovery documents are fetched once per issuer and client, then reused. */
const discovered = new Map<string, Promise<oidc.Configuration>>();

function providerConfig(config: Config, row: SsoRow): Promise<oidc.Configuration> {
  const key = `${row.issuer}\n${row.client_id}\n${row.client_secret}`;
  let found = discovered.get(key);
  if (!found) {
    const issuer = new URL(row.issuer);
    found = oidc.discovery(
      issuer,
      row.client_id,
      undefined,
      oidc.ClientSecretBasic(unseal(config, secretContext(row.company_id), row.client_secret)),
      allowsHttp(config, issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    found.catch(() => discovered.delete(key));
    discovered.set(key, found);
  }
  return found;
}

const callbackUrl = (config: Config) => new URL(SSO_CALLBACK_PATH, config.PUBLIC_URL).toString();

/**
 * When the address's domain signs in through a provider, starts the round trip and returns the
 * provider's authorization URL; otherwise null. `probeOnly` just answers whether it would.
 */
export async function ssoRedirectFor(ctx: PublicContext, email: string, opts: { probeOnly?: boolean } = {}): Promise<string | null> {
  const row = await q.findEnabledSsoForDomain(ctx.db, domainOf(email));
  if (!row) return null;
  if (opts.probeOnly) return 'sso';
  const now = ctx.clock.now();
  let provider: oidc.Configuration;
  try {
    provider = await providerConfig(ctx.config, row);
  } catch (error) {
    ctx.log.warn({ err: error, issuer: row.issuer }, 'single sign-on discovery failed');
    throw new AppError(502, 'Your single sign-on provider could not be reached. Please try again later.');
  }
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  await q.insertSsoState(
    ctx.db,
    {
      state,
      company_id: row.company_id,
      email: email.trim().toLowerCase(),
      nonce,
      code_verifier: verifier,
      redirect_to: '/',
      browser_timezone: null,
      expires_at: new Date(now.getTime() + STATE_LIFETIME_MS),
    },
    now,
  );
  // Only the browser holding the state may finish the round trip (login CSRF). Lax, not Strict: the
  // provider sends the browser back with a top-level cross-site redirect.
  setStepCookie(ctx, SSO_COOKIE, state);
  return oidc
    .buildAuthorizationUrl(provider, {
      redirect_uri: callbackUrl(ctx.config),
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      login_hint: email,
    })
    .toString();
}

export async function getSso(ctx: CallContext, input: { target_id: number }): Promise<z.output<typeof zCompanySso>> {
  await tenancy.requireCompany(ctx, { companyId: input.target_id, mode: 'read' });
  const row = await q.findSso(ctx.db, input.target_id);
  return {
    enabled: row?.enabled ?? false,
    issuer: row?.issuer ?? '',
    client_id: row?.client_id ?? '',
    has_client_secret: !!row?.client_secret,
    email_domain: row?.email_domain ?? '',
  };
}

export async function setSso(ctx: CallContext, input: CallData<typeof setCompanySso>): Promise<null> {
  const company = await tenancy.requireCompany(ctx, { companyId: input.target_id, mode: 'write' });
  if (company.company_type !== 'customer' && company.company_type !== 'distributor') {
    throw badInput({ target_id: 'Single sign-on is for customer and distributor companies' });
  }
  if (input.enabled) {
    const taken = await q.findEnabledSsoForDomain(ctx.db, input.email_domain);
    if (taken && taken.company_id !== company.id) {
      throw badInput({ email_domain: 'Another company already signs in with this domain' });
    }
  }
  const existing = await q.findSso(ctx.db, company.id);
  // A new secret is sealed; none given keeps the stored one as it is.
  const secret =
    input.client_secret === undefined
      ? (existing?.client_secret ?? '')
      : input.client_secret && seal(ctx.config, secretContext(company.id), input.client_secret);
  if (input.enabled && !secret) throw badInput({ client_secret: 'Please enter the client secret' });
  const values = {
    enabled: input.enabled,
    issuer: input.issuer,
    client_id: input.client_id,
    client_secret: secret,
    email_domain: input.email_domain,
    updated_at: ctx.clock.now(),
  };
  await q.saveSso(ctx.db, { company_id: company.id, ...values });
  await ctx.audit(
    company.id,
    input.enabled ? `Single sign-on turned on for @${input.email_domain} (${input.issuer})` : 'Single sign-on turned off',
  );
  return null;
}

/**
 * The provider sends the browser back here with a code. The state must be the one this browser's
 * cookie holds; the code is exchanged (PKCE, state and nonce checked), and the verified email must belong to an active user of the company whose
 * domain it is; accounts are not created on the fly.
 */
export async function ssoCallback(ctx: PublicContext, currentUrl: URL): Promise<{ user: users.UserRow } | { error: string }> {
  const given = currentUrl.searchParams.get('state') ?? '';
  const bound = readStepCookie(ctx, SSO_COOKIE);
  clearStepCookie(ctx, SSO_COOKIE);
  if (!bound || !sameText(bound, given)) {
    ctx.log.warn({}, 'single sign-on callback without the state cookie of the browser that started it');
    return { error: SSO_ERRORS.failed };
  }
  const state = await q.takeSsoState(ctx.db, given);
  if (!state || state.expires_at < ctx.clock.now()) return { error: SSO_ERRORS.failed };
  const row = await q.findSso(ctx.db, state.company_id);
  if (!row?.enabled) return { error: SSO_ERRORS.failed };

  let email: string;
  try {
    const provider = await providerConfig(ctx.config, row);
    const callback = new URL(callbackUrl(ctx.config));
    callback.search = currentUrl.search;
    const tokens = await oidc.authorizationCodeGrant(provider, callback, {
      pkceCodeVerifier: state.code_verifier,
      expectedState: state.state,
      expectedNonce: state.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) return { error: SSO_ERRORS.failed };
    // Providers may keep the email out of the ID token and give it from the userinfo endpoint only.
    const claims = typeof idClaims.email === 'string' ? idClaims : await oidc.fetchUserInfo(provider, tokens.access_token, idClaims.sub);
    if (typeof claims.email !== 'string' || claims.email_verified === false) return { error: SSO_ERRORS.failed };
    email = claims.email.trim().toLowerCase();
  } catch (error) {
    ctx.log.warn({ err: error }, 'single sign-on code exchange failed');
    return { error: SSO_ERRORS.failed };
  }

  const user = await users.findActiveUserByEmail(ctx, { email });
  if (!user || user.company_id !== row.company_id || domainOf(email) !== row.email_domain) {
    await ctx.audit(row.company_id, 'Single sign-on refused: no such user in this company', email);
    return { error: SSO_ERRORS.noAccount };
  }
  return { user };
}
