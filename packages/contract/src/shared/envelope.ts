import { z } from 'zod';

/** Every reply is one of these two shapes. */
export const zOkEnvelope = z.object({ status: z.literal('ok'), code: z.number().int(), data: z.unknown() });
export const zErrorEnvelope = z.object({
  status: z.literal('error'),
  code: z.number().int(),
  message: z.string(),
  data: z.object({ fields: z.record(z.string(), z.string()).optional() }).catchall(z.unknown()),
});
export const zEnvelope = z.discriminatedUnion('status', [zOkEnvelope, zErrorEnvelope]);
export type ErrorEnvelope = z.infer<typeof zErrorEnvelope>;

export { MESSAGES } from './messages.ts';
