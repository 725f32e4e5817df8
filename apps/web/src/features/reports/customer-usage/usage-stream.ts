import {
  adminUsageReport,
  type CustomerUsageFilters,
  type CustomerUsageRow,
  zCustomerUsageEvent,
} from '@portal/contract/reports/customer-usage';
import { MESSAGES } from '@portal/contract/shared/messages';
import { STREAM_CLOSING, STREAM_OPENING } from '@portal/contract/shared/stream';
import { ApiError } from '../../../lib/api-error';
import { CSRF_HEADER, readCsrfToken } from '../../../lib/csrf';
import { readEnvelope } from '../../../lib/envelope';

/** Spec-2 §8: a malformed usage stream chunk throws; the tab shows this instead of waiting forever. */
export const MALFORMED_STREAM = 'The usage report could not be read: the server sent a malformed chunk.';
export const STREAM_CUT_SHORT = 'The usage report stopped before its end. Please run it again.';

export class MalformedStreamError extends Error {}

export interface StreamHandlers {
  onTotal(total: number): void;
  /** The rows a chunk of the answer completed, in order (a chunk may hold many, or none). */
  onRows(rows: CustomerUsageRow[]): void;
}

/**
 * Reads AdminUsageReport.json's line-by-line envelope (decision 0060) as it arrives: each complete line is one
 * event, checked against the contract. A line that is not an event, or an answer that ends without its closing
 * line, throws a MalformedStreamError; a rejected read (the connection dropped) throws as it is.
 */
export async function readUsageStream(body: ReadableStream<Uint8Array>, handlers: StreamHandlers): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  let index = 0;
  let closed = false;
  let sawTotal = false;

  const take = (line: string, rows: CustomerUsageRow[]) => {
    const at = index++;
    if (at === 0) {
      if (line !== STREAM_OPENING) throw new MalformedStreamError(MALFORMED_STREAM);
      return;
    }
    if (closed) throw new MalformedStreamError(MALFORMED_STREAM);
    if (line === STREAM_CLOSING) {
      closed = true;
      return;
    }
    const text = at === 1 ? line : line.startsWith(',') ? line.slice(1) : null;
    if (text === null) throw new MalformedStreamError(MALFORMED_STREAM);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new MalformedStreamError(MALFORMED_STREAM);
    }
    const event = zCustomerUsageEvent.safeParse(parsed);
    if (!event.success) throw new MalformedStreamError(MALFORMED_STREAM);
    if (event.data.event === 'COMPANIES_LOADED') {
      if (sawTotal) throw new MalformedStreamError(MALFORMED_STREAM);
      sawTotal = true;
      handlers.onTotal(event.data.total);
    } else {
      if (!sawTotal) throw new MalformedStreamError(MALFORMED_STREAM);
      rows.push(event.data.row);
    }
  };

  try {
    for (;;) {
      const { done, value } = await reader.read();
      pending += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const lines = pending.split('\n');
      pending = done ? '' : (lines.pop() ?? '');
      const rows: CustomerUsageRow[] = [];
      for (const line of lines) if (!(done && line === '')) take(line, rows);
      if (rows.length) handlers.onRows(rows);
      if (done) break;
    }
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error;
  }
  if (!closed) throw new MalformedStreamError(STREAM_CUT_SHORT);
}

/** Runs the report: a refusal or bad input answers as the usual envelope, a success as the stream. */
export async function streamUsageReport(filters: CustomerUsageFilters, handlers: StreamHandlers, signal?: AbortSignal): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  const token = readCsrfToken();
  if (token !== null) headers[CSRF_HEADER] = token;
  const response = await fetch(adminUsageReport.path, {
    method: 'POST',
    credentials: 'same-origin',
    headers,
    body: JSON.stringify(filters),
    signal: signal ?? null,
  });
  if (!response.ok || !response.body) {
    const envelope = readEnvelope(await response.json().catch(() => null));
    if (envelope?.status === 'error') {
      const { fields, ...data } = envelope.data;
      throw new ApiError(envelope.code, envelope.message, fields ?? {}, data);
    }
    throw new ApiError(response.status >= 400 ? response.status : 500, MESSAGES.internal);
  }
  await readUsageStream(response.body, handlers);
}
