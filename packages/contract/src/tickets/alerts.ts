import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zId } from '../shared/fields.ts';

/** P1 alerts (spec-2 §2.12, §7): staff page the on-call developer about a problem. */
export const ALERT_PROBLEM_MAX = 2000;
/** Without acknowledgement the whole rotation is called after this long (spec-2 §9). */
export const ALERT_ESCALATION_MS = 15 * 60_000;

export const ALERT_MESSAGES = {
  problem: 'Please describe the problem',
  problemTooLong: `The problem may be at most ${ALERT_PROBLEM_MAX} characters`,
  badAcknowledgement: 'This acknowledgement link is not valid',
} as const;

export const raiseAlert = defineCall({
  path: '/api/v1/admin/raise_alert',
  summary: 'Raises a P1 alert: the on-call developer is paged, the whole rotation after 15 minutes without acknowledgement.',
  input: z.object({
    problem: z
      .string({ error: ALERT_MESSAGES.problem })
      .trim()
      .min(1, { error: ALERT_MESSAGES.problem })
      .max(ALERT_PROBLEM_MAX, { error: ALERT_MESSAGES.problemTooLong }),
  }),
  /** The success banner's text: who is being paged, or that nobody could be. */
  output: z.string(),
  access: { roles: ['admin', 'support'] },
  example: { problem: 'Hosted servers in eu-west do not start' },
});

/**
 * The pager's callback when someone answers: the alert's id and the secret its page carried
 * (an HMAC of the id, so no alert is acknowledged by guessing). Public: the pager has no session.
 */
export const acknowledgeAlert = defineCall({
  path: '/api/v1/alerts/acknowledge',
  summary: 'The paging service reports that the alert was answered; it then never escalates.',
  input: z.object({ alert_id: zId, token: z.string().min(1).max(200) }),
  output: z.object({ acknowledged: z.boolean() }),
  access: { public: true },
  example: { alert_id: 1, token: 'f3a9…' },
});
