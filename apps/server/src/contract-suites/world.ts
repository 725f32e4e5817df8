import { changePassword, forgotPassword, resetPassword } from '@portal/contract/account/password';
import { type AuthContext, getAuthContext } from '@portal/contract/auth/auth-context';
import { listPlans, selectPlan } from '@portal/contract/billing/plans';
import { chargePaymentMethod } from '@portal/contract/payments/charges';
import { adminCreateCompany, distributorCreateCompany } from '@portal/contract/companies/company-create';
import { convertToPaid, deleteCompany, migrateCompany, reactivateCompany } from '@portal/contract/companies/company-lifecycle';
import { adminLiftSuspension, adminSuspendCompany } from '@portal/contract/companies/company-suspension';
import {
  addDistributorRegion,
  distributorRegionList,
  getDistributorSettings,
  patchDistributorSettings,
  removeDistributorRegion,
} from '@portal/contract/companies/distributor-settings';
import { enableTotp, enableWebauthn, requestWebauthnChallenge } from '@portal/contract/security/two-factor';
import type { Call } from '@portal/contract/shared/define-call';
import type { CompanyState } from '@portal/contract/shared/fields';
import { createUser } from '@portal/contract/users/company-users';
import { storageCreateBucket, storageDisable, storageEnable, storageRotateKeys } from '@portal/contract/storage/storage';
import {
  cloudviewEnable,
  cloudviewGenerateLoginCredentials,
  cloudviewStatus,
  cloudviewTerminate,
} from '@portal/contract/customer-portal/cloudview';
import { portalProvisionerJob } from '../domains/customer-portal/jobs.ts';
import { localPortalProvisioner } from '../domains/customer-portal/wiring.ts';
import { jobContext } from '../test/context.ts';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { createGuardrails, generate } from 'otplib';
import { TEST_PASSWORD, newCompany, newDownloadVersion, newPromoCode, newUser, ownedRow, uniqueEmail } from '../test/factories.ts';
import { TestClient, type TestContext } from '../test/harness.ts';
import { requestReset, solveBotCheck } from '../test/password-reset.ts';
import { insertTopupOption, setTopupOption } from '../test/rows.ts';
import { SoftwareAuthenticator } from '../test/webauthn-authenticator.ts';
import { ownedFields, sampleInput } from './sample-input.ts';
import { distributorUsageV2, getDistributorCommission, setDistributorCommission } from '@portal/contract/reports/distributor-usage';

export const ACTOR_NAMES = [
  'anonymous',
  'customer',
  'customer of another company',
  'distributor',
  'another distributor',
  'support',
  'sales',
  'admin',
  'admin impersonating',
] as const;
export type ActorName = (typeof ACTOR_NAMES)[number];

export interface MatrixActor {
  name: ActorName;
  userId: number | null;
  impersonatorUserId: number | null;
  context: AuthContext | null;
}

type Made = Awaited<ReturnType<typeof newCompany>>;

export interface World {
  staff: Made;
  support: Awaited<ReturnType<typeof newUser>>;
  sales: Awaited<ReturnType<typeof newUser>>;
  distA: Made;
  distB: Made;
  other: Made;
  /** Each actor's roles and capabilities, as the server reports them. */
  contexts: Partial<Record<ActorName, AuthContext | null>>;
  /** The same for a victim without a distributor, whose users have the direct customer's capabilities (my plan). */
  directContexts: Partial<Record<ActorName, AuthContext | null>>;
  /** The same for a victim with a customer portal, whose users have the customer portal capability. */
  portalContexts: Partial<Record<ActorName, AuthContext | null>>;
}

/** The suites check access and input, not the bot check's proof of work: a small one keeps them fast. */
/** Billing details, which adding a card needs first. */
const BILLING_DETAILS = { phone_number: '+64 9 555 0100', street_address: '1 Queen Street', city: 'Auckland', postal_code: '1010' };

export const SUITE_ENV = { BOT_CHALLENGE_MAX_NUMBER: '100' };

