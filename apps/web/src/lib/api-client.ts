import type { Call, CallInput, CallOutput } from '@portal/contract/shared/define-call';
import type { ErrorEnvelope } from '@portal/contract/shared/envelope';
import { MESSAGES } from '@portal/contract/shared/messages';
import { ApiError } from './api-error';
import type { CallLike } from './call-ref';
import { CSRF_HEADER, readCsrfToken } from './csrf';
import { readEnvelope } from './envelope';

export type ExportFormat = 'csv' | 'xlsx';

interface RequestOptions {
  signal?: AbortSignal | undefined;
}

function post(path: string, input: unknown, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  const token = readCsrfToken();
  if (token !== null) headers[CSRF_HEADER] = token;
  return fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers,
    body: JSON.stringify(input),
    signal: options.signal ?? null,
  }).catch((error: unknown) => {
    // Aborts are TanStack Query cancelling a stale request: let them through untouched.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Unable to reach the server, please check your connection');
  });
}

function apiErrorOf(envelope: ErrorEnvelope): ApiError {
  const { fields, ...data } = envelope.data;
  return new ApiError(envelope.code, envelope.message, fields ?? {}, data);
}

/** Turns any reply into an ApiError; proxies and crashes may answer with something that is not an envelope. */
async function errorFromResponse(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const envelope = readEnvelope(body);
  if (envelope?.status === 'error') {
    return apiErrorOf(envelope);
  }
  return new ApiError(response.status >= 400 ? response.status : 500, MESSAGES.internal);
}

/**
 * Makes one call of the contract and returns its data, or throws an ApiError.
 * The output is not re-validated here: the server validates it against the same schema before replying.
 */
export async function call<C extends Call>(definition: CallLike<C>, input: CallInput<C>, options?: RequestOptions): Promise<CallOutput<C>> {
  const response = await post(definition.path, input, options);
  const body: unknown = await response.json().catch(() => null);
  const envelope = readEnvelope(body);
  if (!envelope) throw new ApiError(response.status >= 400 ? response.status : 500, MESSAGES.internal);
  if (envelope.status === 'error') {
    throw apiErrorOf(envelope);
  }
  return envelope.data as CallOutput<C>;
}

function filenameFrom(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // Fall through to the plain filename.
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallback;
}

/** The file name used when the server does not send one, e.g. `company-list.csv`. */
export function defaultExportName(path: string, format: ExportFormat): string {
  const base = path.split('/').filter(Boolean).slice(-2).join('-') || 'export';
  return `${base}.${format}`;
}

/**
 * Downloads the whole result of an exportable list call (the server ignores paging for exports)
 * as a CSV or Excel file, through a temporary object URL so the session cookie and CSRF header apply.
 */
export async function downloadExport<C extends Call>(definition: C, input: CallInput<C>, format: ExportFormat): Promise<void> {
  const response = await post(`${definition.path}?format=${format}`, input);
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) throw await errorFromResponse(response);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filenameFrom(response, defaultExportName(definition.path, format));
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoke on the next tick: some browsers start the download asynchronously after click().
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
