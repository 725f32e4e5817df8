import { createHmac } from 'node:crypto';
import type { Config } from '../../config.ts';

/** One person of the on-call rotation (PAGER_ROTATION). */
export interface OnCall {
  name: string;
  address: string;
}

/** What the paging webhook receives, one POST per person called. */
export interface PageBody {
  alert_id: number;
  kind: 'on_call' | 'escalation';
  problem: string;
  raised_by: string;
  raised_at: string;
  to: OnCall;
  /** The pager posts `{ alert_id, token }` here as JSON once the person answers. */
  acknowledge: { url: string; alert_id: number; token: string };
}

export interface PageOutcome {
  http_status: number | null;
  error: string | null;
}

const TIMEOUT_MS = 5000;
export const SIGNATURE_HEADER = 'x-pager-signature';

/** `sha256=<hex>`: the HMAC-SHA256 of the exact body bytes with the shared secret. */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Whether pages can go out at all: a webhook and somebody to call. */
export function pagerConfigured(config: Config): boolean {
  return Boolean(config.PAGER_WEBHOOK_URL) && config.PAGER_ROTATION.length > 0;
}

/**
 * Sends one page over HTTP. Never throws: a refused or unreachable webhook comes back as an outcome to
 * record, so one failed page does not stop the others.
 */
export async function sendPage(config: Config, page: PageBody): Promise<PageOutcome> {
  const body = JSON.stringify(page);
  try {
    const res = await fetch(config.PAGER_WEBHOOK_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(config.PAGER_WEBHOOK_SECRET, body) },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await res.body?.cancel();
    return { http_status: res.status, error: res.ok ? null : `the pager answered ${res.status}` };
  } catch (err) {
    return { http_status: null, error: err instanceof Error ? err.message : String(err) };
  }
}