/**
 * The tenants the generated suites play with. Each case adds its own victim: a customer of distributor A
 * at which the call's owned ids are aimed (see prepareCase).
 */
export async function buildWorld(t: TestContext): Promise<World> {
  // The one top-up option: the sample input's ids are 1, and pay once needs an option on sale.
  const option = await insertTopupOption(t, { cost: 2500, amount: 2500 });
  if (option.id !== 1) throw new Error(`the world's top-up option is ${option.id}, not the sample input's 1`);
  // Promo code 1 for the sample input's id (edit, delete), and the sample code a customer redeems (each
  // case's company redeems it once).
  const promo = await newPromoCode(t.db, t.clock.now(), { promo_key: 'SAMPLE-1' });
  if (promo.id !== 1) throw new Error(`the world's promo code is ${promo.id}, not the sample input's 1`);
  await newPromoCode(t.db, t.clock.now(), { promo_key: 'WELCOME10' });
  // The download version the sample inputs name, visible with one file.
  await newDownloadVersion({ db: t.db, config: t.app.deps.config, clock: t.clock }, '24.12.3');
  const staff = await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE', staff_role: 'admin' });
  const support = await newUser(t.db, staff.company.id, { staff_role: 'support' });
  const sales = await newUser(t.db, staff.company.id, { staff_role: 'sales' });
  const distA = await newCompany(t.db, { company_type: 'distributor', current_state: 'ACTIVE', ...BILLING_DETAILS });
  const distB = await newCompany(t.db, { company_type: 'distributor', current_state: 'ACTIVE', ...BILLING_DETAILS });
  const other = await newCompany(t.db, {
    company_type: 'customer',
    current_state: 'ACTIVE',
    distributor_id: distB.company.id,
    ...BILLING_DETAILS,
  });
  const world: World = { staff, support, sales, distA, distB, other, contexts: {}, directContexts: {}, portalContexts: {} };
  // Roles and capabilities are the same for every victim built alike: ask the server once for each kind.
  for (const [kind, contexts] of [
    [{}, world.contexts],
    [{ direct: true }, world.directContexts],
    [{ portal: true }, world.portalContexts],
  ] as const) {
    const sample = await newVictim(t, world, 'ACTIVE', kind);
    for (const actor of actorsFor(world, sample)) {
      const client = await clientFor(t, actor.userId, actor.impersonatorUserId);
      contexts[actor.name] = actor.userId === null ? null : ((await client.call(getAuthContext, {})).data as AuthContext);
    }
  }
  return world;
}

/**
 * A fresh customer of distributor A, so a call that deletes, migrates or converts it disturbs no other case;
 * for the calls only a customer without a distributor may make (its plan), a customer of no distributor; for
 * the customer portal's calls, a customer with a portal (the company flag its capability comes from).
 */
function newVictim(t: TestContext, world: World, state: CompanyState = 'ACTIVE', kind: { direct?: boolean; portal?: boolean } = {}) {
  return newCompany(t.db, {
    company_type: 'customer',
    current_state: state,
    distributor_id: kind.direct ? null : world.distA.company.id,
    myclient_portal_enabled: kind.portal ?? false,
    ...BILLING_DETAILS,
  });
}

/** Calls behind the my-plan capability, which a distributor's sub-account does not have: their victim has no distributor. */
const DIRECT_CUSTOMER_CALLS = new Set([listPlans, selectPlan].map((c) => c.path));
/** Calls behind the customer portal capability, which a customer has only with a portal (decision 0057). */
const PORTAL_CALLS = new Set([cloudviewStatus, cloudviewGenerateLoginCredentials, cloudviewTerminate].map((c) => c.path));

