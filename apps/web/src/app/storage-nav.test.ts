import { describe, expect, it } from 'vitest';
import { hasAccess } from '../lib/access';
import { authContext } from '../test/auth-fixtures';
import { NAV_ITEMS } from './nav-config';

describe('the Storage nav entry', () => {
  it('is offered only to customers and distributors whose company can have storage (use_storage)', () => {
    const item = NAV_ITEMS.find((i) => i.to === '/storage/wasabi');
    if (!item) throw new Error('no Storage entry');
    expect(hasAccess(authContext({ roles: ['any', 'customer'], capabilities: ['use_storage'] }), item)).toBe(true);
    expect(hasAccess(authContext({ roles: ['any', 'customer'], capabilities: [] }), item)).toBe(false);
    expect(hasAccess(authContext({ roles: ['any', 'admin'], capabilities: ['use_storage'] }), item)).toBe(false);
  });
});
