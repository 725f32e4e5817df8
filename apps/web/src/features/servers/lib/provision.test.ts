import { describe, expect, it } from 'vitest';
import { consoleLoginUrl, provisionPhase } from './provision';

const running = { status: 'running' as const, data: { completed_at: null, hosted_server_id: 7 } };

describe('provisionPhase', () => {
  it('counts down 60 seconds, then builds for 30, then gives up', () => {
    expect(provisionPhase(0, running)).toEqual({ kind: 'countdown', secondsLeft: 60 });
    expect(provisionPhase(59.5, running)).toEqual({ kind: 'countdown', secondsLeft: 1 });
    expect(provisionPhase(60, running)).toEqual({ kind: 'building' });
    expect(provisionPhase(89, undefined)).toEqual({ kind: 'building' });
    expect(provisionPhase(90, running)).toEqual({ kind: 'failed' });
  });

  it('follows the task as soon as it completes, whatever the clock says', () => {
    expect(provisionPhase(3, { status: 'success', data: { completed_at: '2026-11-21T00:00:00Z', hosted_server_id: 7 } })).toEqual({
      kind: 'ready',
      hostedServerId: 7,
    });
    expect(provisionPhase(3, { status: 'error', data: { completed_at: '2026-11-21T00:00:00Z', hosted_server_id: 7 } })).toEqual({
      kind: 'failed',
    });
  });

  it('logs in at the console’s address', () => {
    expect(consoleLoginUrl('acme-x7k2.cometbackup.example')).toBe('https://acme-x7k2.cometbackup.example/');
  });
});
