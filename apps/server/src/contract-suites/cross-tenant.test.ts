import { ALL_CALLS } from '@portal/contract/all-calls';
import { isPublic } from '@portal/contract/shared/define-call';
import { readFileSync, writeFileSync } from 'node:fs';
import { archiveLicense } from '@portal/contract/servers/licences';
import { storageListBuckets } from '@portal/contract/storage/storage';
import { revokeToken } from '@portal/contract/tokens/tokens';
import { closeTicket } from '@portal/contract/tickets/ticket-staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobContext } from '../test/context.ts';
import {
  READ_ONLY_PATHS,
  newCardPurchase,
  newCreditPack,
  newInvoice,
  newPaymentCard,
  newTicket,
  newLicence,
  newHosted,
  newBucket,
  ownedRow,
} from '../test/factories.ts';
import { TestClient, type TestContext, createTestContext, newCompany, ok } from '../test/harness.ts';
import { insertBillingDevice } from '../test/rows.ts';
import * as billing from '../domains/billing/service.ts';
import * as tokens from '../domains/tokens/service.ts';
import { writeUtilization } from '../domains/storage/queries.ts';
import { answersOnlyRows, ownedFields, sampleVariants } from './sample-input.ts';
import { SUITE_ENV } from './world.ts';

/**
 * A customer never sees another company's data. A victim company gets a row of every kind the portal keeps
 * for it (credit packs, a refund, a service, charges, daily stats, a reported user, a licence, consoles, a
 * card, an open and a closed ticket, a bill line, an invoice, a storage bucket), named with a marker where a
 * name shows; then every call a customer may make that only reads is sent with every value of its options
 * (each status, each enum, a default left out; see sampleVariants), its filters wide open: first by the
 * victim's own user, on the victim's rows, to prove the victim's data is in the answer there, then by a
 * customer of another company on its own rows, whose answer may carry neither a marker nor one of the
 * victim's row ids. Both tenants keep rows in each state a list filters on. Which calls, and which of
 * their variants, show the victim its own data is a reviewed list (cross-tenant-coverage.json), so a list
 * or a filter value whose outsider check would pass on an empty answer is seen.
 * Generated from the contract list, so a new read call is covered the day it lands.
 */
const MARK = `victim-${Date.now().toString(36)}`;
let t: TestContext;
let outsider: TestClient;
let owner: TestClient;
let outsiderCompanyId: number;
let victimCompanyId: number;
/**
 * Per call, each variant's answer to the victim's own user: whether it showed the victim's data. A call
 * that showed it in no variant is left out.
 */
const shown = new Map<string, Record<string, boolean>>();
/** The victim's row ids, by the calls that list rows of that kind (ids of different tables may coincide). */
const victimIds: { path: string; id: number | string }[] = [];

