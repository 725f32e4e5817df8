/**
 * Rows for tests, made through the domains' own services. This is the one test file that reaches into
 * domain modules, so when a domain moves, its imports are fixed here once.
 */
import { hashPassword } from '../platform/password-hash.ts';
import { SYSTEM_ACTOR } from '../platform/access.ts';
import type { CompanyType } from '@portal/contract/shared/fields';
import type { OwnedKind } from '@portal/contract/shared/owned-id';
import type { StaffRole } from '@portal/contract/shared/roles';
import * as auth from '../domains/auth/wiring.ts';
import * as billing from '../domains/billing/service.ts';
import * as downloads from '../domains/downloads/service.ts';
import { createInvoiceFor } from '../domains/payments/invoices.ts';
import * as promoCodes from '../domains/payments/promo-codes.ts';
import { insertCard } from '../domains/payments/queries/cards.ts';
import { insertCardTransaction } from '../domains/payments/queries/charges.ts';
import { advanceHosted } from '../domains/servers/hosted-job.ts';
import { createHosted } from '../domains/servers/hosted.ts';
import { createLicence } from '../domains/servers/licences.ts';
import { localProvisioner } from '../domains/servers/provisioner.ts';
import * as storage from '../domains/storage/service.ts';
import * as tenancy from '../domains/tenancy/service.ts';
import * as tokens from '../domains/tokens/service.ts';
import { create as createTicket } from '../domains/tickets/ticket-create.ts';
import * as users from '../domains/users/service.ts';
import { ALL_HANDLERS } from '../handlers.ts';
import { loadConfig } from '../config.ts';
import type { CallContext } from '../platform/context.ts';
import type { Database } from '../platform/db.ts';

export const TEST_PASSWORD = 'test-password';
// Hashing is slow on purpose: every test user shares one hash of the test password.
let passwordHash: Promise<string> | null = null;

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** An address no other test row uses. */
export const uniqueEmail = (prefix = 'user') => `${prefix}-${unique()}@test.example.com`;

/** A company with a primary user. */
export async function newCompany(
  db: Database,
  o: Partial<tenancy.CompanyRow> & { company_type?: CompanyType; staff_role?: StaffRole; email?: string } = {},
) {
  const { staff_role, email, ...fields } = o;
  const [company] = await tenancy.createCompanies({ db }, { rows: [{ company_name: `Company ${unique()}`, ...fields }] });
  if (!company) throw new Error('no company');
  const user = await newUser(db, company.id, { email, is_primary_contact: true, staff_role });
  // The primary contact's address reaches companies.primary_email through a trigger (migration 0006).
  return { company: { ...company, primary_email: user.email }, user };
}

export async function newUser(db: Database, companyId: number, o: Partial<users.UserRow> = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await users.createUsers(
    { db },
    {
      rows: [
        { company_id: companyId, contact_name: 'Test User', password_hash: await passwordHash, ...o, email: o.email ?? uniqueEmail() },
      ],
    },
  );
  if (!user) throw new Error('no user');
  return user;
}

/** A signed-in session without the password step: its cookie token, CSRF token and public id. */
export async function newSession(db: Database, now: Date, userId: number, impersonatorUserId: number | null = null) {
  const { token, row } = await auth.createSession(db, now, { userId, impersonatorUserId, ip: '127.0.0.1', userAgent: 'test' });
  return { token, csrfToken: row.csrf_token, publicId: row.public_id };
}

/** An API token of the user with the given permissions; `token` is the secret a request presents. */
export function newApiToken(
  db: Database,
  now: Date,
  userId: number,
  companyId: number,
  permissions: string[] = ['USERS_READ'],
  expiresAt: Date | null = null,
) {
  return tokens.issueToken({ db, clock: { now: () => now } }, { userId, companyId, permissions, expiresAt });
}

/** Who may reach a row of a kind: anyone who reaches its company, or only the user it belongs to. */
export type Owner = 'company' | 'user';

interface OwnedFactory {
  belongsTo: Owner;
  /** Makes a row that belongs to the company (to its primary contact when it belongs to a user) and returns its id. */
  make(db: Database, now: Date, companyId: number): Promise<number | string>;
}

async function primaryContact(db: Database, companyId: number) {
  const user = await users.findPrimaryContact({ db }, { companyId });
  if (!user) throw new Error(`company ${companyId} has no user`);
  return user;
}

