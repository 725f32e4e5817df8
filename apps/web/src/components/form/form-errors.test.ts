import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error';
import { formErrorState, zodFieldErrors } from './form-errors';

describe('zodFieldErrors', () => {
  it('keeps the first message of each field', () => {
    const schema = z.object({ a: z.string().min(2, 'too short').regex(/x/, 'no x'), b: z.number() });
    const result = schema.safeParse({ a: 'y', b: 'nope' });
    expect(result.success).toBe(false);
    if (!result.success) expect(zodFieldErrors(result.error)).toEqual({ a: 'too short', b: expect.any(String) });
  });
});

describe('formErrorState', () => {
  it('puts field errors on their fields', () => {
    const error = new ApiError(400, 'Please check the highlighted fields', { target_user: 'Bad email' });
    expect(formErrorState(error)).toEqual({ alert: null, fields: { target_user: 'Bad email' } });
  });

  it('shows an alert for a message without fields, or for a 500', () => {
    expect(formErrorState(new ApiError(401, 'Invalid email or password'))).toEqual({
      alert: 'Invalid email or password',
      fields: {},
    });
    expect(formErrorState(new ApiError(500, 'Internal Error', { x: 'y' })).alert).toBe('Internal Error');
  });

  it('hides the details of unexpected errors', () => {
    expect(formErrorState(new TypeError('x is undefined')).alert).toBe('Internal Error');
    expect(formErrorState(null)).toEqual({ alert: null, fields: {} });
  });
});
