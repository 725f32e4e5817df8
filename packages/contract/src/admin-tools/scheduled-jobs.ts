import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zTimestamp } from '../shared/fields.ts';

/** A scheduled job and its latest run on any node; the run fields are null until it has run once. */
export const zScheduledJob = z.object({
  name: z.string(),
  last_started_at: zTimestamp.nullable(),
  last_duration_ms: z.number().int().nonnegative().nullable(),
  last_rows: z.number().int().nonnegative().nullable(),
  /** False when the latest run failed. */
  last_succeeded: z.boolean().nullable(),
  /** The latest failure's message and time, kept after later runs succeed. */
  last_error: z.string().nullable(),
  last_error_at: zTimestamp.nullable(),
});

export const scheduledJobList = defineCall({
  path: '/api/v1/admin/scheduled-jobs/list',
  summary: "Each scheduled job's latest run: when it started, how long it took, the rows it handled, and its last error.",
  input: z.object({}),
  output: z.object({ rows: z.array(zScheduledJob) }),
  access: { roles: ['admin'] },
});
