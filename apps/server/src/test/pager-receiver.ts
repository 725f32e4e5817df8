/**
 * A paging webhook that behaves like the real one for tests and the browser journey: a real HTTP server
 * that checks each body's HMAC-SHA256 signature, refuses unsigned or badly signed pages with 401, and
 * records what it accepted. The portal sends it real HTTP; nothing of the adapter is replaced.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PagerDelivery {
  body: {
    alert_id: number;
    kind: 'on_call' | 'escalation';
    problem: string;
    raised_by: string;
    raised_at: string;
    to: { name: string; address: string };
    acknowledge: { url: string; alert_id: number; token: string };
  };
  signature: string;
}

export interface PagerReceiver {
  url: string;
  /** Pages accepted with a valid signature, in arrival order. */
  deliveries: PagerDelivery[];
  /** How many requests were refused for their signature. */
  refused: number;
  /** The status to answer accepted pages with (200; set 503 to play a pager that is down). */
  status: number;
  close(): Promise<void>;
}

function validSignature(secret: string, raw: Buffer, header: string | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`);
  const given = Buffer.from(header ?? '');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export async function startPagerReceiver(secret: string, port = 0): Promise<PagerReceiver> {
  const receiver: PagerReceiver = { url: '', deliveries: [], refused: 0, status: 200, close: async () => {} };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // What a journey reads back: the pages accepted so far.
      if (req.method === 'GET' && req.url === '/deliveries') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(receiver.deliveries));
        return;
      }
      const raw = Buffer.concat(chunks);
      const signature = String(req.headers['x-pager-signature'] ?? '');
      if (req.method !== 'POST' || !validSignature(secret, raw, signature)) {
        receiver.refused++;
        res.writeHead(401).end('bad signature');
        return;
      }
      receiver.deliveries.push({ body: JSON.parse(raw.toString('utf8')), signature });
      res.writeHead(receiver.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/page`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}
