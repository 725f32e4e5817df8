/**
 * Rows for tests, made through the domains' own services. This is the one test file that reaches into
 * domain modules, so when a domain moves, its imports are fixed here once.
 */
import type { CompanyType } from '@portal/contract/shared/fields';
import type { OwnedKind } from '@portal/contract/shared/owned-id';
import type { StaffRole } from '@portal/contract/shared/roles';
import * as auth from '../domains/auth/service.ts';
import * as billing from '../domains/billing/service.ts';
import * as payments from '../domains/payments/service.ts';
import * as tenancy from '../domains/tenancy/service.ts';
import * as users from '../domains/users/service.ts';
import { ALL_HANDLERS } from '../handlers.ts';
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
  const [company] = await tenancy.createCompanies(db, [{ company_name: `Company ${unique()}`, ...fields }]);
  if (!company) throw new Error('no company');
  const user = await newUser(db, company.id, { email, is_primary_contact: true, staff_role });
  // The primary contact's address reaches companies.primary_email through a trigger (migration 0006).
  return { company: { ...company, primary_email: user.email }, user };
}

export async function newUser(db: Database, companyId: number, o: Partial<users.UserRow> = {}) {
  passwordHash ??= users.hashPassword(TEST_PASSWORD);
  const [user] = await users.createUsers(db, [
    { company_id: companyId, contact_name: 'Test User', password_hash: await passwordHash, ...o, email: o.email ?? uniqueEmail() },
  ]);
  if (!user) throw new Error('no user');
  return user;
}

/** A signed-in session without the password step: its cookie token, CSRF token and public id. */
export async function newSession(db: Database, now: Date, userId: number, impersonatorUserId: number | null = null) {
  const { token, row } = await auth.createSession(db, now, { userId, impersonatorUserId, ip: '127.0.0.1', userAgent: 'test' });
  return { token, csrfToken: row.csrf_token, publicId: row.public_id };
}

/** Who may reach a row of a kind: anyone who reaches its company, or only the user it belongs to. */
export type Owner = 'company' | 'user';

interface OwnedFactory {
  belongsTo: Owner;
  /** Makes a row that belongs to the company (to its primary contact when it belongs to a user) and returns its id. */
  make(db: Database, now: Date, companyId: number): Promise<number | string>;
}

async function primaryContact(db: Database, companyId: number) {
  const user = await users.findPrimaryContact(db, companyId);
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
  credit_pack: { belongsTo: 'company', make: async (db, now, companyId) => (await newCreditPack(db, now, companyId)).id },
  payment_card: { belongsTo: 'company', make: async (db, now, companyId) => (await newPaymentCard(db, now, companyId)).id },
};

/** A saved Visa ending 4242 with a token no gateway knows (charging it is declined): for access tests. */
export function newPaymentCard(db: Database, now: Date, companyId: number, o: { card_name?: string; is_default?: boolean } = {}) {
  return payments.insertSavedCard(db, {
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

/** A credit pack of $10 that never expires, added through the ledger as an admin would add it. */
export function newCreditPack(db: Database, now: Date, companyId: number, o: Partial<billing.NewCredit> = {}) {
  const ctx = { db, clock: { now: () => now } } as CallContext;
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
  return payments.createPromoCode(ctx, {
    promo_key: `PROMO-${unique()}`,
    display_name: 'Test promo',
    start_at: null,
    finish_at: null,
    amount: 1000,
    ...o,
  });
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
