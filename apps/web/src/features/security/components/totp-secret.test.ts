import { describe, expect, it } from 'vitest';
import { generateTotpSecret, groupSecret, otpauthUri } from './totp-secret';

describe('generateTotpSecret', () => {
  it('makes 16 base32 characters, different each time', () => {
    const secrets = new Set(Array.from({ length: 20 }, generateTotpSecret));
    for (const secret of secrets) expect(secret).toMatch(/^[A-Z2-7]{16}$/);
    expect(secrets.size).toBe(20);
  });
});

describe('otpauthUri', () => {
  it('names the portal and the user, with SHA1, 6 digits and 30 s', () => {
    expect(otpauthUri('ann+x@example.com', 'JBSWY3DPEHPK3PXP')).toBe(
      'otpauth://totp/Backup%20Portal:ann%2Bx%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Backup%20Portal&algorithm=SHA1&digits=6&period=30',
    );
  });
});

describe('groupSecret', () => {
  it('groups by four', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
  });
});
