import type { AuthContext } from '@portal/contract/auth/auth-context';
import type { Role } from '@portal/contract/shared/roles';
import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { hasAccess } from '../lib/access';
import { NAV_ITEMS } from './nav-config';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

function labelsFor(roles: Role[], capabilities: string[] = []): string[] {
  const auth = { roles, capabilities } as unknown as AuthContext;
  return NAV_ITEMS.filter((item) => hasAccess(auth, item)).map((item) => item.label);
}

describe('NAV_ITEMS', () => {
  it('shows each role its own links', () => {
    expect(labelsFor(['admin'])).toEqual([
      'Companies',
      'My tickets',
      'Raise P1 Alert',
      'Reports',
      'Distributor reports',
      'Email templates',
      'Career tests',
      'Top-up options',
      'Promo campaigns',
      'Manage servers',
      'Manage storage',
      'Hosted servers',
      'Tenant hosts',
      'Manage downloads',
      'Scheduled jobs',
      'Resources',
      'My account',
    ]);
    expect(labelsFor(['support'])).toEqual(['Companies', 'My tickets', 'Raise P1 Alert', 'Resources', 'My account']);
    expect(labelsFor(['sales'])).toEqual(['Companies', 'Resources', 'My account']);
    expect(labelsFor(['distributor'])).toEqual(['Sub-accounts', 'Distributor reports', 'Resources', 'My account']);
    expect(labelsFor(['distributor'], ['use_tickets_page'])).toEqual(['Sub-accounts', 'Support', 'Distributor reports', 'Resources', 'My account']);
    expect(labelsFor(['customer'], ['use_tickets_page'])).toEqual(['Dashboard', 'Active services', 'Usage history', 'Support', 'Resources', 'My account']);
    expect(labelsFor(['customer'])).toEqual(['Dashboard', 'Active services', 'Usage history', 'Resources', 'My account']);
    expect(labelsFor(['customer'], ['use_self_hosted'])).toEqual(['Dashboard', 'My servers', 'Downloads', 'Active services', 'Usage history', 'Resources', 'My account']);
    expect(labelsFor(['distributor'], ['use_api_tokens'])).toEqual(['Sub-accounts', 'Distributor reports', 'API tokens', 'Resources', 'My account']);
    expect(labelsFor(['customer'], ['edit_users'])).toEqual(['Dashboard', 'Active services', 'Usage history', 'Users', 'Resources', 'My account']);
    expect(labelsFor(['customer'], ['use_my_plan', 'use_billing_pages'])).toEqual([
      'Dashboard',
      'My plan',
      'Active services',
      'Usage history',
      'Track new users',
      'Payment methods',
      'Billing history',
      'Resources',
      'My account',
    ]);
  });
});

describe('the navigation', () => {
  it('offers only screens that exist: every link is a route of the app', () => {
    const router = createAppRouter(createQueryClient(), createMemoryHistory());
    const paths = Object.keys(router.routesByPath);
    for (const item of NAV_ITEMS) expect(paths, item.to).toContain(item.to);
  });
});
