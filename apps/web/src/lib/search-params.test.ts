import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { integer, matching, oneOf, searchSchema, text } from './search-params';

// The zod schemas the route tree used before it left zod out of the first load: the readers must answer alike.
const before = z.object({
  t: z.string().max(5).optional().catch(undefined),
  n: z.coerce.number().int().min(0).optional().catch(undefined),
  bit: z.coerce.number().int().min(0).max(1).optional().catch(undefined),
  dir: z.enum(['asc', 'desc']).optional().catch(undefined),
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
});
const after = searchSchema({
  t: text(5),
  n: integer(0),
  bit: integer(0, 1),
  dir: oneOf(['asc', 'desc']),
  day: matching(/^\d{4}-\d{2}-\d{2}$/),
});

const values: unknown[] = [
  undefined,
  null,
  '',
  ' ',
  'abc',
  'abcdef',
  0,
  1,
  2,
  -1,
  1.5,
  '0',
  '1',
  '2',
  '-1',
  '1.5',
  '07',
  'asc',
  'desc',
  'ASC',
  true,
  false,
  [],
  ['1'],
  {},
  '2026-11-24',
  '2026-1-24',
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '1e3',
];

const withoutUndefined = (search: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined));

describe('search parameter readers', () => {
  it('keep and drop what the zod schemas kept and dropped', () => {
    for (const value of values) {
      const search = { t: value, n: value, bit: value, dir: value, day: value };
      expect(after.parse(search), String(value)).toEqual(withoutUndefined(before.parse(search)));
    }
  });

  it('leave out parameters they do not know, and extend with new ones', () => {
    const extended = after.extend({ restrict: oneOf(['all', 'trial']) });
    expect(extended.parse({ t: 'ab', restrict: 'trial', other: 'x' })).toEqual({ t: 'ab', restrict: 'trial' });
    expect(extended.parse({ restrict: 'nope' })).toEqual({});
  });
});
