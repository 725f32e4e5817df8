import { login } from '@portal/contract/auth/login';
import { getOrCreatePassphrase } from '@portal/contract/security/passphrase';
import { REAUTH_AFTER_MINUTES, RECOVERY_PASSPHRASE_WORDS } from '@portal/contract/shared/security';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import { mailsTo } from '../../test/mail.ts';
import { companyEvents, securityOf } from '../../test/rows.ts';
import { newPassphrase, passphraseHint } from './passphrase.ts';
import { checkSecret, normaliseSecret } from './secrets.ts';
import { WORDLIST } from './wordlist.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

interface Answer {
  passphrase_raw: string | null;
  passphrase_hint: string;
  created_at: string;
}

/** Whether the phrase matches the user's stored passphrase, read without using it up. */
async function matches(userId: number, phrase: string): Promise<boolean> {
  const row = (await securityOf(t, userId)).passphrase;
  return !!row && (await checkSecret(row.passphrase_hash, normaliseSecret(phrase)));
}

async function signedIn() {
  const { company, user } = await newCompany(t.db);
  const client = await new TestClient(t.app).useSession(t.db, t.clock, user.id);
  return { company, user, client };
}

describe('the wordlist and the phrase', () => {
  it('draws 20 words from the 2048-word BIP-39 list', () => {
    expect(WORDLIST).toHaveLength(2048);
    expect(new Set(WORDLIST).size).toBe(2048);
    expect([WORDLIST[0], WORDLIST[2047]]).toEqual(['abandon', 'zoo']);
    const words = newPassphrase();
    expect(words).toHaveLength(RECOVERY_PASSPHRASE_WORDS);
    for (const w of words) expect(WORDLIST).toContain(w);
    expect(newPassphrase().join(' ')).not.toBe(words.join(' '));
  });

  it('hints with the first and last word and the count', () => {
    expect(passphraseHint(['apple', 'kiwi', 'zebra'])).toBe('apple … zebra (3 words)');
  });
});

