import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const root = path.resolve(import.meta.dirname, '../../..');

describe('configuration from the environment', () => {
  it('has working defaults: port 3000, the embedded database in ./data at the repository root', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: path.join(root, 'data'), COOKIE_SECURE: false });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('keeps absolute data folders and turns Secure cookies on in production', () => {
    expect(loadConfig({ DATA_DIR: '/var/lib/portal', NODE_ENV: 'production' })).toMatchObject({
      DATA_DIR: '/var/lib/portal',
      COOKIE_SECURE: true,
    });
  });

  it('stops at start on a bad value, naming it', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
});