beforeAll(async () => {
  t = await createTestContext(SUITE_ENV);
  const ctx = jobContext(t);
  const victim = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
  const id = victim.company.id;
  const pack = await newCreditPack(t.db, t.clock.now(), id, { name: `${MARK} pack`, amount: 5000 });
  const refund = await newCreditPack(t.db, t.clock.now(), id, { name: `${MARK} refund`, amount: 300, source: 'refund' });
  const service = await billing.startService(ctx, {
    company_id: id,
    kind: 'cloudview',
    owner_kind: 'portal',
    owner_id: MARK,
    details: `${MARK} portal`,
  });
  await billing.recordDailyStats(ctx, { company_id: id, date: billing.billingDayOf(t), device_count: 4, server_version: MARK });
  await insertBillingDevice(t, { company_id: id, device_key: MARK, username: `${MARK} user`, first_seen_at: t.clock.now() });
  await insertBillingDevice(t, {
    company_id: id,
    device_key: `${MARK}-gone`,
    username: `${MARK} refunded`,
    first_seen_at: t.clock.now(),
    deleted_at: t.clock.now(),
    refunded_at: t.clock.now(),
    refund_pack_id: refund.id,
    refund_amount: 300,
  });
  await billing.runDailyCharging(ctx);
  // A day of storage utilization in a region named with the marker (the History tab and the dashboard chart).
  await writeUtilization(
    t.db,
    billing.billingDayOf(t),
    [id],
    [{ company_id: id, region: MARK, padded: 5000, metadata: 10, deleted: 0, buckets: 1 }],
    t.clock.now(),
  );
  // A licence that has checked in, so its row and its logs carry the marker.
  const licence = await newLicence(t.db, t.clock.now(), id, { name: `${MARK} licence` });
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/license/check_in',
    payload: { serial_number: licence.serial_number, machine_id: MARK, version: '25.3.0', device_count: 3 },
  });
  // A hosted console that is ready and one still being built (its task open), both named with the marker.
  await newHosted(t.db, t.clock.now(), id, { name: `${MARK} console` });
  await newHosted(t.db, t.clock.now(), id, { name: `${MARK} building`, ready: false });
  const card = await newPaymentCard(t.db, t.clock.now(), id, { card_name: `${MARK} card`, is_default: true });
  await newTicket(t.db, t.clock.now(), id, { subject: `${MARK} ticket`, body: `${MARK} comment` });
  const closed = await newTicket(t.db, t.clock.now(), id, { subject: `${MARK} closed ticket`, body: `${MARK} closed comment` });
  const bucket = await newBucket(t.db, t.clock.now(), id);
  // A bill line and a custom invoice, whose PDFs print the marker.
  const purchase = await newCardPurchase(t.db, t.clock.now(), id, { item: `${MARK} purchase` });
  await newInvoice(t.db, t.clock.now(), id, { name: `${MARK} invoice` });
  victimIds.push(
    { path: '/api/v1/user/transactions/list', id: `c${purchase.id}` },
    { path: '/api/v1/user/payment-methods/list', id: card.id },
    { path: '/api/v1/payment/list_credit_packs', id: pack.id },
    { path: '/api/v1/payment/list_credit_packs', id: refund.id },
    { path: '/api/v1/user/trial-refunds/list-history', id: refund.id },
    { path: '/api/v1/company/get_active_services', id: service.id },
    { path: storageListBuckets.path, id: bucket.id },
  );
  victimCompanyId = id;
  owner = await new TestClient(t.app).useSession(t.db, t.clock, victim.user.id);
  ok(await owner.call(closeTicket, { target_ticket_id: closed }));
  await rowsInEveryState(owner, id, victim.user.id, MARK);

  // The outsider is a customer of no distributor, so every customer call is open to it, the plan pages too.
  const other = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
  outsiderCompanyId = other.company.id;
  // Rows of its own of the kinds above, so that each list reaches its query for the outsider too.
  await newCreditPack(t.db, t.clock.now(), other.company.id, { name: 'Own pack', amount: 100 });
  await newBucket(t.db, t.clock.now(), other.company.id);
  await newTicket(t.db, t.clock.now(), other.company.id, { subject: 'Own ticket' });
  outsider = await new TestClient(t.app).useSession(t.db, t.clock, other.user.id);
  await rowsInEveryState(outsider, other.company.id, other.user.id, 'Own');
});

/**
 * Rows in each state a list filters on, made by the company's own user: a live and an archived licence (the
 * servers table's Archived tab), an active and a revoked API token (the token list's restrict). Both
 * tenants get them, so the outsider's list of each state reaches its query and the owner's shows its own.
 */
async function rowsInEveryState(client: TestClient, companyId: number, userId: number, name: string) {
  const archived = await newLicence(t.db, t.clock.now(), companyId, { name: `${name} archived licence` });
  ok(await client.call(archiveLicense, { serial: archived.serial_number }));
  const token = (tokenName: string) => tokens.issueToken(t, { userId, companyId, name: tokenName, permissions: ['USERS_READ'] });
  await token(`${name} token`);
  const revoked = await token(`${name} revoked token`);
  ok(await client.call(revokeToken, { token: revoked.row.id }));
}
afterAll(() => t.close());

/**
 * Every call a customer may make that only reads, or that answers a list of rows and nothing else (a list
 * that refreshes what it lists as it reads, as the storage buckets' measured bytes).
 */
