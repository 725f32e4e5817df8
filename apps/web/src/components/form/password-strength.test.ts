import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it('asks for the minimum length first', () => {
    expect(passwordStrength('')).toMatchObject({ level: 'too-short', tip: 'Use at least 8 characters.' });
    expect(passwordStrength('a1B!c2D')).toMatchObject({ level: 'too-short' });
  });

  it('calls common passwords, runs, repeats and the user’s own details weak', () => {
    for (const password of ['password123', 'Qwerty!2024', 'aaaaaaaaaaaa', '1234567890ab']) {
      expect(passwordStrength(password).level, password).toBe('weak');
    }
    expect(passwordStrength('annsmith-2026', ['ann.smith@example.com']).level).toBe('weak');
  });

  it('grows with length and variety', () => {
    expect(passwordStrength('gkqpzmvw').level).toBe('weak');
    expect(passwordStrength('gkqpzmvwtrhx').level).toBe('fair');
    expect(passwordStrength('Gkq9pzm#').level).toBe('fair');
    expect(passwordStrength('correct horse battery staple').level).toBe('strong');
    expect(passwordStrength('Gkq9pzm#vwtr').level).toBe('strong');
  });
});
