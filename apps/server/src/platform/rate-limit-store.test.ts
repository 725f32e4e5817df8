import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import type { DatabaseHandle } from './db.ts';
import { NodeTally } from './rate-limit-store.ts';

const MINUTE = 60_000;
/** Longer than any test: held hits are written only when a test flushes them. */
const NO_TIMER = 10 * MINUTE;

describe('the rate limit, counted on each node and in the database', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });

  const stored = async (key: string) => {
    const result = await handle.db.execute<{ hits: number }>(sql`select hits from rate_limit_counters where key = ${key}`);
    const rows = (result as unknown as { rows: { hits: number }[] }).rows;
    return rows[0]?.hits ?? 0;
  };
  const node = () => new NodeTally(handle.db, NO_TIMER);
  /** The i-th of the nodes, taken in turn. */
  const inTurn = (nodes: NodeTally[], i: number) => nodes[i % nodes.length] as NodeTally;

  it('a limit too small for slack is counted in the database before each answer: two nodes admit exactly the limit', async () => {
    const two = [node(), node()];
    const counts: number[] = [];
    for (let i = 0; i < 13; i++) counts.push((await inTurn(two, i).hit('exact', MINUTE, 12)).current);
    expect(counts).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    expect(await stored('exact')).toBe(13);
  });

  it('far below its limit a node answers on its own count, and hands its held hits to the database with the next', async () => {
    const a = node();
    const slack = 50; // a twentieth of 1,000
    expect((await a.hit('far', MINUTE, 1000)).current).toBe(1);
    const answered: number[] = [];
    for (let i = 0; i < slack; i++) answered.push((await a.hit('far', MINUTE, 1000)).current);
    expect(answered).toEqual(Array.from({ length: slack }, (_, i) => i + 2));
    expect(await stored('far')).toBe(1);
    // The slack is used up: this request is counted in the database, with the fifty held before it.
    const next = await a.hit('far', MINUTE, 1000);
    expect(next.current).toBe(slack + 2);
    expect(next.ttl).toBeGreaterThan(MINUTE - 10_000);
    expect(await stored('far')).toBe(slack + 2);
    await a.hit('far', MINUTE, 1000);
    await a.flush();
    expect(await stored('far')).toBe(slack + 3);
  });

  it('three nodes together admit at least the limit and at most the limit plus three slacks; every hit is stored', async () => {
    const three = [node(), node(), node()];
    const max = 200; // slack 10
    const sequential: number[] = [];
    for (let i = 0; i < 2 * max; i++) sequential.push((await inTurn(three, i).hit('three', MINUTE, max)).current);
    const admitted = sequential.filter((current) => current <= max).length;
    expect(admitted).toBeGreaterThanOrEqual(max);
    expect(admitted).toBeLessThanOrEqual(max + 3 * 10);
    await Promise.all(three.map((n) => n.flush()));
    expect(await stored('three')).toBe(2 * max);
  });

  it('requests arriving together on three nodes are held to the same bounds', async () => {
    const three = [node(), node(), node()];
    const max = 200;
    const answers = await Promise.all(Array.from({ length: 2 * max }, (_, i) => inTurn(three, i).hit('together', MINUTE, max)));
    const admitted = answers.filter((a) => a.current <= max).length;
    expect(admitted).toBeGreaterThanOrEqual(max);
    expect(admitted).toBeLessThanOrEqual(max + 3 * 10);
    await Promise.all(three.map((n) => n.flush()));
    expect(await stored('together')).toBe(2 * max);
  });

  it('hits held when a window ends are not carried into the next window', async () => {
    const a = node();
    const windowMs = 400;
    await a.hit('window', windowMs, 1000);
    for (let i = 0; i < 5; i++) await a.hit('window', windowMs, 1000);
    await new Promise((r) => setTimeout(r, windowMs + 100));
    expect((await a.hit('window', windowMs, 1000)).current).toBe(1);
    expect(await stored('window')).toBe(1);
  });

  it('forgets a client seen once when its window has ended, so a node keeps no key for long', async () => {
    const a = new NodeTally(handle.db, 20);
    await a.hit('once-1', 200, 1000);
    await a.hit('once-2', 200, 12);
    expect(a.size).toBe(2);
    await expect.poll(() => a.size, { interval: 20 }).toBe(0);
  });

  it('a node writes its held hits on its own a moment later', async () => {
    const a = new NodeTally(handle.db, 20);
    await a.hit('timer', MINUTE, 1000);
    await a.hit('timer', MINUTE, 1000);
    await a.hit('timer', MINUTE, 1000);
    expect(await stored('timer')).toBe(1);
    await expect.poll(() => stored('timer'), { interval: 20 }).toBe(3);
  });
});
