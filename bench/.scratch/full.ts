// Diagnostic: bare loop of ALL statements a call issues (actor lookups + BEGIN + list + COMMIT).
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyRequest } from 'fastify';
import pg from 'pg';
import { resolveActor } from '../../apps/server/src/domains/auth/service.ts';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import type { Database } from '../../apps/server/src/platform/db.ts';
import * as schema from '../../apps/server/src/platform/schema.ts';
import { captureStatements, type Statement } from '../lib/capture.ts';
import { runBare } from '../lib/load.ts';
import { login, startServer } from '../lib/server.ts';

const url = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/bench_portal';
const body = JSON.parse(process.env.BODY ?? '{"page":1,"page_size":50,"target_order":"company_name","target_order_direction":"asc"}');
const secs = Number(process.env.SECS ?? 8);
const server = await startServer(url);
const session = await login(server.origin, 'admin@example.com', 'demo-password');
await server.stop();
const token = /portal_session=([^;]+)/.exec(session.headers.cookie!)![1]!;
const actorStmts: Statement[] = [];
const p1 = new pg.Pool({ connectionString: url, max: 1 });
const db = drizzle({ client: p1, schema, logger: { logQuery: (text, params) => void actorStmts.push({ text, params: [...params] }) } }) as unknown as Database;
const who = await resolveActor(db, systemClock, { cookies: { portal_session: token } } as unknown as FastifyRequest);
await p1.end();
console.log('actor', who?.actor.email, actorStmts.map((s) => s.text.slice(0, 60)));
const cap = await captureStatements(url, body);
const pool = new pg.Pool({ connectionString: url, max: 16 });
const q = (c: pg.PoolClient | pg.Pool, s: Statement) => c.query({ text: s.text, values: s.params, rowMode: 'array' });
// variant: actor statements each on its own checkout (as drizzle on the pool does), then a tx
const fullStatements = [...actorStmts, { text: 'begin', params: [] }, ...cap.statements, { text: 'commit', params: [] }];
await runBare(pool, cap.statements, 16, 2);
const bare = await runBare(pool, cap.statements, 16, secs);
const full = await runBare(pool, fullStatements, 16, secs);
const bare2 = await runBare(pool, cap.statements, 16, secs);
console.log(`bare (3 stmts)   ${bare.rps} rps p50 ${bare.p50_ms} p99 ${bare.p99_ms}`);
console.log(`full (${fullStatements.length} stmts)   ${full.rps} rps p50 ${full.p50_ms} p99 ${full.p99_ms}`);
console.log(`bare again       ${bare2.rps} rps p50 ${bare2.p50_ms} p99 ${bare2.p99_ms}`);
void q;
await pool.end();
