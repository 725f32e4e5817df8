import type { submitErrorReport as SubmitErrorReport } from '@portal/contract/web/submit-error-report';
import { call } from '../lib/api-client';
import { callRef } from '../lib/call-ref';

// By path: the error page must not need the contract's schemas (docs/decisions/0025).
export const submitErrorReport = callRef<typeof SubmitErrorReport>('/api/v1/web/SubmitErrorReport.json');

// One report per error object, however often the fallback re-renders or React retries it.
const reports = new WeakMap<object, Promise<string | null>>();

function describe(error: unknown): { name: string; message: string; stack: string } {
  if (error instanceof Error) {
    return { name: error.name, message: error.message, stack: error.stack ?? '' };
  }
  return { name: 'NonError', message: String(error), stack: '' };
}

/** Sends the error to the server; resolves with the error code to show, or null if reporting failed. */
export function reportError(error: unknown): Promise<string | null> {
  const key = typeof error === 'object' && error !== null ? error : { value: error };
  const existing = reports.get(key);
  if (existing) return existing;

  const { name, message, stack } = describe(error);
  const report = call(submitErrorReport, {
    error_name: name.slice(0, 200),
    error_message: message.slice(0, 10_000),
    error_stack: stack.slice(0, 50_000),
    // The server caps the metadata at 16 KB; a long address must not cost the report.
    error_metadata: { url: window.location.href.slice(0, 2000), userAgent: navigator.userAgent.slice(0, 500) },
  }).catch(() => null);
  reports.set(key, report);
  return report;
}
