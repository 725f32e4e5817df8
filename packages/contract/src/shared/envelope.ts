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

/** Messages shared by both sides. */
export const MESSAGES = {
  notLoggedIn: 'Not logged in',
  forbidden: 'You do not have permission to do that',
  notFound: 'Not found',
  invalidInput: 'Please check the highlighted fields',
  invalidCredentials: 'Invalid email or password',
  internal: 'Internal Error',
  tooManyRequests: 'Too many requests, please try again later',
  csrf: 'Your session has expired, please reload the page',
  bodyNotObject: 'The request body must be a JSON object, a form or multipart fields',
  badCharacters: 'Contains characters that are not allowed',
} as const;