describe('recovery passphrase', () => {
  it('is created on first request and shown once; later requests show only the hint and date', async () => {
    const { company, user, client } = await signedIn();
    const first = (await client.call(getOrCreatePassphrase, {})).data as Answer;
    const words = first.passphrase_raw?.split(' ') ?? [];
    expect(words).toHaveLength(20);
    expect(first.passphrase_hint).toBe(`${words[0]} … ${words[19]} (20 words)`);
    expect(first.created_at).toBe(t.clock.now().toISOString());

    const later = (await client.call(getOrCreatePassphrase, { regenerate: false })).data as Answer;
    expect(later).toEqual({ passphrase_raw: null, passphrase_hint: first.passphrase_hint, created_at: first.created_at });

    const row = (await securityOf(t, user.id)).passphrase;
    expect(row?.passphrase_hash).toMatch(/^\$argon2id\$/);
    for (const run of runsOfThree(words)) expect(row?.passphrase_hash).not.toContain(run);
    const events = await companyEvents(t, company.id);
    expect(events.map((e) => e.event)).toContain('Created a recovery passphrase');
  });

  it('verifies the phrase whatever its spacing and case, and refuses a wrong one', async () => {
    const { user, client } = await signedIn();
    const raw = ((await client.call(getOrCreatePassphrase, {})).data as Answer).passphrase_raw ?? '';
    expect(await matches(user.id, raw)).toBe(true);
    const messy = `  ${raw.toUpperCase().split(' ').join('   \t')}\n`;
    expect(await matches(user.id, messy)).toBe(true);
    const words = raw.split(' ');
    const wrong = [...words.slice(0, 19), words[19] === 'zoo' ? 'abandon' : 'zoo'].join(' ');
    expect(await matches(user.id, wrong)).toBe(false);
    const other = await signedIn();
    expect(await matches(other.user.id, raw)).toBe(false);
  });

  it('signs in with the phrase', async () => {
    const { user, client } = await signedIn();
    const raw = ((await client.call(getOrCreatePassphrase, {})).data as Answer).passphrase_raw ?? '';
    const res = await new TestClient(t.app).call(login, {
      target_type: 'recovery_passphrase',
      target_user: user.email,
      target_recovery_passphrase: raw.toUpperCase(),
    });
    expect(res.data).toMatchObject({ type: 'ok', auth_context: { email: user.email } });
  });

  it('signs in once only: it is used up, the user is mailed, and the answer asks for a new one', async () => {
    const { company, user, client } = await signedIn();
    const raw = ((await client.call(getOrCreatePassphrase, {})).data as Answer).passphrase_raw ?? '';
    const signIn = (c = new TestClient(t.app)) =>
      c.call(login, { target_type: 'recovery_passphrase', target_user: user.email, target_recovery_passphrase: raw });
    const browser = new TestClient(t.app);
    const first = await signIn(browser);
    expect(first.data).toMatchObject({ type: 'ok', recovery_passphrase_used: true });
    expect(await signIn()).toMatchObject({ code: 401, message: 'Invalid email or recovery passphrase' });

    const mail = (await mailsTo(t.db, user.email)).find((m) => m.template === 'recovery_passphrase_used');
    expect(mail).toMatchObject({ template: 'recovery_passphrase_used', subject: 'Your Backup Portal recovery passphrase was used' });
    expect(mail?.text_body).toContain('/passphrase');
    for (const run of runsOfThree(raw.split(' '))) expect(mail?.text_body).not.toContain(run);
    expect((await companyEvents(t, company.id)).map((e) => e.event)).toContain('Recovery passphrase used up by signing in');

    // The sign-in just happened, so the new one needs no further check.
    const fresh = (await browser.call(getOrCreatePassphrase, {})).data as Answer;
    expect(fresh.passphrase_raw).not.toBeNull();
    expect(fresh.passphrase_raw).not.toBe(raw);
  });

  it('signs in once only when the phrase is sent in parallel (on PostgreSQL each on its own connection)', async () => {
    const { user, client } = await signedIn();
    const raw = ((await client.call(getOrCreatePassphrase, {})).data as Answer).passphrase_raw ?? '';
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        new TestClient(t.app).call(login, { target_type: 'recovery_passphrase', target_user: user.email, target_recovery_passphrase: raw }),
      ),
    );
    expect(answers.filter((a) => a.status === 'ok')).toHaveLength(1);
  });

  it('regenerates within ten minutes of signing in: the old phrase stops working', async () => {
    const { company, user, client } = await signedIn();
    const old = ((await client.call(getOrCreatePassphrase, {})).data as Answer).passphrase_raw ?? '';
    t.clock.advance(60_000);
    const fresh = (await client.call(getOrCreatePassphrase, { regenerate: true })).data as Answer;
    expect(fresh.passphrase_raw).not.toBeNull();
    expect(fresh.passphrase_raw).not.toBe(old);
    expect(fresh.created_at).toBe(t.clock.now().toISOString());
    expect(await matches(user.id, old)).toBe(false);
    expect(await matches(user.id, fresh.passphrase_raw ?? '')).toBe(true);
    const events = await companyEvents(t, company.id);
    expect(events.map((e) => e.event)).toContain('Replaced the recovery passphrase');
  });

  it('asks to confirm it is you before regenerating after ten minutes, but not for the first one', async () => {
    const { user, client } = await signedIn();
    t.clock.advance((REAUTH_AFTER_MINUTES + 1) * 60_000);
    const first = (await client.call(getOrCreatePassphrase, { regenerate: true })).data as Answer;
    expect(first.passphrase_raw).not.toBeNull();
    const res = await client.call(getOrCreatePassphrase, { regenerate: true });
    expect(res).toMatchObject({ status: 'error', code: 403, data: { reauth_required: true } });
    expect(await matches(user.id, first.passphrase_raw ?? '')).toBe(true);
  });

  it('refuses an admin signed in as the user', async () => {
    const admin = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin' });
    const { user } = await signedIn();
    const client = await new TestClient(t.app).useSession(t.db, t.clock, user.id, admin.user.id);
    expect(await client.call(getOrCreatePassphrase, {})).toMatchObject({ status: 'error', code: 403 });
    expect((await securityOf(t, user.id)).passphrase).toBeNull();
  });
});

/**
 * Every three words in a row of a passphrase: what may not appear where the passphrase must not. One word alone
 * is too short to look for (a random "long" stands in the mail's "no longer").
 */
function runsOfThree(words: string[]): string[] {
  return words.slice(0, -2).map((_, i) => words.slice(i, i + 3).join(' '));
}