const customerReads = ALL_CALLS.filter(
  (c) =>
    !isPublic(c.access) &&
    c.access.roles.some((r) => r === 'customer' || r === 'any') &&
    (READ_ONLY_PATHS.has(c.path) || answersOnlyRows(c)),
);

/** The widest query a call takes: no date bounds, no search, a large page. */
function wideOpen(input: Record<string, unknown>, shape: Record<string, unknown>) {
  const out = { ...input };
  for (const field of ['target_from', 'target_to']) if (field in shape) out[field] = null;
  if ('target_search_query' in shape) out.target_search_query = '';
  if ('page_size' in shape) out.page_size = 1000;
  return out;
}

describe('a customer never sees another company’s credit or usage', () => {
  it('has calls to check, the billing reads among them', () => {
    const paths = customerReads.map((c) => c.path);
    for (const p of [
      '/api/v1/payment/list_credit_packs',
      '/api/v1/web/UserMyUsageTable.json',
      '/api/v1/company/get_active_services',
      '/api/v1/web/UserMyServersTable.json',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it.each(customerReads.map((c) => [c.path, c] as const))('%s', async (_path, call) => {
    const ownerIds: Record<string, unknown> = {};
    const outsiderIds: Record<string, unknown> = {};
    for (const { field, kind } of ownedFields(call)) {
      ownerIds[field] = await ownedRow(kind, t, victimCompanyId);
      outsiderIds[field] = await ownedRow(kind, t, outsiderCompanyId);
    }
    const variants = sampleVariants(call);
    const seen: Record<string, boolean> = {};
    for (const variant of variants) {
      const own = await owner.post(call.path, wideOpen({ ...variant, ...ownerIds }, call.input.shape));
      seen[variantLabel(variants[0] ?? {}, variant)] = own.statusCode === 200 && showsVictim(call.path, own.body);
      const input = wideOpen({ ...variant, ...outsiderIds }, call.input.shape);
      const res = await outsider.post(call.path, input);
      const what = `${call.path} ${JSON.stringify(input).slice(0, 200)}`;
      expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
      expect(showsVictim(call.path, res.body), `${what} answered the victim's data`).toBe(false);
    }
    if (Object.values(seen).some(Boolean)) shown.set(call.path, seen);
  });

  it('the victim’s own user saw its data in the calls the reviewed list names', () => {
    const current = Object.fromEntries([...shown].sort(([a], [b]) => (a < b ? -1 : 1)));
    if (process.env.UPDATE_CROSS_TENANT_COVERAGE === '1') writeFileSync(COVERAGE_FILE, `${JSON.stringify(current, null, 2)}\n`);
    const reviewed = JSON.parse(readFileSync(COVERAGE_FILE, 'utf8')) as Record<string, Record<string, boolean>>;
    expect(
      current,
      'A call shows the victim its own data differently from cross-tenant-coverage.json. Review; if intended, run UPDATE_CROSS_TENANT_COVERAGE=1 npx vitest run apps/server/src/contract-suites/cross-tenant.test.ts and commit the file',
    ).toEqual(reviewed);
  });
});

const COVERAGE_FILE = new URL('./cross-tenant-coverage.json', import.meta.url);

/** A variant as the fields it changes from the sample (a field left out as `field=(default)`), or `sample`. */
function variantLabel(base: Record<string, unknown>, variant: Record<string, unknown>): string {
  const keys = [...new Set([...Object.keys(base), ...Object.keys(variant)])];
  const changed = keys.filter((k) => JSON.stringify(base[k]) !== JSON.stringify(variant[k]));
  return changed.map((k) => `${k}=${k in variant ? JSON.stringify(variant[k]) : '(default)'}`).join(' ') || 'sample';
}

/** Whether an answer carries the marker or one of the victim's row ids the call lists. */
function showsVictim(path: string, text: string): boolean {
  if (text.includes(MARK)) return true;
  const ids = victimIds.filter((v) => v.path === path).map((v) => v.id);
  if (!ids.length) return false;
  const data = (JSON.parse(text) as { data?: Record<string, unknown> }).data ?? {};
  return Object.values(data).some(
    (list) => Array.isArray(list) && list.some((r: { id?: unknown }) => ids.includes(r?.id as number | string)),
  );
}
