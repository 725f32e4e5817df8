import fs from 'node:fs';
import pg from 'pg';
import { captureStatements } from '../lib/capture.ts';
import { runBare, runCall } from '../lib/load.ts';
import { login, startServer } from '../lib/server.ts';

const url = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/bench_portal';
const TICK = 100; // USER_HZ
function cpuOf(pid: number): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) * (1000 / TICK);
  } catch { return 0; }
}
function pgCpu(): number {
  let t = 0;
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try { if (fs.readFileSync(`/proc/${d}/comm`, 'utf8').startsWith('postgres')) t += cpuOf(Number(d)); } catch {}
  }
  return t;
}
function total(): number { const l = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number); return (l[0]! + l[1]! + l[2]! + l[5]! + l[6]!) * 10; }
const body = JSON.parse(process.env.BODY ?? '{"page":1,"page_size":50,"target_order":"company_name","target_order_direction":"asc"}');
const secs = Number(process.env.SECS ?? 8);
const cap = await captureStatements(url, body);
const server = await startServer(url, { nodeArgs: process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [] });
const session = await login(server.origin, 'admin@example.com', 'demo-password');
const target = { url: `${server.origin}/api/v1/admin/company/list`, headers: session.headers, body: JSON.stringify(body) };
await runCall(target, 16, 2);
let s0 = cpuOf(server.pid!), p0 = pgCpu(), m0 = cpuOf(process.pid), a0 = total();
const call = await runCall(target, 16, secs);
let s1 = cpuOf(server.pid!), p1 = pgCpu(), m1 = cpuOf(process.pid), a1 = total();
const n = call.completed;
console.log(`call ${call.rps} rps p50 ${call.p50_ms} p99 ${call.p99_ms}; per request ms CPU: server ${((s1 - s0) / n).toFixed(2)}, postgres ${((p1 - p0) / n).toFixed(2)}, loadgen ${((m1 - m0) / n).toFixed(2)}; machine busy ${((a1 - a0) / secs / 10).toFixed(0)}% of 1 core`);
const pool = new pg.Pool({ connectionString: url, max: 16 });
await runBare(pool, cap.statements, 16, 2);
p0 = pgCpu(); m0 = cpuOf(process.pid); a0 = total();
const bare = await runBare(pool, cap.statements, 16, secs);
p1 = pgCpu(); m1 = cpuOf(process.pid); a1 = total();
console.log(`bare ${bare.rps} rps p50 ${bare.p50_ms} p99 ${bare.p99_ms}; per request ms CPU: postgres ${((p1 - p0) / bare.completed).toFixed(2)}, client ${((m1 - m0) / bare.completed).toFixed(2)}; machine busy ${((a1 - a0) / secs / 10).toFixed(0)}% of 1 core`);
await pool.end();
await server.stop();
