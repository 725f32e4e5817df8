import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const root = path.resolve(import.meta.dirname, '../../..');

const SECRET = 'a-production-secret-of-enough-length';

describe('configuration from the environment', () => {
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

  it('stops at start on a bad value, naming it', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
});
