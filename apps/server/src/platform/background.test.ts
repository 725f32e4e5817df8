import { describe, expect, it } from 'vitest';
import { BackgroundWork } from './background.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('work after the answer', () => {
  it('is waited for by idle, including work that work started, and its failures are reported', async () => {
    const work = new BackgroundWork();
    const done: string[] = [];
    const failures: unknown[] = [];
    work.start(async () => {
      await tick();
      done.push('first');
      work.start(async () => {
        await tick();
        done.push('started by the first');
      }, failures.push.bind(failures));
    }, failures.push.bind(failures));
    work.start(
      async () => {
        await tick();
        throw new Error('boom');
      },
      (err) => failures.push((err as Error).message),
    );
    expect(done).toEqual([]);
    await work.idle();
    expect(done).toEqual(['first', 'started by the first']);
    expect(failures).toEqual(['boom']);
  });

  it('is idle at once when nothing runs', async () => {
    await expect(new BackgroundWork().idle()).resolves.toBeUndefined();
  });
});
