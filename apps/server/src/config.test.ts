import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { PRODUCTION_ENV } from './test/harness.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/** The production settings without one of them, to see what production says when it is missing. */
function productionWithout(name: keyof typeof PRODUCTION_ENV, env: Record<string, string> = {}) {
  const { [name]: _left, ...rest } = PRODUCTION_ENV;
  return () => loadConfig({ ...rest, ...env });
}

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
    expect(loadConfig({ ...PRODUCTION_ENV, DATA_DIR: '/var/lib/portal' })).toMatchObject({
      DATA_DIR: '/var/lib/portal',
      COOKIE_SECURE: true,
    });
  });

  it('outside production, points links at the port it listens on unless PUBLIC_URL says otherwise', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4201' }).PUBLIC_URL).toBe('http://localhost:4201');
    expect(loadConfig({ PORT: '4201', PUBLIC_URL: 'https://portal.example.com' }).PUBLIC_URL).toBe('https://portal.example.com');
  });

  describe('in production, refuses to start', () => {
    it('without DATABASE_URL, unless EMBEDDED_DATABASE=true says the embedded database is meant', () => {
      expect(productionWithout('EMBEDDED_DATABASE')).toThrow(
        /^Invalid configuration for production:\n- DATABASE_URL is not set: name the PostgreSQL database, or set EMBEDDED_DATABASE=true/,
      );
      expect(productionWithout('EMBEDDED_DATABASE', { DATABASE_URL: 'postgres://portal@db/portal' })().DATABASE_URL).toBe(
        'postgres://portal@db/portal',
      );
      expect(loadConfig(PRODUCTION_ENV).DATABASE_URL).toBeUndefined();
      expect(() => loadConfig({ ...PRODUCTION_ENV, DATABASE_URL: 'postgres://portal@db/portal' })).toThrow(
        /EMBEDDED_DATABASE=true and DATABASE_URL are both set/,
      );
    });

    it('without PUBLIC_URL, or with one that is not https', () => {
      expect(productionWithout('PUBLIC_URL')).toThrow(/- PUBLIC_URL is not set: give the https address users reach the portal at/);
      expect(productionWithout('PUBLIC_URL', { PUBLIC_URL: 'http://portal.example.com' })).toThrow(
        /- PUBLIC_URL is not https \(http:\/\/portal.example.com\)/,
      );
      expect(loadConfig(PRODUCTION_ENV).PUBLIC_URL).toBe('https://portal.example.com');
    });

    it('without APP_SECRET, with the development one, or with a weak one', () => {
      expect(productionWithout('APP_SECRET')).toThrow(/- APP_SECRET is not set: every node needs the same secret of its own/);
      expect(productionWithout('APP_SECRET', { APP_SECRET: 'development-secret-not-for-production' })).toThrow(
        /- APP_SECRET is the development value/,
      );
      expect(productionWithout('APP_SECRET', { APP_SECRET: 'only-twenty-characters' })).toThrow(
        /- APP_SECRET is too weak: it needs 32 or more/,
      );
      expect(productionWithout('APP_SECRET', { APP_SECRET: 'abcabcabcabcabcabcabcabcabcabcabcabc' })).toThrow(/- APP_SECRET is too weak/);
      // Outside production the rules of its format alone apply.
      expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET/);
      expect(loadConfig({ APP_SECRET: 'only-twenty-characters' }).APP_SECRET).toBe('only-twenty-characters');
    });

    it('without SEALING_KEY, or with a weak one, saying how a deployment that ran without it keeps its sealed secrets', () => {
      expect(productionWithout('SEALING_KEY')).toThrow(/- SEALING_KEY is not set: .*used `derived:` followed by its APP_SECRET/);
      expect(productionWithout('SEALING_KEY', { SEALING_KEY: 'x'.repeat(40) })).toThrow(/- SEALING_KEY is too weak/);
    });

    it('naming every problem at once, one line each', () => {
      const problems = (() => {
        try {
          loadConfig({ NODE_ENV: 'production' });
        } catch (err) {
          return (err as Error).message.split('\n').slice(1);
        }
        return [];
      })();
      expect(problems.map((line) => line.split(' ')[1])).toEqual(['DATABASE_URL', 'PUBLIC_URL', 'APP_SECRET', 'SEALING_KEY']);
    });
  });

  it('migrates at start, except in production on PostgreSQL, where `npm run migrate` is the step, unless MIGRATE_ON_START=true', () => {
    const postgres = { DATABASE_URL: 'postgres://portal@db/portal' };
    expect(loadConfig({}).MIGRATE_ON_START).toBe(true);
    expect(loadConfig(postgres).MIGRATE_ON_START).toBe(true);
    expect(loadConfig(PRODUCTION_ENV).MIGRATE_ON_START).toBe(true);
    expect(productionWithout('EMBEDDED_DATABASE', postgres)().MIGRATE_ON_START).toBe(false);
    expect(productionWithout('EMBEDDED_DATABASE', { ...postgres, MIGRATE_ON_START: 'true' })().MIGRATE_ON_START).toBe(true);
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
    expect(loadConfig(PRODUCTION_ENV).API_DOCS_PUBLIC).toBe(false);
    expect(loadConfig({ ...PRODUCTION_ENV, API_DOCS_PUBLIC: 'true' }).API_DOCS_PUBLIC).toBe(true);
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
