import { ALERT_MESSAGES, acknowledgeAlert, raiseAlert } from '@portal/contract/tickets/alerts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobContext } from '../../test/context.ts';
import { TestClient, type TestContext, createTestContext, newCompany, newUser, ok } from '../../test/harness.ts';
import { type PagerReceiver, startPagerReceiver } from '../../test/pager-receiver.ts';
import { alertById, pagesOf } from './queries/alerts.ts';
import { escalateAlertsJob } from './jobs.ts';

const MINUTE = 60_000;
const SECRET = 'pager-test-secret-0123456789';
const ROTATION = 'Olivia On-call <+15550001>; Bram Backup <+15550002>; Cleo Chief <cleo@example.com>';

let t: TestContext;
let pager: PagerReceiver;
let supportId: number;
let adminId: number;
let customerId: number;

beforeAll(async () => {
  pager = await startPagerReceiver(SECRET);
  t = await createTestContext({ PAGER_WEBHOOK_URL: pager.url, PAGER_WEBHOOK_SECRET: SECRET, PAGER_ROTATION: ROTATION });
  const vendor = await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' });
  adminId = vendor.user.id;
  supportId = (await newUser(t.db, vendor.company.id, { staff_role: 'support', contact_name: 'Sam Support' })).id;
  customerId = (await newCompany(t.db, { current_state: 'ACTIVE' })).user.id;
});
afterAll(async () => {
  await t.close();
  await pager.close();
});

const as = (userId: number) => new TestClient(t.app).useSession(t.db, t.clock, userId);
const escalate = () => escalateAlertsJob(jobContext(t));
const idle = () => t.app.deps.background.idle();

/** Raises an alert as support and waits for the on-call page; answers the alert's id and its page. */
async function raised(problem: string) {
  const before = pager.deliveries.length;
  const message = ok(await (await as(supportId)).call(raiseAlert, { problem })).data;
  await idle();
  const page = pager.deliveries[before];
  if (!page) throw new Error('the on-call developer was not paged');
  return { id: page.body.alert_id, page, message };
}

describe('raise_alert', () => {
  it('refuses a blank problem with the field message, and customers altogether', async () => {
    const blank = await (await as(supportId)).call(raiseAlert, { problem: '   ' });
    expect(blank.code).toBe(400);
    expect((blank.data as { fields?: Record<string, string> }).fields?.problem).toBe(ALERT_MESSAGES.problem);
    const long = await (await as(adminId)).call(raiseAlert, { problem: 'x'.repeat(2001) });
    expect((long.data as { fields?: Record<string, string> }).fields?.problem).toBe(ALERT_MESSAGES.problemTooLong);
    const before = pager.deliveries.length;
    expect((await (await as(customerId)).call(raiseAlert, { problem: 'Our server is down' })).code).toBe(403);
    await idle();
    expect(pager.deliveries).toHaveLength(before);
  });

  it('pages the first of the rotation with a signed body after the call, and the answer says who', async () => {
    const { id, page, message } = await raised('  Hosted servers in eu-west do not start ');
    expect(message).toBe(
      `P1 alert #${id} raised: paging Olivia On-call, the on-call developer. If nobody answers within 15 minutes, everyone on the rotation is called.`,
    );
    expect(page.body).toMatchObject({
      kind: 'on_call',
      problem: 'Hosted servers in eu-west do not start',
      to: { name: 'Olivia On-call', address: '+15550001' },
      acknowledge: { url: 'http://localhost:3000/api/v1/alerts/acknowledge', alert_id: id },
    });
    expect(page.body.raised_by).toContain('Sam Support');
    expect(pager.refused).toBe(0);
    const pages = await pagesOf(t.db, id);
    expect(pages.map((p) => [p.kind, p.recipient_address, p.http_status, p.error])).toEqual([['on_call', '+15550001', 200, null]]);
  });

  it('calls the whole rotation once after 15 minutes without acknowledgement, and not before', async () => {
    const { id } = await raised('Payments fail for every card');
    // Earlier tests' alerts escalate here too: only this alert's pages are looked at.
    const callsFor = () => pager.deliveries.filter((d) => d.body.alert_id === id && d.body.kind === 'escalation');
    t.clock.advance(14 * MINUTE);
    await escalate();
    expect(callsFor()).toEqual([]);
    t.clock.advance(MINUTE);
    expect(await escalate()).toBeGreaterThanOrEqual(1);
    const calls = callsFor();
    expect(calls.map((d) => [d.body.alert_id, d.body.kind, d.body.to.name])).toEqual([
      [id, 'escalation', 'Olivia On-call'],
      [id, 'escalation', 'Bram Backup'],
      [id, 'escalation', 'Cleo Chief'],
    ]);
    expect(calls[0]?.body.raised_by).toContain('Sam Support');
    t.clock.advance(30 * MINUTE);
    expect(await escalate()).toBe(0);
    expect(callsFor()).toHaveLength(3);
    expect((await pagesOf(t.db, id)).map((p) => p.kind)).toEqual(['on_call', 'escalation', 'escalation', 'escalation']);
  });

  it('an alert the pager acknowledged never escalates; a wrong token acknowledges nothing', async () => {
    const { id, page } = await raised('Sign-in fails');
    const pagerClient = new TestClient(t.app);
    const wrong = await pagerClient.call(acknowledgeAlert, { alert_id: id, token: 'a'.repeat(64) });
    expect(wrong.code).toBe(400);
    expect(wrong.message).toBe(ALERT_MESSAGES.badAcknowledgement);
    expect((await alertById(t.db, id))?.acknowledged_at).toBeNull();
    const ack = ok(await pagerClient.call(acknowledgeAlert, { alert_id: id, token: page.body.acknowledge.token })).data;
    expect(ack).toEqual({ acknowledged: true });
    expect(ok(await pagerClient.call(acknowledgeAlert, { alert_id: id, token: page.body.acknowledge.token })).data).toEqual({
      acknowledged: false,
    });
    const before = pager.deliveries.length;
    t.clock.advance(20 * MINUTE);
    await escalate();
    expect(pager.deliveries).toHaveLength(before);
    expect((await alertById(t.db, id))?.escalated_at).toBeNull();
  });

  it('records a page the pager refused', async () => {
    pager.status = 503;
    try {
      const { id } = await raised('Backups stopped');
      expect((await pagesOf(t.db, id)).map((p) => [p.http_status, p.error])).toEqual([[503, 'the pager answered 503']]);
    } finally {
      pager.status = 200;
    }
  });
});

describe('raise_alert with no paging webhook configured', () => {
  let bare: TestContext;
  beforeAll(async () => {
    bare = await createTestContext();
  });
  afterAll(() => bare.close());

  it('stores the alert and says nobody could be paged', async () => {
    const vendor = await newCompany(bare.db, { company_type: 'admin', current_state: 'ACTIVE' });
    const admin = await new TestClient(bare.app).useSession(bare.db, bare.clock, vendor.user.id);
    const message = ok(await admin.call(raiseAlert, { problem: 'Everything is down' })).data;
    const id = Number(/#(\d+)/.exec(message)?.[1]);
    expect(message).toBe(
      `P1 alert #${id} was recorded, but nobody could be paged: no paging webhook is configured. Please call the on-call developer directly.`,
    );
    expect((await alertById(bare.db, id))?.problem).toBe('Everything is down');
    bare.clock.advance(16 * MINUTE);
    expect(await escalateAlertsJob(jobContext(bare))).toBe(1);
    expect(await pagesOf(bare.db, id)).toEqual([]);
  });
});
