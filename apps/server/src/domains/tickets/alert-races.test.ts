import { raiseAlert } from '@portal/contract/tickets/alerts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobContext } from '../../test/context.ts';
import { ON_POSTGRES, TestClient, type TestContext, createTestContext, newCompany, ok } from '../../test/harness.ts';
import { type PagerReceiver, startPagerReceiver } from '../../test/pager-receiver.ts';
import { pagesOf } from './queries/alerts.ts';
import { escalateAlertsJob } from './jobs.ts';

const SECRET = 'pager-race-secret-0123456789';

/** Escalation runs on two nodes at once (PostgreSQL's parallel connections): the rotation is called once. */
describe.skipIf(!ON_POSTGRES)('P1 alert escalation under parallel job runs (PostgreSQL)', () => {
  let t: TestContext;
  let pager: PagerReceiver;
  beforeAll(async () => {
    pager = await startPagerReceiver(SECRET);
    t = await createTestContext({
      PAGER_WEBHOOK_URL: pager.url,
      PAGER_WEBHOOK_SECRET: SECRET,
      PAGER_ROTATION: 'Olivia <+15550001>; Bram <+15550002>',
    });
  });
  afterAll(async () => {
    await t.close();
    await pager.close();
  });

  it('two job runs at once escalate each alert exactly once', async () => {
    const vendor = await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' });
    const admin = await new TestClient(t.app).useSession(t.db, t.clock, vendor.user.id);
    const ids: number[] = [];
    for (const problem of ['Database down', 'Mail down', 'Storage down']) {
      ok(await admin.call(raiseAlert, { problem }));
    }
    await t.app.deps.background.idle();
    for (const d of pager.deliveries) ids.push(d.body.alert_id);
    t.clock.advance(16 * 60_000);
    const runs = await Promise.all([escalateAlertsJob(jobContext(t)), escalateAlertsJob(jobContext(t))]);
    expect(runs[0] + runs[1]).toBe(3);
    for (const id of ids) {
      expect((await pagesOf(t.db, id)).filter((p) => p.kind === 'escalation').map((p) => p.recipient_name)).toEqual(['Olivia', 'Bram']);
    }
    expect(pager.deliveries.filter((d) => d.body.kind === 'escalation')).toHaveLength(6);
  });
});
