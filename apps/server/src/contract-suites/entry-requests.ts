import type { Call } from '@portal/contract/shared/define-call';
import { type Entry, type EntryMethod, changesState } from '@portal/contract/shared/define-entry';
import { z } from 'zod';
import type { TestClient } from '../test/harness.ts';

/**
 * Sending an entry point's request as a browser or the tus client would (docs/decisions/0098): path parameters
 * in the path, the other fields in the query (GET, HEAD, DELETE) or the body (JSON or a form).
 */

/** The entry as the suites' world sees a call: its access, no owned ids, so prepareCase can make its actors. */
export function asCall(entry: Entry): Call {
  return { path: `/api/v1/entry${entry.path}`, summary: entry.summary, input: z.object({}), output: z.null(), access: entry.access };
}

const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

export function urlOf(entry: Entry, method: EntryMethod, input: Record<string, unknown>): string {
  const rest: Record<string, unknown> = { ...input };
  const path = entry.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    // A lone surrogate cannot be a URL: a browser sends the replacement character, as this does.
    return encodeURIComponent(value === undefined ? '' : text(value).toWellFormed());
  });
  if (changesState(method) && method !== 'DELETE') return path;
  const query = new URLSearchParams(
    Object.entries(rest)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, text(v)]),
  );
  return query.size ? `${path}?${query}` : path;
}

function bodyOf(entry: Entry, input: Record<string, unknown>): Record<string, unknown> {
  const inPath = [...entry.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  return Object.fromEntries(Object.entries(input).filter(([k]) => !inPath.includes(k)));
}

export async function sendEntry(client: TestClient, entry: Entry, method: EntryMethod, input: Record<string, unknown>, form = false) {
  const url = urlOf(entry, method, input);
  const tus: Record<string, string> = entry.kind === 'resumable-upload' ? { 'tus-resumable': '1.0.0' } : {};
  if (method === 'GET') return client.get(url);
  if (method === 'POST') {
    const body = bodyOf(entry, input);
    return client.post(url, form ? Object.fromEntries(Object.entries(body).map(([k, v]) => [k, text(v)])) : body, { form, headers: tus });
  }
  const headers = { ...(client.csrf ? { 'x-csrf-token': client.csrf } : {}), ...tus };
  const res = await client.app.inject({ method, url, cookies: client.cookies, headers });
  await client.app.deps.background.idle();
  return res;
}
