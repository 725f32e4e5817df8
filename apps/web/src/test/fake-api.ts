import type { Call, CallInput } from '@portal/contract/shared/define-call';
import { onTestFinished, vi } from 'vitest';
import { prettifyError, type z } from 'zod';

export interface FakeError {
  error: { code: number; message: string; fields?: Record<string, string>; data?: Record<string, unknown> };
}

/** What a fake call answers: data its contract's output schema accepts, or an error envelope. */
export type FakeAnswer<C extends Call> = z.input<C['output']> | FakeError;
export type FakeHandler<C extends Call> = (body: CallInput<C>) => FakeAnswer<C>;

/** One call the fake server answers; made by `on(call, handler)`. */
export interface FakeRoute {
  readonly call: Call;
  readonly handler: (body: never) => unknown;
}

/** Answers `call` with `handler`, which gets the request's JSON body as the call's input. */
export function on<C extends Call>(call: C, handler: FakeHandler<NoInfer<C>>): FakeRoute {
  return { call, handler };
}

/** A recorded request: the path (with query string), its JSON body and headers. */
export interface FakeRequest<Body = Record<string, unknown>> {
  url: string;
  body: Body;
  headers: Record<string, string>;
}

function isFakeError(answer: unknown): answer is FakeError {
  return typeof answer === 'object' && answer !== null && 'error' in answer;
}

function errorEnvelope({ error: { code, message, fields, data } }: FakeError): Response {
  return Response.json({ status: 'error', code, message, data: { ...data, fields } }, { status: code });
}

const pathOf = (url: string): string => url.split('?')[0] ?? url;

/**
 * Replaces fetch with the portal's wire protocol for the given calls; later routes for the same call win.
 * Every answer is checked against the call's output schema, as the server does before it replies, so a
 * fake that drifts from the contract fails its test. Unhandled paths answer 404 so a test notices them.
 */
export function fakeApi(routes: readonly FakeRoute[]) {
  const byPath = new Map<string, FakeRoute>(routes.map((route) => [route.call.path, route]));
  const requests: FakeRequest[] = [];
  const drift: string[] = [];
  onTestFinished(() => {
    if (drift.length > 0) throw new Error(`The fake API answered outside the contract:\n${drift.join('\n')}`);
  });

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    requests.push({ url, body, headers });
    const route = byPath.get(pathOf(url));
    if (!route) return errorEnvelope({ error: { code: 404, message: 'Not found' } });
    const answer = (route.handler as (body: Record<string, unknown>) => unknown)(body);
    if (isFakeError(answer)) return errorEnvelope(answer);
    const checked = route.call.output.safeParse(answer);
    if (!checked.success) {
      const problem = `${route.call.path}: ${prettifyError(checked.error)}`;
      drift.push(problem);
      throw new Error(problem);
    }
    return Response.json({ status: 'ok', code: 200, data: checked.data });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    fetchMock,
    callsTo: <C extends Call>(call: C) => requests.filter((request) => pathOf(request.url) === call.path) as FakeRequest<CallInput<C>>[],
  };
}
