import fs from 'node:fs';
import { ALL_CALLS } from '@portal/contract/all-calls';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { OWNED_FACTORIES } from '../test/factories.ts';
import { domainOfCalls } from './fuzz.ts';
import { nestedOwnedIds, ownedFields, sampleInput, sampleValue } from './sample-input.ts';

describe('sample inputs for generated suites', () => {
  it.each(ALL_CALLS.map((c) => [c.path, c] as const))('%s has a valid sample input with its owned ids aimed', (_path, call) => {
    const ids = Object.fromEntries(ownedFields(call).map(({ field }) => [field, sampleValue(call.input.shape[field] as z.ZodType)]));
    const input = sampleInput(call, ids);
    expect(call.input.safeParse(input).success).toBe(true);
    for (const [field, id] of Object.entries(ids)) expect(input[field]).toBe(id);
  });

  it('every kind of owned id a call uses has a factory', () => {
    const missing = ALL_CALLS.flatMap((c) =>
      ownedFields(c)
        .filter((o) => !(o.kind in OWNED_FACTORIES))
        .map((o) => `${c.path} ${o.field}`),
    );
    expect(missing, 'no factory for owned id kind: add one to OWNED_FACTORIES in test/factories.ts').toEqual([]);
  });

  it('no owned id hides inside an array or object, where the matrix would not aim it', () => {
    expect(ALL_CALLS.flatMap((c) => nestedOwnedIds(c).map((f) => `${c.path} ${f}`))).toEqual([]);
  });

  it('every call is fuzzed: its contract domain has a fuzz-<domain>.test.ts', async () => {
    const domains = await domainOfCalls();
    expect(ALL_CALLS.filter((c) => !domains.has(c.path)).map((c) => c.path)).toEqual([]);
    const files = fs.readdirSync(new URL('.', import.meta.url));
    const unfuzzed = [...new Set(domains.values())].filter((d) => !files.includes(`fuzz-${d}.test.ts`));
    expect(unfuzzed, 'add fuzz-<domain>.test.ts calling fuzzDomain(<domain>)').toEqual([]);
  });
});
