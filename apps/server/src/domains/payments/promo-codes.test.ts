import { setupAccount } from '@portal/contract/account/account-settings';
import {
  adminCreatePromoCode,
  adminDeletePromoCode,
  adminEditPromoCode,
  adminListPromoCodes,
  PROMO_MESSAGES,
  redeemPromoCode,
} from '@portal/contract/payments/promo-codes';
import { NULL_MARKER } from '@portal/contract/shared/fields';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobContext } from '../../test/context.ts';
import { newPromoCode } from '../../test/factories.ts';
import { TestClient, type TestContext, createTestContext, newCompany, ok, signedInCompany } from '../../test/harness.ts';
import { companyEvents, companyRow, creditPacksOf, ledgerRowsOf, promoRedemptionsOf } from '../../test/rows.ts';
import * as billing from '../billing/service.ts';
import { redeemPromoCode as redeemFor } from './promo-codes.ts';

const DAY = 86_400_000;
let t: TestContext;
let adminUserId: number;
let admin: TestClient;
let n = 0;
const key = (prefix = 'CODE') => `${prefix}-${++n}`;

beforeAll(async () => {
  t = await createTestContext();
  adminUserId = (await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' })).user.id;
});
beforeEach(async () => {
  admin = await new TestClient(t.app).useSession(t.db, t.clock, adminUserId);
});
afterAll(() => t.close());

const create = (o: Partial<Parameters<typeof admin.call<typeof adminCreatePromoCode>>[1]> = {}) =>
  admin.call(adminCreatePromoCode, { promo_key: key(), display_name: 'Spring', start_at: null, finish_at: null, amount: 1500, ...o });
const balance = (companyId: number) => billing.balanceOf(jobContext(t), { companyId });

describe('admin promo codes', () => {
  it('creates (id -1), lists newest first with redemptions, edits and deletes', async () => {
    const made = ok(await create({ id: -1, promo_key: 'Spring-2026', display_name: 'Spring sale', amount: 2500 })).data;
    expect(made).toMatchObject({
      promo_key: 'Spring-2026',
      display_name: 'Spring sale',
      amount: 2500,
      start_at: null,
      finish_at: null,
      redemptions: 0,
    });
    t.clock.advance(1000);
    const later = ok(await create()).data;
    const list = ok(await admin.call(adminListPromoCodes, {})).data;
    expect(list.rows.slice(0, 2).map((r) => r.id)).toEqual([later.id, made.id]);
    const edited = ok(
      await admin.call(adminEditPromoCode, {
        id: made.id,
        promo_key: 'SPRING-2026',
        display_name: 'Spring sale (extended)',
        start_at: '2026-11-01T00:00:00Z',
        finish_at: '2026-12-31T00:00:00Z',
        amount: 3000,
      }),
    ).data;
    expect(edited).toMatchObject({
      promo_key: 'SPRING-2026',
      amount: 3000,
      start_at: '2026-11-01T00:00:00.000Z',
      finish_at: '2026-12-31T00:00:00.000Z',
    });
    expect(ok(await admin.call(adminDeletePromoCode, { promo_code_id: made.id })).data).toBeNull();
    expect(ok(await admin.call(adminListPromoCodes, {})).data.rows.some((r) => r.id === made.id)).toBe(false);
    expect(await admin.call(adminDeletePromoCode, { promo_code_id: made.id })).toMatchObject({
      code: 404,
      message: PROMO_MESSAGES.notFound,
    });
    expect((await admin.call(adminEditPromoCode, { ...edited, id: made.id })).code).toBe(404);
  });

  it('pages by 20', async () => {
    for (let i = 0; i < 21; i++) ok(await create());
    const first = ok(await admin.call(adminListPromoCodes, { page: 1 })).data;
    expect(first.rows).toHaveLength(20);
    expect(first.total).toBeGreaterThanOrEqual(21);
    const last = ok(await admin.call(adminListPromoCodes, { page: Math.ceil(first.total / 20) })).data;
    expect(last.rows.length).toBe(first.total % 20 || 20);
  });

  it('treats an all-zero or empty date as unset', async () => {
    const made = ok(await create({ start_at: '0000-00-00 00:00:00', finish_at: '' })).data;
    expect(made).toMatchObject({ start_at: null, finish_at: null });
  });

  it('keeps codes unique whatever their case, and frees a deleted code', async () => {
    const made = ok(await create({ promo_key: 'Unique-One' })).data;
    expect(await create({ promo_key: 'UNIQUE-one' })).toMatchObject({
      code: 400,
      data: { fields: { promo_key: PROMO_MESSAGES.keyTaken } },
    });
    const other = ok(await create({ promo_key: 'Unique-Two' })).data;
    expect(await admin.call(adminEditPromoCode, { ...other, promo_key: 'unique-one' })).toMatchObject({
      code: 400,
      data: { fields: { promo_key: PROMO_MESSAGES.keyTaken } },
    });
    ok(await admin.call(adminDeletePromoCode, { promo_code_id: made.id }));
    expect(ok(await create({ promo_key: 'unique-ONE' })).data.promo_key).toBe('unique-ONE');
  });

  it('answers clear messages for bad fields', async () => {
    expect(await create({ promo_key: ' ' })).toMatchObject({ code: 400, data: { fields: { promo_key: PROMO_MESSAGES.key } } });
    expect(await create({ promo_key: 'has space' })).toMatchObject({ code: 400, data: { fields: { promo_key: PROMO_MESSAGES.keyChars } } });
    expect(await create({ display_name: '' })).toMatchObject({ code: 400, data: { fields: { display_name: PROMO_MESSAGES.name } } });
    expect(await create({ amount: -1 })).toMatchObject({ code: 400, data: { fields: { amount: PROMO_MESSAGES.amount } } });
    expect(await create({ start_at: 'soon' })).toMatchObject({ code: 400, data: { fields: { start_at: PROMO_MESSAGES.date } } });
    expect(await create({ start_at: '2026-12-01T00:00:00Z', finish_at: '2026-11-01T00:00:00Z' })).toMatchObject({
      code: 400,
      data: { fields: { finish_at: PROMO_MESSAGES.window } },
    });
    // A window must have room: one that ends the moment it starts is refused too.
    expect(await create({ start_at: '2026-12-01T00:00:00Z', finish_at: '2026-12-01T00:00:00Z' })).toMatchObject({
      code: 400,
      data: { fields: { finish_at: PROMO_MESSAGES.window } },
    });
  });

  it("takes the spec's form body (a new code's id -1, the NUL marker for an unset date) and an amount of 0", async () => {
    const promo_key = key('FORM');
    const form = { id: '-1', promo_key, display_name: 'Tracking only', start_at: NULL_MARKER, finish_at: '', amount: '0' };
    const res = await admin.post(adminCreatePromoCode.path, form, { form: true });
    expect(res.json()).toMatchObject({ status: 'ok', data: { promo_key, amount: 0, start_at: null, finish_at: null } });
  });

  it('is for admins only', async () => {
    const c = await signedInCompany(t, { current_state: 'ACTIVE' });
    expect((await c.client.call(adminCreatePromoCode, { promo_key: key(), display_name: 'Mine', amount: 100_000 })).code).toBe(403);
    expect((await c.client.call(adminListPromoCodes, {})).code).toBe(403);
  });
});

describe('redeeming on /topup', () => {
  it('redeems a code of $0 once per company, adding no credit pack and no ledger row', async () => {
    const code = await newPromoCode(t.db, t.clock.now(), { promo_key: key('ZERO'), amount: 0 });
    const c = await signedInCompany(t, { current_state: 'ACTIVE' });
    expect(ok(await c.client.call(redeemPromoCode, { promo_code: code.promo_key })).data).toEqual({
      message: PROMO_MESSAGES.applied,
      credit_pack: null,
    });
    expect(await creditPacksOf(t, c.company.id)).toEqual([]);
    expect(await ledgerRowsOf(t, c.company.id)).toEqual([]);
    expect((await promoRedemptionsOf(t, c.company.id)).map((r) => [r.promo_code_id, r.credit_pack_id])).toEqual([[code.id, null]]);
    expect((await companyEvents(t, c.company.id)).map((e) => e.event)).toContain(`Promo code ${code.promo_key} redeemed: no credit`);
    expect(await c.client.call(redeemPromoCode, { promo_code: code.promo_key })).toMatchObject({ code: 400, message: PROMO_MESSAGES.used });
  });

  it('adds a promo credit pack with its ledger row, once per company', async () => {
    const code = await newPromoCode(t.db, t.clock.now(), { promo_key: key('TOPUP'), display_name: 'Welcome back', amount: 1200 });
    const c = await signedInCompany(t, { current_state: 'ACTIVE' });
    const res = ok(await c.client.call(redeemPromoCode, { promo_code: code.promo_key.toLowerCase() })).data;
    expect(res.message).toBe('$12.00 of credit has been added to your account');
    expect(res.credit_pack).toMatchObject({ name: 'Promo code: Welcome back', amount: 1200, remaining: 1200, expiry_date: null });
    const packs = await creditPacksOf(t, c.company.id);
    expect(packs).toHaveLength(1);
    // The pack says who redeemed the code: the signed-in user's label.
    expect(packs[0]).toMatchObject({ source: 'promo', cost: 0, amount: 1200, added_by_user: `Test User <${c.user.email}>` });
    expect((await ledgerRowsOf(t, c.company.id)).map((r) => [r.kind, r.amount, r.pack_id])).toEqual([['credit', 1200, packs[0]?.id]]);
    expect(await balance(c.company.id)).toBe(1200);
    expect((await promoRedemptionsOf(t, c.company.id)).map((r) => [r.promo_code_id, r.credit_pack_id])).toEqual([[code.id, packs[0]?.id]]);
    expect((await companyEvents(t, c.company.id)).map((e) => e.event)).toContain(`Promo code ${code.promo_key} redeemed: $12.00 of credit`);

    expect(await c.client.call(redeemPromoCode, { promo_code: code.promo_key })).toMatchObject({ code: 400, message: PROMO_MESSAGES.used });
    expect(await balance(c.company.id)).toBe(1200);
    // Another company still may.
    const other = await signedInCompany(t, { current_state: 'ACTIVE' });
    ok(await other.client.call(redeemPromoCode, { promo_code: code.promo_key }));
    const listed = ok(await admin.call(adminListPromoCodes, { page_size: 1000 })).data.rows.find((r) => r.id === code.id);
    expect(listed?.redemptions).toBe(2);
  });

  it('refuses unknown, deleted, not yet started and expired codes, leaving the balance as it was', async () => {
    const c = await signedInCompany(t, { current_state: 'ACTIVE' });
    const now = t.clock.now().getTime();
    const future = await newPromoCode(t.db, t.clock.now(), { start_at: new Date(now + DAY).toISOString() });
    const past = await newPromoCode(t.db, t.clock.now(), { finish_at: new Date(now + 1000).toISOString() });
    const gone = await newPromoCode(t.db, t.clock.now());
    ok(await admin.call(adminDeletePromoCode, { promo_code_id: gone.id }));
    t.clock.advance(2000);
    expect(await c.client.call(redeemPromoCode, { promo_code: 'NO-SUCH-CODE' })).toMatchObject({
      code: 400,
      message: PROMO_MESSAGES.unknown,
    });
    expect(await c.client.call(redeemPromoCode, { promo_code: gone.promo_key })).toMatchObject({
      code: 400,
      message: PROMO_MESSAGES.unknown,
    });
    expect(await c.client.call(redeemPromoCode, { promo_code: future.promo_key })).toMatchObject({
      code: 400,
      message: PROMO_MESSAGES.notStarted,
    });
    expect(await c.client.call(redeemPromoCode, { promo_code: past.promo_key })).toMatchObject({
      code: 400,
      message: PROMO_MESSAGES.expired,
    });
    expect(await creditPacksOf(t, c.company.id)).toEqual([]);
    expect(await promoRedemptionsOf(t, c.company.id)).toEqual([]);
    // Once its window opens, the early code works.
    t.clock.advance(DAY);
    const later = await new TestClient(t.app).useSession(t.db, t.clock, c.user.id);
    ok(await later.call(redeemPromoCode, { promo_code: future.promo_key }));
    expect(await balance(c.company.id)).toBe(1000);
  });
});

describe('redeemPromoCode', () => {
  it('opens a window at its start_at and closes it at its finish_at, to the millisecond', async () => {
    const c = await signedInCompany(t, { current_state: 'ACTIVE' });
    const now = t.clock.now().getTime();
    const edge = new Date(Math.ceil(now / 1000) * 1000 + 10_000);
    const opening = await newPromoCode(t.db, t.clock.now(), { start_at: edge.toISOString(), amount: 300 });
    const closing = await newPromoCode(t.db, t.clock.now(), { finish_at: edge.toISOString(), amount: 400 });
    t.clock.advance(edge.getTime() - now - 1);
    await expect(redeemFor(jobContext(t), c.company.id, opening.promo_key)).rejects.toMatchObject({
      code: 400,
      message: PROMO_MESSAGES.notStarted,
    });
    t.clock.advance(1);
    expect(t.clock.now().getTime()).toBe(edge.getTime());
    expect((await redeemFor(jobContext(t), c.company.id, opening.promo_key))?.amount).toBe(300);
    await expect(redeemFor(jobContext(t), c.company.id, closing.promo_key)).rejects.toMatchObject({
      code: 400,
      message: PROMO_MESSAGES.expired,
      fields: { promo_code: PROMO_MESSAGES.expired },
    });
    expect(await balance(c.company.id)).toBe(300);
  });

  it("trims the key; a scheduled job's redemption names 'system' as the pack's giver", async () => {
    const c = await signedInCompany(t, { current_state: 'ACTIVE' });
    const code = await newPromoCode(t.db, t.clock.now(), { promo_key: key('TRIM'), display_name: 'Trimmed', amount: 250 });
    const pack = await redeemFor(jobContext(t), c.company.id, `  ${code.promo_key}  `);
    expect(pack).toMatchObject({ name: 'Promo code: Trimmed', amount: 250, source: 'promo', cost: 0, added_by_user: 'system' });
    expect((await promoRedemptionsOf(t, c.company.id)).map((r) => [r.promo_code_id, r.credit_pack_id])).toEqual([[code.id, pack?.id]]);
  });
});

describe('redeeming at complete signup', () => {
  const ADDRESS = {
    company_name: 'New Customer Ltd',
    company_phone_number: '09 555 0100',
    company_address_street: '1 Queen Street',
    company_address_city: 'Auckland',
    company_address_postcode: '1010',
    company_address_country: 'NZ',
  };

  it('credits the stored code in the same call, and not again when the details are saved again', async () => {
    const code = await newPromoCode(t.db, t.clock.now(), { promo_key: key('SIGNUP'), amount: 700 });
    const c = await signedInCompany(t, { current_state: 'TRIAL' });
    ok(await c.client.call(setupAccount, { ...ADDRESS, user_promo_code: code.promo_key }));
    expect((await companyRow(t, c.company.id))?.signup_promo_code).toBe(code.promo_key);
    expect((await creditPacksOf(t, c.company.id)).map((p) => [p.source, p.amount])).toEqual([['promo', 700]]);
    ok(await c.client.call(setupAccount, { ...ADDRESS, user_promo_code: code.promo_key }));
    expect(await balance(c.company.id)).toBe(700);
  });

  it('refuses the whole signup with the reason under the promo code field', async () => {
    const c = await signedInCompany(t, { current_state: 'TRIAL' });
    expect(await c.client.call(setupAccount, { ...ADDRESS, user_promo_code: 'NOT-A-CODE' })).toMatchObject({
      code: 400,
      message: PROMO_MESSAGES.unknown,
      data: { fields: { user_promo_code: PROMO_MESSAGES.unknown } },
    });
    expect(await companyRow(t, c.company.id)).toMatchObject({ signup_promo_code: '', signup_completed_at: null });
    // Without the code it completes.
    ok(await c.client.call(setupAccount, { ...ADDRESS, user_promo_code: '' }));
    expect((await companyRow(t, c.company.id))?.signup_completed_at).not.toBeNull();
  });

  it('tells a company that already used the code on /topup', async () => {
    const code = await newPromoCode(t.db, t.clock.now(), { promo_key: key('TWICE') });
    const c = await signedInCompany(t, { current_state: 'TRIAL' });
    ok(await c.client.call(redeemPromoCode, { promo_code: code.promo_key }));
    expect(await c.client.call(setupAccount, { ...ADDRESS, user_promo_code: code.promo_key })).toMatchObject({
      code: 400,
      data: { fields: { user_promo_code: PROMO_MESSAGES.used } },
    });
  });
});

describe('redeeming, the refusals in full', () => {
  it('redeems a code whose window has not yet closed', async () => {
    const c = await signedInCompany(t, { current_state: 'ACTIVE' });
    const code = await newPromoCode(t.db, t.clock.now(), { finish_at: new Date(t.clock.now().getTime() + DAY).toISOString(), amount: 600 });
    ok(await c.client.call(redeemPromoCode, { promo_code: code.promo_key }));
    expect(await balance(c.company.id)).toBe(600);
    // Used: the reason also stands under the field.
    expect(await c.client.call(redeemPromoCode, { promo_code: code.promo_key })).toMatchObject({
      code: 400,
      message: PROMO_MESSAGES.used,
      data: { fields: { promo_code: PROMO_MESSAGES.used } },
    });
  });
});
