import type { ErrorEnvelope } from '@portal/contract/shared/envelope';

export type Envelope = { status: 'ok'; code: number; data: unknown } | ErrorEnvelope;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A reply's envelope, or null when it is not one: the checks of the contract's zEnvelope, written out so that
 * every page's first load (the sign-in page's above all) does without zod (docs/decisions/0025).
 * envelope.test.ts holds the two to the same answers.
 */
export function readEnvelope(body: unknown): Envelope | null {
  if (!isRecord(body) || !Number.isInteger(body.code)) return null;
  const code = body.code as number;
  if (body.status === 'ok') return 'data' in body ? { status: 'ok', code, data: body.data } : null;
  if (body.status !== 'error' || typeof body.message !== 'string' || !isRecord(body.data)) return null;
  const { fields } = body.data;
  if (fields !== undefined) {
    if (!isRecord(fields) || Object.values(fields).some((value) => typeof value !== 'string')) return null;
  }
  return { status: 'error', code, message: body.message, data: body.data as ErrorEnvelope['data'] };
}