/** One factory per kind of owned id (see zOwnedId): the generated suites aim owned-id fields at rows they make. */
export const OWNED_FACTORIES: Partial<Record<OwnedKind, OwnedFactory>> = {
  company: { belongsTo: 'company', make: async (_db, _now, companyId) => companyId },
  // A fresh user each time, since a call may change or delete it.
  user: { belongsTo: 'company', make: async (db, _now, companyId) => (await newUser(db, companyId)).id },
  session: {
    belongsTo: 'user',
    make: async (db, now, companyId) => (await newSession(db, now, (await primaryContact(db, companyId)).id)).publicId,
  },
  api_token: {
    belongsTo: 'user',
    make: async (db, now, companyId) => (await newApiToken(db, now, (await primaryContact(db, companyId)).id, companyId)).row.id,
  },
  credit_pack: { belongsTo: 'company', make: async (db, now, companyId) => (await newCreditPack(db, now, companyId)).id },
  payment_card: { belongsTo: 'company', make: async (db, now, companyId) => (await newPaymentCard(db, now, companyId)).id },
  licence: { belongsTo: 'company', make: async (db, now, companyId) => (await newLicence(db, now, companyId)).serial_number },
  invoice: { belongsTo: 'company', make: async (db, now, companyId) => (await newInvoice(db, now, companyId)).id },
  transaction: { belongsTo: 'company', make: async (db, now, companyId) => `c${(await newCardPurchase(db, now, companyId)).id}` },
  ticket: { belongsTo: 'company', make: async (db, now, companyId) => newTicket(db, now, companyId) },
  bucket: { belongsTo: 'company', make: async (db, now, companyId) => (await newBucket(db, now, companyId)).bucket },
  hosted_server: { belongsTo: 'company', make: async (db, now, companyId) => (await newHosted(db, now, companyId)).hosted_server_id },
  async_task: { belongsTo: 'company', make: async (db, now, companyId) => (await newHosted(db, now, companyId)).async_task_id },
};

/** A saved Visa ending 4242 with a token no gateway knows (charging it is declined): for access tests. */
export function newPaymentCard(db: Database, now: Date, companyId: number, o: { card_name?: string; is_default?: boolean } = {}) {
  return insertCard(db, {
    company_id: companyId,
    gateway_token: `tok_test_${companyId}`,
    card_name: 'Test Card',
    card_type: 'Visa',
    last4: '4242',
    expiry_month: 12,
    expiry_year: 2030,
    is_default: false,
    created_at: now,
    ...o,
  });
}

/** An UNPAID custom invoice of $50 on one line. */
export function newInvoice(db: Database, now: Date, companyId: number, o: { name?: string } = {}) {
  return createInvoiceFor(db, now, companyId, o);
}

/** A successful $20 card charge of the company's bill, on a fresh saved card. */
export async function newCardPurchase(db: Database, now: Date, companyId: number, o: { item?: string; charged_amount?: number } = {}) {
  const card = await newPaymentCard(db, now, companyId);
  return insertCardTransaction(db, {
    company_id: companyId,
    card_id: card.id,
    kind: 'charge',
    item: o.item ?? 'Top-up: $20',
    charged_amount: o.charged_amount ?? 2000,
    idempotency_key: `test:${unique()}`,
    success: true,
    response_text: 'Approved',
    created_at: now,
    completed_at: now,
  });
}

/** A credit pack of $10 that never expires, added through the ledger as an admin would add it. */
export function newCreditPack(db: Database, now: Date, companyId: number, o: Partial<billing.NewCredit> = {}) {
  // Credit that ends a suspension for credit writes the company's history line.
  const audit = (company_id: number, event: string) => tenancy.writeEvent({ db }, { company_id, actor: 'Test', event, created_at: now });
  const ctx = { db, clock: { now: () => now }, actor: SYSTEM_ACTOR, audit } as unknown as CallContext;
  return billing.addCredit(ctx, { company_id: companyId, name: 'Test credit', amount: 1000, source: 'admin', added_by_user: 'Test', ...o });
}

/** A promo code of $10 with no window, as an admin would create it. */
export function newPromoCode(
  db: Database,
  now: Date,
  o: Partial<{ promo_key: string; display_name: string; start_at: string | null; finish_at: string | null; amount: number }> = {},
) {
  const log = { info() {}, warn() {}, error() {} };
  const ctx = { db, clock: { now: () => now }, log } as unknown as CallContext;
  return promoCodes.create(ctx, {
    promo_key: `PROMO-${unique()}`,
    display_name: 'Test promo',
    start_at: null,
    finish_at: null,
    amount: 1000,
    ...o,
  });
}

/**
 * The call context of the company's primary contact, a customer with one capability, for factories that make
 * rows through the domain's own functions. No audit line is written and nothing is logged.
 */
async function primaryContactContext(
  db: Database,
  now: Date,
  companyId: number,
  capability: string,
  config?: object,
): Promise<CallContext> {
  const user = await primaryContact(db, companyId);
  const company = await tenancy.findCompany({ db }, { companyId });
  const actor = {
    sessionId: '',
    userId: user.id,
    email: user.email,
    label: user.email,
    companyId,
    companyType: company?.company_type ?? 'customer',
    roles: ['any', 'customer'],
    capabilities: [capability],
    impersonatorUserId: null,
    authenticatedAt: now,
    twoFactorSetupPending: false,
  };
  const log = { info() {}, warn() {}, error() {} };
  return { db, clock: { now: () => now }, log, actor, config, audit: async () => {} } as unknown as CallContext;
}

