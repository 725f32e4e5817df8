import { getAuthContext as contractGetAuthContext } from '@portal/contract/auth/auth-context';
import { login as contractLogin, logout as contractLogout } from '@portal/contract/auth/login';
import { describe, expect, it } from 'vitest';
import { getAuthContext, login, logout } from './session';

describe('the sign-in calls', () => {
  it('are referenced by their contracts’ paths', () => {
    expect(getAuthContext.path).toBe(contractGetAuthContext.path);
    expect(login.path).toBe(contractLogin.path);
    expect(logout.path).toBe(contractLogout.path);
  });
});
