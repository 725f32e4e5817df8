import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const root = path.resolve(import.meta.dirname, '../../..');

const SECRET = 'a-production-secret-of-enough-length';

describe('configuration from the environment', () => {
  it('reads job intervals as name=seconds pairs, none by default, and refuses anything else', () => {
    expect(loadConfig({}).JOB_INTERVALS).toEqual({});
    expect(loadConfig({ JOB_INTERVALS: 'auto-topup=5,charge-daily=60' }).JOB_INTERVALS).toEqual({
      'auto-topup': 5000,
      'charge-daily': 60_000,
    });
    expect(() => loadConfig({ JOB_INTERVALS: 'auto-topup=soon' })).toThrow(/JOB_INTERVALS/);
  });

  it('has working defaults: port 3000, the embedded database in ./data at the repository root', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: path.join(root, 'data'), COOKIE_SECURE: false });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('keeps absolute data folders and turns Secure cookies on in production', () => {
    expect(loadConfig({ DATA_DIR: '/var/lib/portal', NODE_ENV: 'production', APP_SECRET: SECRET })).toMatchObject({
      DATA_DIR: '/var/lib/portal',
      COOKIE_SECURE: true,
    });
  });

  it('refuses the development secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET must be set in production/);
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET/);
  });

  it('trusts forwarded headers from no proxy unless TRUST_PROXY lists addresses or ranges', () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.0.2.1 ,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.0.2.1',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '*' })).toThrow(/TRUST_PROXY/);
  });

  it('publishes the API docs in development and not in production, unless API_DOCS_PUBLIC says otherwise', () => {
    expect(loadConfig({}).API_DOCS_PUBLIC).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: SECRET }).API_DOCS_PUBLIC).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: SECRET, API_DOCS_PUBLIC: 'true' }).API_DOCS_PUBLIC).toBe(true);
    expect(loadConfig({ API_DOCS_PUBLIC: 'false' }).API_DOCS_PUBLIC).toBe(false);
  });

  it('listens for replies by mail only when both the port and the reply domain are set', () => {
    const off = loadConfig({});
    expect([off.INBOUND_SMTP_PORT, off.INBOUND_MAIL_DOMAIN]).toEqual([undefined, undefined]);
    expect(loadConfig({ INBOUND_SMTP_PORT: '2525', INBOUND_MAIL_DOMAIN: 'reply.example.com' })).toMatchObject({
      INBOUND_SMTP_PORT: 2525,
      INBOUND_MAIL_DOMAIN: 'reply.example.com',
    });
    expect(() => loadConfig({ INBOUND_SMTP_PORT: '2525' })).toThrow(/set together/);
    expect(() => loadConfig({ INBOUND_MAIL_DOMAIN: 'reply.example.com' })).toThrow(/set together/);
    expect(() => loadConfig({ INBOUND_SMTP_PORT: '2525', INBOUND_MAIL_DOMAIN: 'not a domain' })).toThrow(/INBOUND_MAIL_DOMAIN/);
  });

  it('stops at start on a bad value, naming it', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
});
