import { zEnvelope } from '@portal/contract/shared/envelope';
import { describe, expect, it } from 'vitest';
import { readEnvelope } from './envelope';

const bodies: unknown[] = [
  { status: 'ok', code: 200, data: { a: 1 } },
  { status: 'ok', code: 200, data: null },
  { status: 'ok', code: 200 },
  { status: 'ok', code: 200.5, data: 1 },
  { status: 'ok', code: '200', data: 1 },
  { status: 'error', code: 400, message: 'Please check the highlighted fields', data: { fields: { email: 'Bad' } } },
  { status: 'error', code: 403, message: 'No', data: { reauth_required: true } },
  { status: 'error', code: 400, message: 'No', data: { fields: { email: 1 } } },
  { status: 'error', code: 400, message: 'No', data: { fields: ['x'] } },
  { status: 'error', code: 400, message: 'No', data: { fields: null } },
  { status: 'error', code: 400, message: 'No', data: [] },
  { status: 'error', code: 400, message: 'No' },
  { status: 'error', code: 400, message: 7, data: {} },
  { status: 'maybe', code: 200, data: {} },
  { code: 200, data: {} },
  [],
  null,
  'Internal Server Error',
  42,
];

describe('readEnvelope', () => {
  it('accepts and refuses what the contract’s zEnvelope does, with the same result', () => {
    for (const body of bodies) {
      const parsed = zEnvelope.safeParse(body);
      expect(readEnvelope(body), JSON.stringify(body)).toEqual(parsed.success ? parsed.data : null);
    }
  });
});
