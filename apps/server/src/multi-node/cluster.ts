import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Clock, fixedClock } from '../platform/clock.ts';
import { type DatabaseHandle, openDatabase } from '../platform/db.ts';
import { TEST_PASSWORD } from '../test/factories.ts';
import { withDatabase } from '../test/global-setup.ts';

/**
 * Several app nodes on one PostgreSQL database, as a deployment runs them behind a load balancer: each
 * node is its own app with its own connection pool, listening on its own loopback port, reached over
 * real HTTP. They share nothing but the database (and the clock tests move).
 */
export interface AppNode {
  app: FastifyInstance;
  handle: DatabaseHandle;
  /** http://127.0.0.1:<port> */
  base: string;
}

export interface Cluster {
  nodes: AppNode[];
  /** The database's URL, for more handles or a clone. */
  url: string;
  clock: ReturnType<typeof fixedClock>;
  close(): Promise<void>;
}

/** What every node runs with: the balancer (loopback) is the trusted proxy that names the client. */
export const NODE_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  WEB_DIST: '/nonexistent',
  STORAGE_LOCAL_DIR: 'temporary',
  TRUST_PROXY: '127.0.0.1',
};

async function admin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/**
 * A new database cloned from `template` (the suite's migrated one unless given), named so the suite's
 * teardown drops it if a test does not.
 */
export async function cloneDatabase(template = inject('pgTemplate')): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `portal_t${randomBytes(4).toString('hex')}_${process.ppid}`;
  await admin((c) => c.query(`create database ${name} template ${template}`));
  const url = withDatabase(process.env.DATABASE_URL ?? '', name);
  return { name, url, drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}) };
}

/** Starts `n` nodes on the database at `url`, each with its own pool, all on one clock. */
export async function startNodes(url: string, n: number, env: Record<string, string>, clock: Clock): Promise<AppNode[]> {
  const nodes: AppNode[] = [];
  for (let i = 0; i < n; i++) {
    const handle = await openDatabase({ url });
    // DATABASE_URL as production sets it: what is shared between nodes goes through the database.
    const app = await buildApp({ config: loadConfig({ ...NODE_ENV, DATABASE_URL: url, ...env }), db: handle.db, clock });
    await app.listen({ port: 0, host: '127.0.0.1' });
    nodes.push({ app, handle, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
  }
  return nodes;
}

/** The node at `i` (wrapping round), as a balancer's round robin picks. */
export function pick(nodes: AppNode[], i: number): AppNode {
  const node = nodes[i % nodes.length];
  if (!node) throw new Error('no app node started');
  return node;
}

export async function stopNodes(nodes: AppNode[]): Promise<void> {
  for (const node of nodes) {
    await node.app.close();
    await node.handle.close();
  }
}

/** `n` nodes on a fresh database. */
export async function startCluster(n: number, env: Record<string, string> = {}): Promise<Cluster> {
  const database = await cloneDatabase();
  const clock = fixedClock(new Date('2026-11-21T00:00:00Z'));
  const nodes = await startNodes(database.url, n, env, clock);
  return {
    nodes,
    url: database.url,
    clock,
    close: async () => {
      await stopNodes(nodes);
      await database.drop();
    },
  };
}

/**
 * A browser behind the load balancer: keeps its cookies, sends the CSRF header, and names its own
 * address in X-Forwarded-For as the balancer does; each request may go to any node.
 */
export class BrowserBehindBalancer {
  cookies: Record<string, string> = {};
  constructor(readonly address: string) {}

  private cookieHeader() {
    return Object.entries(this.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  }

  /** To a node of this process, or to a server process (only its base address known). */
  async post(
    node: { base: string; app?: FastifyInstance },
    path: string,
    body: unknown,
  ): Promise<{ status: number; json: { status: string; code: number; data: unknown; message?: string } }> {
    const csrf = Object.entries(this.cookies).find(([k]) => k.includes('csrf'))?.[1];
    const res = await fetch(node.base + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': this.address,
        ...(csrf ? { 'x-csrf-token': csrf } : {}),
        ...(Object.keys(this.cookies).length ? { cookie: this.cookieHeader() } : {}),
      },
      body: JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()));
      if (!value || expired) delete this.cookies[name];
      else this.cookies[name] = value;
    }
    const json = (await res.json()) as { status: string; code: number; data: unknown; message?: string };
    // Work the call started after answering (history lines, mail) lands before the test looks.
    await node.app?.deps.background.idle();
    return { status: res.status, json };
  }

  /** Signs in through the two-step login, as the web app does; answers the password step. */
  async signIn(node: { base: string; app?: FastifyInstance }, email: string) {
    await this.post(node, '/api/v1/user/login', { target_type: 'email', target_user: email });
    return this.post(node, '/api/v1/user/login', { target_type: 'password', target_user: email, target_password: TEST_PASSWORD });
  }
}
