import { vi } from 'vitest';

export interface FakeError {
  error: { code: number; message: string; fields?: Record<string, string>; data?: Record<string, unknown> };
}

type Handler = (body: Record<string, unknown>) => unknown;

/** A recorded request: the path (with query string), its JSON body and headers. */
export interface FakeRequest {
  url: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

function envelope(result: unknown): Response {
  if (result && typeof result === 'object' && 'error' in result) {
    const { code, message, fields, data } = (result as FakeError).error;
    return Response.json({ status: 'error', code, message, data: { ...data, fields } }, { status: code });
  }
  return Response.json({ status: 'ok', code: 200, data: result ?? null });
}

/**
 * Replaces fetch with the portal's wire protocol: each handler answers one call path with its data,
 * or `{ error: {...} }` for an error envelope. Unhandled paths answer 404 so a test notices them.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const requests: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    requests.push({ url, body, headers });
    const handler = handlers[url.split('?')[0] ?? url];
    if (!handler) return envelope({ error: { code: 404, message: 'Not found' } });
    return envelope(handler(body));
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    fetchMock,
    callsTo: (path: string) => requests.filter((request) => request.url.split('?')[0] === path),
  };
}
