import { setAssignees, setReminderPeriod } from '@portal/contract/tickets/ticket-staff';
import { adminTicketsViewPage } from '@portal/contract/tickets/ticket-view';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobContext } from '../../test/context.ts';
import { newTicket } from '../../test/factories.ts';
import { TestClient, type TestContext, createTestContext, newCompany, newUser, ok } from '../../test/harness.ts';
import { mailsTo } from '../../test/mail.ts';
import { remindersJob } from './jobs.ts';

const DAY = 86_400_000;
let t: TestContext;
let adminId: number;
let supportId: number;
let supportEmail: string;

beforeAll(async () => {
  t = await createTestContext({ INBOUND_SMTP_PORT: '0', INBOUND_MAIL_DOMAIN: 'replies.portal.test' });
  const vendor = await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' });
  adminId = vendor.user.id;
  const s = await newUser(t.db, vendor.company.id, { staff_role: 'support' });
  supportId = s.id;
  supportEmail = s.email;
});
afterAll(() => t.close());

const run = () => remindersJob(jobContext(t));
// A fresh session each time: the clock moves days, past a session's idle limit.
const admin = () => new TestClient(t.app).useSession(t.db, t.clock, adminId);

describe('ticket reminders', () => {
  it('an open ticket without news for its period reminds its assignees once per period', async () => {
    const { company } = await newCompany(t.db, { current_state: 'ACTIVE' });
    const id = await newTicket(t.db, t.clock.now(), company.id);
    ok(await (await admin()).call(setAssignees, { target_ticket_id: id, target_user_ids: [supportId] }));
    ok(await (await admin()).call(setReminderPeriod, { target_ticket_id: id, target_reminder_period: 2 }));
    t.clock.advance(DAY);
    await run();
    expect(await mailsTo(t.db, supportEmail)).toEqual([]);
    t.clock.advance(DAY + 1000);
    await run();
    await run();
    const reminders = await mailsTo(t.db, supportEmail);
    expect(reminders.map((m) => m.template)).toEqual(['ticket_reminder']);
    // In the ticket's thread, with a reply address that posts a reply to the ticket as the assignee.
    expect(reminders[0]?.headers?.['In-Reply-To']).toMatch(new RegExp(`^<ticket-${id}@`));
    expect(reminders[0]?.headers?.['Reply-To']).toMatch(new RegExp(`^ticket\\+${id}\\.${supportId}\\.[0-9a-f]+@replies\\.portal\\.test$`));
    const seen = ok(await (await admin()).call(adminTicketsViewPage, { target_ticket_id: id })).data;
    // The period change and the reminder itself are both 'reminder' updates; the job's has no user and no old state.
    const sent = seen.updates.filter((u) => u.type === 'reminder' && u.old_state === null);
    expect(sent.map((u) => [u.new_state, u.user.contact_name])).toEqual([['2', null]]);
    t.clock.advance(2 * DAY + 1000);
    await run();
    expect(await mailsTo(t.db, supportEmail)).toHaveLength(2);
  });
});
