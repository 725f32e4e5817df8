import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCompanyId, zTimestamp } from '../shared/fields.ts';
import { zPageOf, zPaging } from '../shared/paging.ts';

export const requestLogList = defineCall({
  path: '/api/v1/admin/request-log/list',
  summary: "A company's request log, newest first.",
  input: zPaging(['timestamp'], 10).extend({ target_id: zCompanyId, target_order_direction: z.enum(['asc', 'desc']).default('desc') }),
  output: zPageOf(z.object({ timestamp: zTimestamp, ip: z.string(), method: z.string(), uri: z.string() })),
  access: { roles: ['admin'] },
});
