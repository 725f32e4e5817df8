import { DOWNGRADE_MESSAGE } from '@portal/contract/billing/plans';
import { describe, expect, it } from 'vitest';
import {
  CURRENT_PLAN_MESSAGE,
  ENTERPRISE_MESSAGE,
  LEGACY_DEADLINE_AT,
  type PlanHolder,
  type PlanRow,
  disallowedReasons,
  mostCostEffective,
  planCards,
  queuedUntil,
} from './plan-rules.ts';

const PLANS: PlanRow[] = [
  { id: 'Trial', name: 'Trial', amount: 0, default_serial_limit: 1, default_hosted_server_limit: 1, rank: 0, is_selectable: false },
  {
    id: 'Legacy',
    name: 'Legacy',
    amount: 200,
    default_serial_limit: null,
    default_hosted_server_limit: null,
    rank: 1,
    is_selectable: false,
  },
  { id: 'Starter', name: 'Starter', amount: 300, default_serial_limit: 1, default_hosted_server_limit: 0, rank: 2, is_selectable: true },
  { id: 'Growth', name: 'Growth', amount: 200, default_serial_limit: 3, default_hosted_server_limit: 1, rank: 3, is_selectable: true },
  { id: 'Advanced', name: 'Advanced', amount: 200, default_serial_limit: 10, default_hosted_server_limit: 3, rank: 4, is_selectable: true },
  {
    id: 'Professional',
    name: 'Professional',
    amount: 200,
    default_serial_limit: 25,
    default_hosted_server_limit: 10,
    rank: 5,
    is_selectable: true,
  },
  {
    id: 'Enterprise',
    name: 'Enterprise',
    amount: null,
    default_serial_limit: null,
    default_hosted_server_limit: null,
    rank: 6,
    is_selectable: false,
  },
];
const plan = (id: string) => PLANS.find((p) => p.id === id) as PlanRow;
const none = { serials: 0, hostedServers: 0, devices: 0 };
const active = (plan_id: string): PlanHolder => ({ plan_id, plan_selected: null, current_state: 'ACTIVE', trial_expires_at: null });
const trial: PlanHolder = {
  plan_id: 'Trial',
  plan_selected: null,
  current_state: 'TRIAL',
  trial_expires_at: new Date('2026-03-01T00:00:00Z'),
};

describe('plan rules', () => {
  it('never offers Trial or Legacy, and sends Enterprise to sales', () => {
    expect(disallowedReasons(plan('Trial'), trial, PLANS, none)).toEqual(['The trial plan cannot be chosen']);
    expect(disallowedReasons(plan('Legacy'), active('Legacy'), PLANS, none)).toEqual(['The Legacy plan is no longer offered']);
    expect(disallowedReasons(plan('Enterprise'), trial, PLANS, none)).toEqual([ENTERPRISE_MESSAGE]);
  });

  it('lets an active company move up but not down, and says which plan it is on', () => {
    const growth = active('Growth');
    expect(disallowedReasons(plan('Advanced'), growth, PLANS, none)).toEqual([]);
    expect(disallowedReasons(plan('Starter'), growth, PLANS, none)).toEqual([DOWNGRADE_MESSAGE]);
    expect(disallowedReasons(plan('Growth'), growth, PLANS, none)).toEqual([CURRENT_PLAN_MESSAGE]);
  });

  it('lets a trial, and a Legacy company, pick any offered plan', () => {
    for (const c of [trial, active('Legacy')]) {
      expect(disallowedReasons(plan('Starter'), c, PLANS, none)).toEqual([]);
      expect(disallowedReasons(plan('Professional'), c, PLANS, none)).toEqual([]);
    }
  });

  it('disallows a plan whose limits are below what the company runs, with the counts', () => {
    const usage = { serials: 4, hostedServers: 2, devices: 10 };
    expect(disallowedReasons(plan('Growth'), trial, PLANS, usage)).toEqual([
      'Your account has 4 self-hosted licences; this plan allows 3',
      'Your account has 2 hosted servers; this plan allows 1',
    ]);
    expect(disallowedReasons(plan('Advanced'), trial, PLANS, usage)).toEqual([]);
    const cards = planCards(trial, PLANS, usage);
    expect(cards.map((c) => [c.id, c.disallowed])).toEqual([
      ['Trial', true],
      ['Legacy', true],
      ['Starter', true],
      ['Growth', true],
      ['Advanced', false],
      ['Professional', false],
      ['Enterprise', true],
    ]);
  });

  it('queues a trial choice to the trial end and a Legacy choice to the deadline; otherwise it is now', () => {
    const before = new Date('2024-06-01T00:00:00Z');
    const after = new Date('2025-02-01T00:00:00Z');
    expect(queuedUntil(trial, before)).toEqual(trial.trial_expires_at);
    expect(queuedUntil(active('Legacy'), before)).toEqual(LEGACY_DEADLINE_AT);
    expect(queuedUntil(active('Legacy'), after)).toBeNull();
    expect(queuedUntil(active('Growth'), before)).toBeNull();
  });

  it('gives a Legacy company the cheapest plan that fits what it runs', () => {
    expect(mostCostEffective(PLANS, { serials: 0, hostedServers: 0, devices: 5 })).toBe('Growth');
    expect(mostCostEffective(PLANS, { serials: 5, hostedServers: 0, devices: 5 })).toBe('Advanced');
    expect(mostCostEffective(PLANS, { serials: 11, hostedServers: 4, devices: 5 })).toBe('Professional');
    // Nothing fits: the largest plan on offer.
    expect(mostCostEffective(PLANS, { serials: 99, hostedServers: 0, devices: 5 })).toBe('Professional');
  });
});
