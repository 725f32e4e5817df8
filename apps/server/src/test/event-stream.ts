import http from 'node:http';
import { TICKET_EVENTS_PATH } from '../domains/tickets/live.ts';
import type { TestClient } from './harness.ts';

export interface Stream {
  status: number;
  type: string;
  text(): string;
  /** Resolves with the milliseconds it took once the text holds `needle`; rejects after `ms`. */
  waitFor(needle: string, ms?: number): Promise<number>;
  ended: Promise<void>;
  close(): void;
}

/** Opens the stream as a browser's EventSource would: a GET with the session cookie. */
export function openStream(base: string, c: TestClient | null, id: string | number, path = TICKET_EVENTS_PATH): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (c)
      headers.cookie = Object.entries(c.cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; ');
    const req = http.get(`${base}${path}?id=${id}`, { headers }, (res) => {
      let body = '';
      const waiters = new Set<() => void>();
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        for (const w of [...waiters]) w();
      });
      const ended = new Promise<void>((done) => res.on('close', () => done()));
      resolve({
        status: res.statusCode ?? 0,
        type: String(res.headers['content-type'] ?? ''),
        text: () => body,
        ended,
        waitFor(needle, ms = 1000) {
          const start = Date.now();
          return new Promise((ok, fail) => {
            const check = () => {
              if (!body.includes(needle)) return;
              waiters.delete(check);
              clearTimeout(timer);
              ok(Date.now() - start);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no "${needle}" within ${ms} ms; got ${JSON.stringify(body)}`));
            }, ms);
            waiters.add(check);
            check();
          });
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', (err) => {
      if ((err as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(err);
    });
  });
}
