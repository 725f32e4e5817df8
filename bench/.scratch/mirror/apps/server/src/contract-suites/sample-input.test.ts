import { ALL_CALLS } from '@portal/contract/all-calls';
import { describe, expect, it } from 'vitest';
import { hasCompanyScope, sampleInput } from './sample-input.ts';

describe('sample inputs for generated suites', () => {
  it.each(ALL_CALLS.map((c) => [c.path, c] as const))('%s has a valid sample input', (_path, call) => {
    const input = sampleInput(call, 42);
    expect(call.input.safeParse(input).success).toBe(true);
    if (hasCompanyScope(call)) expect(Object.values(input)).toContain(42);
  });
});
