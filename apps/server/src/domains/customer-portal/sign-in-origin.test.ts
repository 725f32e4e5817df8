import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { signInAllowed } from './sign-in-origin.ts';

const config = (origins: string) => loadConfig({ PUBLIC_URL: 'https://portal.example.com', CLOUDVIEW_SIGN_IN_ORIGINS: origins });

describe('signInAllowed, as CSP form-action matches a source', () => {
  it("allows the portal's own origin, where the local instances live, whatever is configured", () => {
    expect(signInAllowed(config(''), 'https://portal.example.com/cloudview-local/7/login')).toBe(true);
    expect(signInAllowed(config(''), 'https://acme.cloudview.example.com/login')).toBe(false);
  });

  it('matches a wildcard on subdomains only, with the same scheme and port', () => {
    const c = config('https://*.cloudview.example.com');
    expect(signInAllowed(c, 'https://acme.cloudview.example.com/login')).toBe(true);
    expect(signInAllowed(c, 'https://a.b.cloudview.example.com/login')).toBe(true);
    expect(signInAllowed(c, 'https://ACME.CloudView.example.com:443/login')).toBe(true);
    expect(signInAllowed(c, 'https://cloudview.example.com/login')).toBe(false);
    expect(signInAllowed(c, 'https://evilcloudview.example.com/login')).toBe(false);
    expect(signInAllowed(c, 'http://acme.cloudview.example.com/login')).toBe(false);
    expect(signInAllowed(c, 'https://acme.cloudview.example.com:8443/login')).toBe(false);
    expect(signInAllowed(c, 'https://acme.cloudview.example.com.attacker.example/login')).toBe(false);
  });

  it('matches an exact host with its port, among several sources', () => {
    const c = config('https://*.cloudview.example.com,http://portals.internal:8080/');
    expect(signInAllowed(c, 'http://portals.internal:8080/acme/login')).toBe(true);
    expect(signInAllowed(c, 'http://portals.internal/acme/login')).toBe(false);
    expect(signInAllowed(c, 'not a url')).toBe(false);
  });

  it('refuses a configuration that is not a list of origins', () => {
    for (const bad of ['*', 'https://x.example.com/path', 'ftp://x.example.com', "'unsafe-inline'", 'https://*']) {
      expect(() => config(bad), bad).toThrow(/CLOUDVIEW_SIGN_IN_ORIGINS/);
    }
  });
});