/** The nine actors; the customer and the admin signed in as it are users of the case's victim. */
function actorsFor(world: World, victim: Made): MatrixActor[] {
  const contexts = victim.company.myclient_portal_enabled
    ? world.portalContexts
    : victim.company.distributor_id === null
      ? world.directContexts
      : world.contexts;
  const users: Record<ActorName, [number | null, number | null]> = {
    anonymous: [null, null],
    customer: [victim.user.id, null],
    'customer of another company': [world.other.user.id, null],
    distributor: [world.distA.user.id, null],
    'another distributor': [world.distB.user.id, null],
    support: [world.support.id, null],
    sales: [world.sales.id, null],
    admin: [world.staff.user.id, null],
    // Signed in as the victim's own user: it must reach the victim, but gain no admin powers.
    'admin impersonating': [victim.user.id, world.staff.user.id],
  };
  const victimsUser = (name: ActorName) => name === 'customer' || name === 'admin impersonating';
  return ACTOR_NAMES.map((name) => {
    const context = (victimsUser(name) ? contexts[name] : world.contexts[name]) ?? null;
    return {
      name,
      userId: users[name][0],
      impersonatorUserId: users[name][1],
      // Asked once, of a victim built the same way: only the company differs.
      context: context && victimsUser(name) ? { ...context, company_id: victim.company.id } : context,
    };
  });
}

/** The company a case's owned ids belong to, as the expectations need it. */
export interface Target {
  companyId: number;
  distributorId: number | null;
  primaryUserId: number;
}

/** Calls about a distributor's own settings: their company must be a distributor, so they aim at distributor A. */
const DISTRIBUTOR_TARGETED = new Set(
  [
    getDistributorSettings,
    patchDistributorSettings,
    distributorRegionList,
    addDistributorRegion,
    removeDistributorRegion,
    distributorUsageV2,
    getDistributorCommission,
    setDistributorCommission,
  ].map((c) => c.path),
);

const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });

interface SetupContext {
  t: TestContext;
  world: World;
  target: Made;
  client: TestClient;
}

/**
 * What a call needs beyond what its schema and example give, so that an allowed actor gets a 2xx: rows
 * or states related to the target, and values only the moment can give (a solved bot check, a code).
 */
const SETUP: Record<string, (c: SetupContext) => Promise<Record<string, unknown>>> = {
  [adminCreateCompany.path]: async () => ({ target_email: uniqueEmail('owner') }),
  [distributorCreateCompany.path]: async () => ({ target_email: uniqueEmail('owner') }),
  [createUser.path]: async () => ({ target_email: uniqueEmail('added') }),
  [migrateCompany.path]: async ({ target }) => ({ target_confirm_company_name: target.company.company_name }),
  // Storage calls act on the caller's own company: it has storage enabled first (an actor refused enabling stays refused).
  ...Object.fromEntries(
    [storageCreateBucket, storageRotateKeys, storageDisable].map((call) => [
      call.path,
      async ({ client }: SetupContext) => {
        await client.call(storageEnable, {});
        return {};
      },
    ]),
  ),
  // Signing in to and terminating a customer portal need a ready one: an admin enables it and the provisioner builds it.
  ...Object.fromEntries(
    [cloudviewGenerateLoginCredentials, cloudviewTerminate].map((call) => [
      call.path,
      async ({ t, world, target }: SetupContext) => {
        const admin = await clientFor(t, world.staff.user.id, null);
        const res = await admin.call(cloudviewEnable, { target_company_id: target.company.id });
        if (res.status !== 'ok') throw new Error(`could not enable the target's customer portal: ${res.message}`);
        const now = localPortalProvisioner({ publicUrl: t.app.deps.config.PUBLIC_URL, buildSeconds: 0, deleteSeconds: 0, failureRate: 0 });
        await portalProvisionerJob(jobContext(t), now); // starts the build
        await portalProvisionerJob(jobContext(t), now); // finishes it
        return {};
      },
    ]),
  ),
  [reactivateCompany.path]: async ({ t, world, target }) => {
    const admin = await clientFor(t, world.staff.user.id, null);
    const res = await admin.call(deleteCompany, { target_company_id: target.company.id });
    if (res.status !== 'ok') throw new Error(`could not put the target in pending delete: ${res.message}`);
    return {};
  },
  [adminLiftSuspension.path]: async ({ t, world, target }) => {
    const admin = await clientFor(t, world.staff.user.id, null);
    const res = await admin.call(adminSuspendCompany, { target_id: target.company.id, target_note: 'Suspended for the matrix' });
    if (res.status !== 'ok') throw new Error(`could not suspend the target: ${res.message}`);
    return {};
  },
  // The same password again: every other case signs in with it.
  [changePassword.path]: async () => ({ new_password: TEST_PASSWORD }),
  [forgotPassword.path]: async ({ t }) => ({ recaptcha: await solveBotCheck(new TestClient(t.app)) }),
  [resetPassword.path]: async ({ t, target }) => ({
    email_token: await requestReset(t, (await newUser(t.db, target.company.id)).email),
    new_password: TEST_PASSWORD,
  }),
  [enableTotp.path]: async ({ t }) => {
    const secret = 'JBSWY3DPEHPK3PXP';
    return {
      totp_secret: secret,
      totp_verify_code: await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000), guardrails }),
    };
  },
  // The actor's own challenge, answered by a software key; an actor refused the challenge keeps the example.
  [enableWebauthn.path]: async ({ t, client }) => {
    const res = await client.call(requestWebauthnChallenge, {});
    if (res.status !== 'ok') return {};
    const key = new SoftwareAuthenticator(new URL(t.app.deps.config.PUBLIC_URL).origin);
    return { webauthn_challenge_response: JSON.stringify(key.register(res.data as unknown as PublicKeyCredentialCreationOptionsJSON)) };
  },
};

