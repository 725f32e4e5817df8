import { ALL_CALLS } from '@portal/contract/all-calls';
import { isPublic } from '@portal/contract/shared/define-call';
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
  ownedRow,
} from '../test/factories.ts';
import { TestClient, type TestContext, createTestContext, newCompany } from '../test/harness.ts';
import { insertBillingDevice } from '../test/rows.ts';
import * as billing from '../domains/billing/service.ts';
import { writeUtilization } from '../domains/storage/queries.ts';
import { ownedFields, sampleInput } from './sample-input.ts';
import { SUITE_ENV } from './world.ts';

/**
 * A customer never sees another company's credit or usage. A victim company gets a row of every kind
 * billing keeps for it (a credit pack, a refund, a service, a charge and the packs that paid it, daily
 * stats, a reported user), each named with a marker; then every call a customer may make that only reads
 * is sent by a customer of another company, its own ids on its own rows and its filters wide open, and no
 * answer may carry a marker or one of the victim's row ids. Generated from the contract list, so a new
 * read call is covered the day it lands.
 */
const MARK = `victim-${Date.now().toString(36)}`;
let t: TestContext;
let outsider: TestClient;
let outsiderCompanyId: number;
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
  await billing.recordDailyStats(ctx, { company_id: id, date: billing.billingDayOf(t.clock.now()), device_count: 4, server_version: MARK });
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
    billing.billingDayOf(t.clock.now()),
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
  );

  // The outsider is a customer of no distributor, so every customer call is open to it, the plan pages too.
  const other = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
  outsiderCompanyId = other.company.id;
  await newCreditPack(t.db, t.clock.now(), other.company.id, { name: 'Own pack', amount: 100 });
  outsider = await new TestClient(t.app).useSession(t.db, t.clock, other.user.id);
});
afterAll(() => t.close());

const customerReads = ALL_CALLS.filter(
  (c) => !isPublic(c.access) && c.access.roles.some((r) => r === 'customer' || r === 'any') && READ_ONLY_PATHS.has(c.path),
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
    const ids: Record<string, unknown> = {};
    for (const { field, kind } of ownedFields(call)) ids[field] = await ownedRow(kind, t, outsiderCompanyId);
    const input = wideOpen(sampleInput(call, ids), call.input.shape);
    const res = await outsider.post(call.path, input);
    expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
    expect(res.body).not.toContain(MARK);
    const body = res.json() as { data?: { rows?: { id?: unknown }[] } };
    const rowIds = new Set((body.data?.rows ?? []).map((r) => r.id));
    for (const v of victimIds.filter((v) => v.path === call.path)) {
      expect(rowIds.has(v.id), `${call.path} answered the victim's row #${v.id}`).toBe(false);
    }
  });
});