/** An open General ticket filed by the company's primary contact, with its first comment. */
export async function newTicket(db: Database, now: Date, companyId: number, o: { subject?: string; body?: string } = {}) {
  const ctx = await primaryContactContext(db, now, companyId, 'use_tickets_page');
  return createTicket(ctx, ticketInput(o));
}

/** A General ticket's create_ticket input with only a subject and an overview, as a customer sends the least. */
export function ticketInput(o: { subject?: string; body?: string } = {}) {
  return {
    target_ticket_type: 2,
    target_ticket_subject: o.subject ?? 'Test ticket',
    target_server_version: null,
    target_server_os: null,
    target_message_overview: o.body ?? 'Something is wrong',
    target_message_device_details: null,
    target_message_extra: null,
    target_attachments: [],
  };
}

/**
 * A self-hosted licence of the company, made as its primary contact would (create_license), so it has its
 * billing service. Plan limits are not in the way: the factory may make more than the plan allows.
 */
export async function newLicence(db: Database, now: Date, companyId: number, o: { name?: string } = {}) {
  // Named, so the generated tests can type the name to delete it (the delete call's example).
  const ctx = await primaryContactContext(db, now, companyId, 'use_self_hosted');
  return createLicence(ctx, { target_name: o.name ?? 'Test licence' }, { unchecked: true });
}

/**
 * A hosted console of the company, asked for as its primary contact would (hosted_comet/create) whatever the
 * plan allows, and built (ready) unless `ready: false`. Named, so the generated tests can type the name to delete
 * it (the delete call's example).
 */
export async function newHosted(
  db: Database,
  now: Date,
  companyId: number,
  o: { name?: string; storage?: 'none' | 'cspbw'; ready?: boolean } = {},
) {
  const ctx = await primaryContactContext(db, now, companyId, 'use_hosted', { HOSTED_DNS_SUFFIX: 'cometbackup.example' });
  const input = {
    target_name: o.name ?? 'Test console',
    target_region: 'us-east',
    target_email_from: 'backups@example.com',
    target_email_send_as: 'Backups',
    target_storage_type: o.storage ?? 'none',
  } as const;
  const made = await createHosted(ctx as CallContext<never>, input, { unchecked: true });
  if (o.ready !== false) {
    // Built at once by the local provisioner, through the job's own steps (start, then done), so it is billed.
    const instant = localProvisioner({ buildSeconds: 0, deleteSeconds: 0, failureRate: 0, version: '25.3.0' });
    await advanceHosted(ctx, made.hosted_server_id, instant);
    await advanceHosted(ctx, made.hosted_server_id, instant);
  }
  return made;
}

/**
 * A download version customers can see, with one Linux tar file uploaded and attached through the
 * service's own steps (the sample inputs name version 24.12.3).
 */
export async function newDownloadVersion(deps: Pick<CallContext, 'db' | 'config' | 'clock'>, versionKey: string) {
  const log = { info() {}, warn() {}, error() {} };
  const ctx = { ...deps, log } as unknown as CallContext;
  await downloads.create(ctx, { target_version_key: versionKey, is_hidden: false });
  const filename = `cometd-${versionKey}-linux-x86_64.tar.gz`;
  const body = Buffer.from(`installer ${versionKey}`);
  await downloads.presignedUrl(ctx, { target_version_key: versionKey, target_path: filename });
  const { pending } = await downloads.describe(ctx, { version_key: versionKey });
  if (!pending.length) throw new Error('no pending upload');
  await downloads.storeUploadForTest(ctx, { versionKey, filename, body });
  return downloads.patch(ctx, { target_version_key: versionKey, file_linux_x86_64_tar: filename });
}

export function ownedFactory(kind: string): OwnedFactory {
  const factory = OWNED_FACTORIES[kind as OwnedKind];
  if (!factory) throw new Error(`no factory for owned id kind ${kind}: add one to OWNED_FACTORIES in test/factories.ts`);
  return factory;
}

/** Creates a row of the kind belonging to the company and returns its id. */
export function ownedRow(kind: string, t: { db: Database; clock: { now(): Date } }, companyId: number): Promise<number | string> {
  return ownedFactory(kind).make(t.db, t.clock.now(), companyId);
}

/** The calls whose handler only reads (it runs without a transaction): whoever calls them, nothing may change. */
export const READ_ONLY_PATHS: ReadonlySet<string> = new Set(ALL_HANDLERS.filter((h) => h.readOnly).map((h) => h.call.path));

// The test apps' storage setting (harness TEST_ENV): the factory reaches the same local provider as the app.
const STORAGE_TEST_CONFIG = loadConfig({ NODE_ENV: 'test', STORAGE_LOCAL_DIR: 'temporary' });

/** A bucket in us-east-1, storage enabled first if need be, as the company's primary contact would make it. */
export async function newBucket(db: Database, now: Date, companyId: number, o: { objectLock?: boolean } = {}) {
  const ctx = await primaryContactContext(db, now, companyId, 'use_storage', STORAGE_TEST_CONFIG);
  await storage.enable(ctx);
  return storage.createBucket(ctx, { target_region: 'us-east-1', target_object_lock_enabled: o.objectLock ?? false });
}