export interface PreparedCase {
  actor: MatrixActor;
  target: Target;
  /** Each owned id's kind and the company whose row it names. */
  owned: { kind: string; target: Target }[];
  client: TestClient;
  input: Record<string, unknown>;
}

/**
 * One case of a call: a fresh victim, the actor's client, and a valid input whose owned ids point at rows
 * of the target made by each kind's factory. With `onlyField`, only that field points at the target and
 * the other owned ids at the actor's own company, so a service that checks the company but not whether the
 * row belongs to it is caught.
 */
export async function prepareCase(
  t: TestContext,
  world: World,
  call: Call,
  actorName: ActorName,
  onlyField?: string,
): Promise<PreparedCase> {
  const victim = await newVictim(t, world, call.path === convertToPaid.path ? 'TRIAL' : 'ACTIVE', {
    direct: DIRECT_CUSTOMER_CALLS.has(call.path),
    portal: PORTAL_CALLS.has(call.path),
  });
  // The admin's top-up option calls may have taken the world's option off sale; pay once needs it on sale.
  if (call.path === chargePaymentMethod.path) await setTopupOption(t, 1, { deleted_at: null, is_user_visible: true });
  const actor = actorsFor(world, victim).find((a) => a.name === actorName) as MatrixActor;
  const target = DISTRIBUTOR_TARGETED.has(call.path) ? world.distA : victim;
  const aimed: Target = { companyId: target.company.id, distributorId: target.company.distributor_id, primaryUserId: target.user.id };
  const ids: Record<string, unknown> = {};
  const owned: PreparedCase['owned'] = [];
  for (const { field, kind } of ownedFields(call)) {
    const own = onlyField !== undefined && field !== onlyField && actor.context;
    ids[field] = await ownedRow(kind, t, own ? own.company_id : target.company.id);
    // The actor's own row: its company, whose primary contact (who the factory's user rows belong to) it is.
    owned.push({
      kind,
      target: own ? { companyId: own.company_id, distributorId: null, primaryUserId: actor.userId ?? 0 } : aimed,
    });
  }
  const client = await clientFor(t, actor.userId, actor.impersonatorUserId);
  const input = { ...sampleInput(call, ids), ...(await SETUP[call.path]?.({ t, world, target, client })) };
  return {
    actor,
    target: aimed,
    owned,
    client,
    input,
  };
}

/** A client with a brand-new session. */
export async function clientFor(t: TestContext, userId: number | null, impersonatorUserId: number | null) {
  const client = new TestClient(t.app);
  if (userId !== null) await client.useSession(t.db, t.clock, userId, impersonatorUserId);
  return client;
}
