import { describe, expect, it } from 'vitest';
import { destinationAfterLogin, roleHome, safeRedirect } from './role-home';

describe('roleHome', () => {
  it('sends staff to the admin dashboard, distributors to theirs and everyone else to /dashboard', () => {
    for (const role of ['admin', 'support', 'sales', 'sales_admin'] as const) {
      expect(roleHome({ roles: [role] })).toBe('/dashboard_admin');
    }
    expect(roleHome({ roles: ['distributor'] })).toBe('/dashboard_distributor');
    expect(roleHome({ roles: ['customer'] })).toBe('/dashboard');
    expect(roleHome({ roles: ['customer', 'admin_impersonating'] })).toBe('/dashboard');
  });
});

describe('safeRedirect', () => {
  it('keeps paths on this site', () => {
    expect(safeRedirect('/dashboard_admin?restrict=trial')).toBe('/dashboard_admin?restrict=trial');
  });

  it('refuses other origins, relative paths and the login page', () => {
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'dashboard', '/login', '/login?x=1', '']) {
      expect(safeRedirect(bad), bad).toBeNull();
    }
    expect(safeRedirect(undefined)).toBeNull();
    expect(safeRedirect('/login_help')).toBe('/login_help');
  });
});

describe('destinationAfterLogin', () => {
  const done = { has_provided_address_info: true, impersonated_by: null };
  it('sends suspended companies to /topup whatever redirect_to says', () => {
    expect(destinationAfterLogin({ ...done, roles: ['customer'], state: 'SUSPENDED' }, '/my_servers')).toBe('/topup');
  });

  it('sends a customer without company address details to complete signup, unless an admin is signed in as them', () => {
    const missing = { roles: ['customer' as const], state: 'TRIAL' as const, has_provided_address_info: false };
    expect(destinationAfterLogin({ ...missing, impersonated_by: null }, '/my_servers')).toBe('/complete_signup');
    expect(destinationAfterLogin({ ...missing, impersonated_by: 'admin@example.com' }, undefined)).toBe('/dashboard');
  });

  it('follows a safe redirect_to, else the role home', () => {
    expect(destinationAfterLogin({ ...done, roles: ['customer'], state: 'ACTIVE' }, '/my_servers')).toBe('/my_servers');
    expect(destinationAfterLogin({ ...done, roles: ['admin'], state: 'ACTIVE' }, '//evil.example')).toBe('/dashboard_admin');
    expect(destinationAfterLogin({ ...done, roles: ['distributor'], state: 'TRIAL' }, undefined)).toBe('/dashboard_distributor');
  });
});
