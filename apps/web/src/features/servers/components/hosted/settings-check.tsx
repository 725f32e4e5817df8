import { Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../../../lib/api-error';

/** What a check answered: its text, green when it passed. */
export type Check = { ok: boolean; text: string };

export function CheckResult({ result }: { result: Check | null }) {
  if (!result) return null;
  return (
    <Text size="sm" c={result.ok ? 'var(--mantine-color-success)' : 'var(--mantine-color-error)'} role="status" fw={500}>
      {result.text}
    </Text>
  );
}

/**
 * A check button's outcome (Check DNS, Test SMTP): the server's verdict, or the failure's message unless the
 * failure names a field, whose input shows it instead.
 */
export function useCheck<I, O>(
  mutation: { mutate(input: I, handlers: { onSuccess(o: O): void; onError(e: unknown): void }): void },
  verdict: (o: O) => Check,
) {
  const [result, setResult] = useState<Check | null>(null);
  const run = (input: I) => {
    setResult(null);
    mutation.mutate(input, {
      onSuccess: (o) => setResult(verdict(o)),
      onError: (e) => {
        if (!(isApiError(e) && Object.keys(e.fields).length)) setResult({ ok: false, text: errorMessage(e) });
      },
    });
  };
  return { result, run };
}
