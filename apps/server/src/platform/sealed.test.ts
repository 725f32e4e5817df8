import { describe, expect, it } from 'vitest';
import { seal, unseal } from './sealed.ts';

const config = { APP_SECRET: 'a-test-secret-of-enough-length', SEALING_KEY: undefined };
const at = 'storage_accounts.secret_key:7';

describe('sealed secrets', () => {
  it('open to the secret sealed, and differ each time the same secret is sealed', () => {
    const a = seal(config, at, 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY');
    const b = seal(config, at, 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^sealed:v1:/);
    expect(a).not.toContain('wJalrXUtnFEMI');
    expect(unseal(config, at, a)).toBe('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY');
    expect(unseal(config, at, b)).toBe('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY');
  });

  it('do not open for another row, another key or after a change', () => {
    const sealed = seal(config, at, 'secret');
    expect(() => unseal(config, 'storage_accounts.secret_key:8', sealed)).toThrow(/does not open/);
    expect(() => unseal({ ...config, SEALING_KEY: 'another-sealing-key-of-32-characters!' }, at, sealed)).toThrow(/does not open/);
    expect(() => unseal({ ...config, APP_SECRET: 'another-app-secret-of-enough-length' }, at, sealed)).toThrow(/does not open/);
    // The first character of the ciphertext carries six of its bits (the last may carry only padding).
    const body = sealed.indexOf('.') + 1;
    const changed = `${sealed.slice(0, body)}${sealed[body] === 'A' ? 'B' : 'A'}${sealed.slice(body + 1)}`;
    expect(() => unseal(config, at, changed)).toThrow(/does not open/);
    expect(() => unseal(config, at, 'sealed:v1:abc.de')).toThrow(/malformed/);
  });

  it('use SEALING_KEY when it is set, APP_SECRET otherwise', () => {
    const own = { ...config, SEALING_KEY: 'a-sealing-key-of-at-least-32-chars' };
    const sealed = seal(own, at, 'secret');
    expect(unseal({ ...own, APP_SECRET: 'changed-app-secret-of-enough-length' }, at, sealed)).toBe('secret');
  });

  it('answer a value written before sealing as it is', () => {
    expect(unseal(config, at, 'plain-secret')).toBe('plain-secret');
  });
});
