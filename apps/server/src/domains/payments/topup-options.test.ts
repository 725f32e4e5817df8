import {
  adminDeleteTopupOption,
  adminEditTopupOption,
  adminListTopupOptions,
  listTopups,
  MINIMUM_TOPUP_CENTS,
  TOPUP_OPTION_MESSAGES,
} from '@portal/contract/payments/topup-options';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, createTestContext, newCompany, ok, signedInCompany } from '../../test/harness.ts';
import { setPaymentSettings, topupOptionRow } from '../../test/rows.ts';

let t: TestContext;
let adminUserId: number;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestContext();
  adminUserId = (await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' })).user.id;
});
beforeEach(async () => {
  admin = await new TestClient(t.app).useSession(t.db, t.clock, adminUserId);
});
afterAll(() => t.close());

const option = (o: Partial<Parameters<typeof admin.call<typeof adminEditTopupOption>>[1]> = {}) =>
  admin.call(adminEditTopupOption, { name: 'Top-up', cost: 5000, amount: 5000, ...o });
const adminOptions = async () => ok(await admin.call(adminListTopupOptions, {})).data.options;

describe('admin top-up options', () => {
  it("creates from the spec's form body with id -1, and edits with a form's id and flags", async () => {
    const form = { id: '-1', name: 'Form top-up', cost: '3000', amount: '3300', expiry_length_days: '0', is_user_visible: 'false' };
    const made = (await admin.post(adminEditTopupOption.path, form, { form: true })).json();
    expect(made).toMatchObject({ status: 'ok', data: { name: 'Form top-up', cost: 3000, amount: 3300, is_user_visible: false } });
    const edited = await admin.post(
      adminEditTopupOption.path,
      { ...form, id: String(made.data.id), is_user_visible: 'true' },
      { form: true },
    );
    expect(edited.json()).toMatchObject({ status: 'ok', data: { id: made.data.id, is_user_visible: true } });
  });

  it('creates with id -1 or no id, with visible on and expiry 0 by default, and lists them by amount', async () => {
    const a = ok(await option({ id: -1, name: 'Big', cost: 20_000, amount: 22_000, expiry_length_days: 365 })).data;
    const b = ok(await option({ name: 'Small', cost: 2500, amount: 2500 })).data;
    expect(a).toMatchObject({
      name: 'Big',
      cost: 20_000,
      amount: 22_000,
      expiry_length_days: 365,
      is_user_visible: true,
      is_default: false,
    });
    expect(b).toMatchObject({ name: 'Small', expiry_length_days: 0, is_user_visible: true });
    const ids = (await adminOptions()).map((o) => o.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
  });

  it('edits an option in place', async () => {
    const made = ok(await option({ name: 'Before' })).data;
    const edited = ok(
      await option({ id: made.id, name: 'After', cost: 1000, amount: 1500, is_user_visible: false, expiry_length_days: 30 }),
    );
    expect(edited.data).toEqual({
      id: made.id,
      name: 'After',
      cost: 1000,
      amount: 1500,
      expiry_length_days: 30,
      is_user_visible: false,
      is_default: false,
    });
    expect((await adminOptions()).find((o) => o.id === made.id)?.name).toBe('After');
  });

  it('keeps one default: making another the default unsets the previous one', async () => {
    const first = ok(await option({ name: 'Default one', is_default: true })).data;
    const second = ok(await option({ name: 'Default two' })).data;
    ok(await option({ id: second.id, name: 'Default two', is_default: true }));
    const defaults = (await adminOptions()).filter((o) => o.is_default).map((o) => o.id);
    expect(defaults).toEqual([second.id]);
    expect((await topupOptionRow(t, first.id))?.is_default).toBe(false);
  });

  it('deletes softly: the option leaves the lists and the row stays for history', async () => {
    const made = ok(await option({ name: 'Going' })).data;
    expect(await admin.call(adminDeleteTopupOption, { topup_option_id: made.id })).toMatchObject({ status: 'ok', data: null });
    expect((await adminOptions()).some((o) => o.id === made.id)).toBe(false);
    expect((await topupOptionRow(t, made.id))?.deleted_at).toEqual(t.clock.now());
    expect(await admin.call(adminDeleteTopupOption, { topup_option_id: made.id })).toMatchObject({
      code: 404,
      message: TOPUP_OPTION_MESSAGES.notFound,
    });
    expect(await option({ id: made.id })).toMatchObject({ code: 404, message: TOPUP_OPTION_MESSAGES.notFound });
  });

  it('refuses to delete an option automatic top-up uses', async () => {
    const made = ok(await option({ name: 'Auto' })).data;
    const { company } = await newCompany(t.db, { current_state: 'ACTIVE' });
    await setPaymentSettings(t, { company_id: company.id, auto_topup_option_id: made.id, updated_at: t.clock.now() });
    expect(await admin.call(adminDeleteTopupOption, { topup_option_id: made.id })).toMatchObject({
      code: 400,
      message: TOPUP_OPTION_MESSAGES.inUse,
    });
    expect((await topupOptionRow(t, made.id))?.deleted_at).toBeNull();
  });

  it('answers the spec’s messages for bad fields', async () => {
    expect(await option({ name: '  ' })).toMatchObject({ code: 400, data: { fields: { name: TOPUP_OPTION_MESSAGES.name } } });
    expect(await option({ cost: -1 })).toMatchObject({ code: 400, data: { fields: { cost: TOPUP_OPTION_MESSAGES.cost } } });
    expect(await option({ amount: -5 })).toMatchObject({ code: 400, data: { fields: { amount: TOPUP_OPTION_MESSAGES.amount } } });
    expect(await option({ expiry_length_days: -1 })).toMatchObject({
      code: 400,
      data: { fields: { expiry_length_days: TOPUP_OPTION_MESSAGES.expiry } },
    });
  });

  it('is for admins only, enforced by the server', async () => {
    const c = await signedInCompany(t, { current_state: 'ACTIVE' });
    expect((await c.client.call(adminEditTopupOption, { name: 'Mine', cost: 0, amount: 100_000 })).code).toBe(403);
    expect((await c.client.call(adminListTopupOptions, {})).code).toBe(403);
    expect((await adminOptions()).some((o) => o.name === 'Mine')).toBe(false);
  });
});

describe('list_topups (customer)', () => {
  it('lists the visible options by amount with the minimum top-up', async () => {
    const hidden = ok(await option({ name: 'Hidden', is_user_visible: false })).data;
    const shown = ok(await option({ name: 'Shown', cost: 3000, amount: 3500 })).data;
    const c = await signedInCompany(t, { current_state: 'ACTIVE' });
    const res = ok(await c.client.call(listTopups, {})).data;
    expect(res.minimum_topup).toBe(MINIMUM_TOPUP_CENTS);
    expect(res.options.map((o) => o.id)).toContain(shown.id);
    expect(res.options.map((o) => o.id)).not.toContain(hidden.id);
    const amounts = res.options.map((o) => o.amount);
    expect(amounts).toEqual([...amounts].sort((x, y) => x - y));
  });

  it('answers for the caller’s own company only; an admin may name any', async () => {
    const mine = await signedInCompany(t, { current_state: 'ACTIVE' });
    const other = await newCompany(t.db, { current_state: 'ACTIVE' });
    expect(ok(await mine.client.call(listTopups, { target_company_id: mine.company.id })).code).toBe(200);
    expect(await mine.client.call(listTopups, { target_company_id: other.company.id })).toMatchObject({ code: 404 });
    expect(ok(await admin.call(listTopups, { target_company_id: other.company.id })).code).toBe(200);
  });
});
