import { createHmac, timingSafeEqual } from 'node:crypto';
import { ALERT_ESCALATION_MS, ALERT_MESSAGES, type acknowledgeAlert, type raiseAlert } from '@portal/contract/tickets/alerts';
import type { CallData } from '@portal/contract/shared/define-call';
import type { Config } from '../../config.ts';
import { SYSTEM_ACTOR } from '../../platform/access.ts';
import type { CallContext, PublicContext } from '../../platform/context.ts';
import { badInput } from '../../platform/errors.ts';
import { type OnCall, type PageBody, pagerConfigured, sendPage } from './alert-pager.ts';
import * as q from './queries/alerts.ts';
import { peopleOf } from './queries/tickets.ts';

const BATCH = 20;

/** The secret an alert's page carries for its acknowledgement: derived, so nothing secret is stored. */
export function acknowledgementToken(config: Config, alertId: number): string {
  return createHmac('sha256', config.PAGER_WEBHOOK_SECRET || config.APP_SECRET)
    .update(`p1-alert-ack:${alertId}`)
    .digest('hex');
}

/**
 * Stores the alert and, once the call has committed, pages the on-call developer (the first of the
 * rotation). The answer is the banner's text; with no webhook configured the alert is still stored and
 * the answer says nobody could be paged (docs/decisions/0039).
 */
export async function raise(ctx: CallContext, input: CallData<typeof raiseAlert>): Promise<string> {
  const alert = await q.insertAlert(ctx.db, { problem: input.problem, raised_by: ctx.actor.userId, raised_at: ctx.clock.now() });
  const onCall = ctx.config.PAGER_ROTATION[0];
  if (!pagerConfigured(ctx.config) || !onCall) {
    ctx.log.warn({ alert_id: alert.id }, 'P1 alert raised with no paging webhook configured');
    return `P1 alert #${alert.id} was recorded, but nobody could be paged: no paging webhook is configured. Please call the on-call developer directly.`;
  }
  const by = ctx.actor.label;
  ctx.afterAnswer((after) => page(after, alert, by, 'on_call', [onCall]));
  return `P1 alert #${alert.id} raised: paging ${onCall.name}, the on-call developer. If nobody answers within 15 minutes, everyone on the rotation is called.`;
}

/**
 * Raised by the system (a scheduled job found something only a person can fix): stored and paged as a
 * person's alert is, in the job's transaction, and escalated the same way.
 */
export async function raiseSystemAlert(ctx: CallContext, problem: string): Promise<number> {
  const alert = await q.insertAlert(ctx.db, { problem, raised_by: null, raised_at: ctx.clock.now() });
  const onCall = ctx.config.PAGER_ROTATION[0];
  ctx.log.error({ alert_id: alert.id, problem }, 'P1 alert raised by the system');
  if (pagerConfigured(ctx.config) && onCall) ctx.afterAnswer((after) => page(after, alert, ctx.actor.label, 'on_call', [onCall]));
  return alert.id;
}

/** Pages each person and records every attempt, whatever the outcome. */
async function page(ctx: PublicContext, alert: q.AlertRow, by: string, kind: PageBody['kind'], people: readonly OnCall[]) {
  for (const to of people) {
    const outcome = await sendPage(ctx.config, {
      alert_id: alert.id,
      kind,
      problem: alert.problem,
      raised_by: by,
      raised_at: alert.raised_at.toISOString(),
      to,
      acknowledge: {
        url: new URL('/api/v1/alerts/acknowledge', ctx.config.PUBLIC_URL).toString(),
        alert_id: alert.id,
        token: acknowledgementToken(ctx.config, alert.id),
      },
    });
    if (outcome.error) ctx.log.error({ alert_id: alert.id, to: to.address, error: outcome.error }, 'a P1 alert page failed');
    await q.recordPage(ctx.db, {
      alert_id: alert.id,
      kind,
      recipient_name: to.name,
      recipient_address: to.address,
      ...outcome,
      attempted_at: ctx.clock.now(),
    });
  }
}

/** The pager's callback: a valid token acknowledges the alert (again is harmless). */
export async function acknowledge(ctx: PublicContext, input: CallData<typeof acknowledgeAlert>): Promise<{ acknowledged: boolean }> {
  const expected = Buffer.from(acknowledgementToken(ctx.config, input.alert_id));
  const given = Buffer.from(input.token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given) || !(await q.alertExists(ctx.db, input.alert_id))) {
    throw badInput({ token: ALERT_MESSAGES.badAcknowledgement }, ALERT_MESSAGES.badAcknowledgement);
  }
  return { acknowledged: await q.acknowledge(ctx.db, input.alert_id, ctx.clock.now()) };
}

/**
 * Alerts unanswered for 15 minutes call the whole rotation, once each: the escalation is claimed by a
 * conditional update before anyone is paged, so two runs at once page once.
 */
export async function escalateAlertsJob(ctx: CallContext): Promise<number> {
  const now = ctx.clock.now();
  const due = await q.unansweredSince(ctx.db, new Date(now.getTime() - ALERT_ESCALATION_MS), BATCH);
  let escalated = 0;
  for (const candidate of due) {
    const alert = await q.claimEscalation(ctx.db, candidate.id, now);
    if (!alert) continue;
    escalated++;
    if (!pagerConfigured(ctx.config)) continue;
    const by = await raiserOf(ctx, alert.raised_by);
    await page(ctx, alert, by, 'escalation', ctx.config.PAGER_ROTATION);
  }
  return escalated;
}

async function raiserOf(ctx: CallContext, userId: number | null): Promise<string> {
  if (userId === null) return SYSTEM_ACTOR.label;
  const [raiser] = await peopleOf(ctx.db, [userId]);
  return raiser ? `${raiser.contact_name} <${raiser.email}>` : `user ${userId}`;
}
