import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';

export const submitErrorReport = defineCall({
  path: '/api/v1/web/SubmitErrorReport.json',
  summary: 'Store a browser error report; the answer is the error code shown to the user.',
  input: z.object({
    error_name: z.string().max(200).default(''),
    error_message: z.string().max(10_000).default(''),
    error_stack: z.string().max(50_000).default(''),
    error_metadata: z.record(z.string(), z.unknown()).default({}),
  }),
  output: z.string(),
  access: { public: true },
});
