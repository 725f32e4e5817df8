import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';

/** Reports come from signed-out pages too, so every field has a ceiling, the metadata included. */
export const ERROR_METADATA_MAX_CHARS = 16_384;

export const submitErrorReport = defineCall({
  path: '/api/v1/web/SubmitErrorReport.json',
  summary: 'Store a browser error report; the answer is the error code shown to the user.',
  input: z.object({
    error_name: z.string().max(200).default(''),
    error_message: z.string().max(10_000).default(''),
    error_stack: z.string().max(50_000).default(''),
    error_metadata: z
      .record(z.string().max(200), z.unknown())
      .refine((m) => JSON.stringify(m).length <= ERROR_METADATA_MAX_CHARS, {
        message: `Too big: expected at most ${ERROR_METADATA_MAX_CHARS} characters of JSON`,
      })
      .default({}),
  }),
  output: z.string(),
  access: { public: true },
});
