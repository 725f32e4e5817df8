import { hostedDescribe } from '@portal/contract/servers/hosted';
import {
  HOSTED_SETTINGS_MESSAGES as M,
  hostedCheckEmailVerification,
  hostedConfirmSenderEmail,
  hostedResendVerificationEmail,
  hostedTestSmtpCredentials,
  hostedUpdateBranding,
  hostedValidateMailFromDns,
} from '@portal/contract/servers/hosted-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDnsServer, startLocalDns } from '../../platform/dns/local-dns-server.ts';
import { newHosted } from '../../test/factories.ts';
import { ON_POSTGRES, type TestContext, createTestContext, ok, parallelClients, signedInCompany } from '../../test/harness.ts';
import { linkIn, mailsTo } from '../../test/mail.ts';
import { hostedRow } from '../../test/rows.ts';
import { type SmtpCheckServer, startSmtpCheckServer } from '../../test/smtp-check-server.ts';

let t: TestContext;
let dns: LocalDnsServer;
let smtpTls: SmtpCheckServer;
let smtpStarttls: SmtpCheckServer;
let smtpPlain: SmtpCheckServer;
const USER = 'relay-user';
const PASS = 'relay-pass-123';

beforeAll(async () => {
  dns = await startLocalDns();
  t = await createTestContext({ DNS_RESOLVER: dns.address });
  [smtpTls, smtpStarttls, smtpPlain] = await Promise.all([
    startSmtpCheckServer({ security: 'tls', username: USER, password: PASS }),
    startSmtpCheckServer({ security: 'starttls', username: USER, password: PASS }),
    startSmtpCheckServer({ security: 'plain', username: USER, password: PASS }),
  ]);
});
afterAll(async () => {
  await t.close();
  await Promise.all([dns.close(), smtpTls.close(), smtpStarttls.close(), smtpPlain.close()]);
});

/** A customer with a ready console (and the console's row). */
async function withConsole(o: { ready?: boolean } = {}) {
  const made = await signedInCompany(t, { current_state: 'ACTIVE', plan_id: 'Growth' });
  const hosted = await newHosted(t.db, t.clock.now(), made.company.id, { ready: o.ready ?? true });
  const row = await hostedRow(t, hosted.hosted_server_id);
  if (!row) throw new Error('no console');
  return { ...made, id: row.id, row };
}

const branding = (id: number, over: Record<string, unknown> = {}) => ({
  target_hosted_server_id: id,
  target_custom_dns: '',
  target_use_custom_dns: false,
  target_email_from: 'backups@example.com',
  target_email_send_as: 'Backups',
  target_smtp_mode: 'ses' as const,
  ...over,
});

describe('hosted_comet/update_branding', () => {
  it('saves the domain and email fields and answers them in describe, the SMTP password never', async () => {
    const { client, id } = await withConsole();
    const saved = ok(
      await client.call(hostedUpdateBranding, {
        ...branding(id),
        target_custom_dns: 'Backup.Example.COM',
        target_use_custom_dns: true,
        target_email_from: 'alerts@acme.example',
        target_email_send_as: 'Acme Alerts',
        target_smtp_mode: 'smtp',
        target_smtp_host: 'smtp.acme.example',
        target_smtp_username: 'acme',
        target_smtp_password: 'secret-one',
      }),
    ).data;
    expect(saved).toMatchObject({
      user_custom_dns: 'backup.example.com',
      use_custom_dns: true,
      send_as_email_address: 'alerts@acme.example',
      send_as_display_name: 'Acme Alerts',
      smtp_mode: 'smtp',
      smtp_port: 587,
      smtp_security: 'tls',
      smtp_accept_invalid_certificate: false,
      smtp_password_set: true,
    });
    const described = ok(await client.call(hostedDescribe, { target_hosted_server_id: id })).data;
    expect(described).toMatchObject({ smtp_host: 'smtp.acme.example', smtp_username: 'acme', smtp_password_set: true });
    expect(JSON.stringify(described)).not.toContain('secret-one');
    expect(JSON.stringify(saved)).not.toContain('secret-one');
    expect((await hostedRow(t, id))?.smtp_password).toBe('secret-one');
  });

  it('keeps the stored password when the field is left empty, and clears it with the user name', async () => {
    const { client, id } = await withConsole();
    const smtp = { target_smtp_mode: 'smtp', target_smtp_host: 'mail.example.com', target_smtp_username: 'u' } as const;
    ok(await client.call(hostedUpdateBranding, { ...branding(id), ...smtp, target_smtp_password: 'kept-secret' }));
    ok(await client.call(hostedUpdateBranding, { ...branding(id), ...smtp, target_smtp_port: 2525, target_smtp_password: '' }));
    expect(await hostedRow(t, id)).toMatchObject({ smtp_password: 'kept-secret', smtp_port: 2525 });
    ok(await client.call(hostedUpdateBranding, { ...branding(id), ...smtp, target_smtp_username: '' }));
    expect((await hostedRow(t, id))?.smtp_password).toBe('');
  });

  it('refuses with field-level messages', async () => {
    const { client, id, row } = await withConsole();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ target_use_custom_dns: true }, 'target_custom_dns', M.domainRequired],
      [{ target_custom_dns: 'not a domain' }, 'target_custom_dns', M.domain],
      [{ target_custom_dns: row.user_dns }, 'target_custom_dns', M.domainIsOurs],
      [{ target_email_from: 'nope' }, 'target_email_from', 'Please enter a valid email address'],
      [{ target_email_send_as: ' ' }, 'target_email_send_as', M.sendAs],
      [{ target_smtp_mode: 'smtp' }, 'target_smtp_host', M.smtpHost],
      [{ target_smtp_mode: 'smtp', target_smtp_host: 'h.example', target_smtp_username: 'u' }, 'target_smtp_password', M.smtpPassword],
      [{ target_smtp_mode: 'smtp', target_smtp_host: 'h.example', target_smtp_password: 'p' }, 'target_smtp_username', M.smtpUsername],
      [{ target_smtp_port: 0 }, 'target_smtp_port', M.smtpPort],
      [{ target_smtp_port: 70000 }, 'target_smtp_port', M.smtpPort],
      [{ target_smtp_security: 'ssl' }, 'target_smtp_security', M.smtpSecurity],
      [{ target_smtp_mode: 'imap' }, 'target_smtp_mode', M.smtpMode],
    ];
    for (const [over, field, message] of cases) {
      const res = await client.post(hostedUpdateBranding.path, branding(id, over));
      const body = res.json() as { status: string; data?: { fields?: Record<string, string> } };
      expect(body.status, JSON.stringify(over)).toBe('error');
      expect(body.data?.fields?.[field], JSON.stringify(over)).toBe(message);
    }
    expect(await hostedRow(t, id)).toMatchObject({ user_custom_dns: '', smtp_mode: 'ses' });
  });

  it('a console that is not ready has no settings yet; another company’s console is not found', async () => {
    const { client, id } = await withConsole({ ready: false });
    const res = await client.call(hostedUpdateBranding, branding(id));
    expect(res).toMatchObject({ status: 'error', message: M.notReady });
    const other = await withConsole();
    for (const [call, input] of [
      [hostedUpdateBranding, branding(other.id)],
      [hostedTestSmtpCredentials, { target_hosted_server_id: other.id, target_smtp_host: '127.0.0.1' }],
      [hostedValidateMailFromDns, { target_hosted_server_id: other.id, target_custom_dns: 'x.example.com' }],
      [hostedCheckEmailVerification, { target_hosted_server_id: other.id }],
      [hostedResendVerificationEmail, { target_hosted_server_id: other.id }],
    ] as const) {
      const answer = await client.post(call.path, input);
      expect(answer.statusCode, call.path).toBe(404);
    }
  });

  it('a new sender address must be verified again', async () => {
    const { client, id } = await withConsole();
    // Verified the real way: the domain publishes DMARC, and the link mailed to the address is opened.
    ok(await client.call(hostedUpdateBranding, branding(id, { target_email_from: 'ops@reverify.example' })));
    dns.set('_dmarc.reverify.example', { TXT: ['v=DMARC1; p=none'] });
    ok(await client.call(hostedResendVerificationEmail, { target_hosted_server_id: id }));
    const token = linkIn((await mailsTo(t.db, 'ops@reverify.example'))[0] ?? null, 'verify_sender').searchParams.get('verify_sender') ?? '';
    ok(await client.call(hostedConfirmSenderEmail, { token }));
    expect(ok(await client.call(hostedCheckEmailVerification, { target_hosted_server_id: id })).data).toMatchObject({
      is_verified: true,
      is_dmarc_verified: true,
    });
    ok(
      await client.call(hostedUpdateBranding, branding(id, { target_email_from: 'ops@reverify.example', target_email_send_as: 'Renamed' })),
    );
    expect(await hostedRow(t, id)).toMatchObject({ send_as_email_verified: true, send_as_dmarc_verified: true });
    ok(await client.call(hostedUpdateBranding, branding(id, { target_email_from: 'other@reverify.example' })));
    expect(await hostedRow(t, id)).toMatchObject({ send_as_email_verified: false, send_as_dmarc_verified: true });
    ok(await client.call(hostedUpdateBranding, branding(id, { target_email_from: 'x@elsewhere.example' })));
    expect(await hostedRow(t, id)).toMatchObject({ send_as_email_verified: false, send_as_dmarc_verified: false });
  });
});

describe('hosted_comet/test_smtp_credentials against real SMTP servers requiring AUTH', () => {
  const smtpInput = (id: number, server: SmtpCheckServer, over: Record<string, unknown> = {}) => ({
    target_hosted_server_id: id,
    target_smtp_host: '127.0.0.1',
    target_smtp_port: server.port,
    target_smtp_username: USER,
    target_smtp_password: PASS,
    target_smtp_security: server.security,
    target_smtp_accept_invalid_certificate: true,
    ...over,
  });

  it('passes with the right user and password in each security mode', async () => {
    const { client, id } = await withConsole();
    for (const server of [smtpTls, smtpStarttls, smtpPlain]) {
      const answer = ok(await client.call(hostedTestSmtpCredentials, smtpInput(id, server))).data;
      expect(answer, server.security).toEqual({ passed: true, message: 'Passed' });
    }
    expect(smtpPlain.logins).toContain(USER);
  });

  it('answers the server’s message for a wrong password', async () => {
    const { client, id } = await withConsole();
    const answer = ok(await client.call(hostedTestSmtpCredentials, smtpInput(id, smtpStarttls, { target_smtp_password: 'wrong' }))).data;
    expect(answer.passed).toBe(false);
    expect(answer.message).toContain('535');
    expect(answer.message).toContain('Invalid username or password');
  });

  it('uses the stored password when none is typed, for the server it was saved for', async () => {
    const { client, id } = await withConsole();
    ok(
      await client.call(hostedUpdateBranding, {
        ...branding(id),
        target_smtp_mode: 'smtp',
        target_smtp_host: '127.0.0.1',
        target_smtp_port: smtpPlain.port,
        target_smtp_username: USER,
        target_smtp_password: PASS,
        target_smtp_security: 'plain',
      }),
    );
    const answer = ok(await client.call(hostedTestSmtpCredentials, smtpInput(id, smtpPlain, { target_smtp_password: '' }))).data;
    expect(answer).toEqual({ passed: true, message: 'Passed' });
  });

  it('never sends the stored password to another server, port or user name (it stays write-only)', async () => {
    const { client, id } = await withConsole();
    ok(
      await client.call(hostedUpdateBranding, {
        ...branding(id),
        target_smtp_mode: 'smtp',
        target_smtp_host: '127.0.0.1',
        target_smtp_port: smtpPlain.port,
        target_smtp_username: USER,
        target_smtp_password: PASS,
        target_smtp_security: 'plain',
      }),
    );
    const before = smtpStarttls.logins.length;
    for (const over of [
      { target_smtp_port: smtpStarttls.port, target_smtp_security: 'starttls' },
      { target_smtp_host: 'localhost' },
      { target_smtp_username: 'someone-else' },
    ]) {
      const refused = await client.call(hostedTestSmtpCredentials, smtpInput(id, smtpPlain, { target_smtp_password: '', ...over }));
      expect(refused, JSON.stringify(over)).toMatchObject({ status: 'error', data: { fields: { target_smtp_password: M.smtpPassword } } });
    }
    expect(smtpStarttls.logins).toHaveLength(before);
  });

  it('refuses a self-signed certificate unless told to accept it', async () => {
    const { client, id } = await withConsole();
    const answer = ok(
      await client.call(hostedTestSmtpCredentials, smtpInput(id, smtpTls, { target_smtp_accept_invalid_certificate: false })),
    ).data;
    expect(answer.passed).toBe(false);
    expect(answer.message).toMatch(/certificate/i);
  });

  it('answers a refused connection, and a server that never greets within the timeout', async () => {
    const { client, id } = await withConsole();
    const refused = ok(await client.call(hostedTestSmtpCredentials, smtpInput(id, smtpPlain, { target_smtp_port: 9 }))).data;
    expect(refused.passed).toBe(false);
    expect(refused.message).toMatch(/ECONNREFUSED|connect/i);
    // A plain-mode test against the implicit-TLS port: the client waits for a greeting that never comes in clear.
    const { trySmtp } = await import('./hosted-settings.ts');
    const silent = await trySmtp({
      host: '127.0.0.1',
      port: smtpTls.port,
      security: 'plain',
      acceptInvalidCertificate: true,
      username: USER,
      password: PASS,
      timeoutMs: 500,
    });
    expect(silent.passed).toBe(false);
    expect(silent.message).toMatch(/timeout|greeting/i);
  });
});

describe('hosted_comet/validate_mail_from_dns_async through the local DNS server', () => {
  it('answers Valid for a CNAME to the console, and for an A record to one of its addresses', async () => {
    const { client, id, row } = await withConsole();
    dns.set(row.user_dns, { A: ['203.0.113.10'] });
    dns.set('cname.acme.example', { CNAME: row.user_dns });
    dns.set('a.acme.example', { A: ['203.0.113.10'] });
    for (const domain of ['cname.acme.example', 'a.acme.example']) {
      const answer = ok(await client.call(hostedValidateMailFromDns, { target_hosted_server_id: id, target_custom_dns: domain })).data;
      expect(answer, domain).toEqual({ valid: true, message: 'Valid' });
    }
  });

  it('answers what is wrong: no record, a CNAME elsewhere, an A record elsewhere', async () => {
    const { client, id, row } = await withConsole();
    dns.set(row.user_dns, { A: ['203.0.113.11'] });
    dns.set('elsewhere.acme.example', { CNAME: 'other.example.net' });
    dns.set('wrong-a.acme.example', { A: ['198.51.100.1'] });
    const check = async (domain: string) =>
      ok(await client.call(hostedValidateMailFromDns, { target_hosted_server_id: id, target_custom_dns: domain })).data;
    expect(await check('missing.acme.example')).toEqual({
      valid: false,
      message: `missing.acme.example has no CNAME or A record; add a CNAME record pointing to ${row.user_dns}`,
    });
    expect(await check('elsewhere.acme.example')).toEqual({
      valid: false,
      message: `elsewhere.acme.example is a CNAME of other.example.net, not of ${row.user_dns}`,
    });
    expect(await check('wrong-a.acme.example')).toEqual({
      valid: false,
      message: `wrong-a.acme.example points to 198.51.100.1, not to ${row.user_dns} (203.0.113.11)`,
    });
  });

  it('checks the stored domain when none is given, and asks for one when there is none', async () => {
    const { client, id, row } = await withConsole();
    const none = await client.call(hostedValidateMailFromDns, { target_hosted_server_id: id });
    expect(none).toMatchObject({ status: 'error', data: { fields: { target_custom_dns: M.noDomain } } });
    dns.set('stored.acme.example', { CNAME: row.user_dns });
    ok(await client.call(hostedUpdateBranding, branding(id, { target_custom_dns: 'stored.acme.example', target_use_custom_dns: true })));
    expect(ok(await client.call(hostedValidateMailFromDns, { target_hosted_server_id: id })).data.valid).toBe(true);
  });
});

describe('sender verification', () => {
  it('checks the sender and DMARC separately: DMARC from _dmarc.<domain> TXT, the sender by its link', async () => {
    const { client, id } = await withConsole();
    ok(await client.call(hostedUpdateBranding, branding(id, { target_email_from: 'ops@dmarc-one.example' })));
    const check = async () => ok(await client.call(hostedCheckEmailVerification, { target_hosted_server_id: id })).data;
    expect(await check()).toMatchObject({ is_verified: false, is_dmarc_verified: false });
    dns.set('_dmarc.dmarc-one.example', { TXT: ['v=spf1 -all'] });
    expect((await check()).is_dmarc_verified).toBe(false);
    dns.set('_dmarc.dmarc-one.example', { TXT: ['v=DMARC1; p=quarantine; rua=mailto:d@dmarc-one.example'] });
    expect(await check()).toMatchObject({ is_verified: false, is_dmarc_verified: true });
    expect((await hostedRow(t, id))?.send_as_dmarc_verified).toBe(true);

    ok(await client.call(hostedResendVerificationEmail, { target_hosted_server_id: id }));
    const [mail] = await mailsTo(t.db, 'ops@dmarc-one.example');
    expect(mail?.template).toBe('hosted_sender_verification');
    const link = linkIn(mail ?? null, 'verify_sender');
    expect(link.pathname).toBe('/my_servers');
    // The link works without signing in: it proves the mailbox.
    const anonymous = new (await import('../../test/harness.ts')).TestClient(t.app);
    const confirmed = ok(await anonymous.call(hostedConfirmSenderEmail, { token: link.searchParams.get('verify_sender') ?? '' })).data;
    expect(confirmed).toEqual({ email: 'ops@dmarc-one.example' });
    expect(await check()).toMatchObject({ is_verified: true, is_dmarc_verified: true });
    // Once used, the link is spent.
    const again = await anonymous.call(hostedConfirmSenderEmail, { token: link.searchParams.get('verify_sender') ?? '' });
    expect(again).toMatchObject({ status: 'error', message: M.linkInvalid });
    expect(await client.call(hostedResendVerificationEmail, { target_hosted_server_id: id })).toMatchObject({
      status: 'error',
      message: M.alreadyVerified,
    });
  });

  it('resends at most once every 60 seconds, and the answer says when the next may go', async () => {
    const { client, id } = await withConsole();
    ok(await client.call(hostedUpdateBranding, branding(id, { target_email_from: 'cool@down.example' })));
    const first = ok(await client.call(hostedResendVerificationEmail, { target_hosted_server_id: id })).data;
    expect(first.verification_resend_at).toBe(new Date(t.clock.now().getTime() + 60_000).toISOString());
    t.clock.advance(59_000);
    expect(await client.call(hostedResendVerificationEmail, { target_hosted_server_id: id })).toMatchObject({
      status: 'error',
      message: M.cooldown(1),
    });
    const described = ok(await client.call(hostedDescribe, { target_hosted_server_id: id })).data;
    expect(described.verification_resend_at).toBe(first.verification_resend_at);
    t.clock.advance(1_000);
    ok(await client.call(hostedResendVerificationEmail, { target_hosted_server_id: id }));
    expect(await mailsTo(t.db, 'cool@down.example')).toHaveLength(2);
  });

  it('a link sent to an address the console no longer sends as, or older than 48 hours, does not verify', async () => {
    const { client, id } = await withConsole();
    ok(await client.call(hostedUpdateBranding, branding(id, { target_email_from: 'first@links.example' })));
    ok(await client.call(hostedResendVerificationEmail, { target_hosted_server_id: id }));
    const token = linkIn((await mailsTo(t.db, 'first@links.example'))[0] ?? null, 'verify_sender').searchParams.get('verify_sender') ?? '';
    ok(await client.call(hostedUpdateBranding, branding(id, { target_email_from: 'second@links.example' })));
    expect(await client.call(hostedConfirmSenderEmail, { token })).toMatchObject({ status: 'error', message: M.linkInvalid });

    t.clock.advance(60_000);
    ok(await client.call(hostedResendVerificationEmail, { target_hosted_server_id: id }));
    const late = linkIn((await mailsTo(t.db, 'second@links.example'))[0] ?? null, 'verify_sender').searchParams.get('verify_sender') ?? '';
    t.clock.advance(48 * 3_600_000 + 1000);
    expect(await client.call(hostedConfirmSenderEmail, { token: late })).toMatchObject({ status: 'error', message: M.linkInvalid });
    expect((await hostedRow(t, id))?.send_as_email_verified).toBe(false);
  });
});

describe.skipIf(!ON_POSTGRES)('the resend cooldown under parallel calls (PostgreSQL)', () => {
  it('of 8 resends sent at once on their own connections, one mails and the others are told to wait', async () => {
    const { client, id, user } = await withConsole();
    ok(await client.call(hostedUpdateBranding, branding(id, { target_email_from: 'race@cooldown.example' })));
    const clients = await parallelClients(t, 8, user.id);
    const answers = await Promise.all(clients.map((c) => c.call(hostedResendVerificationEmail, { target_hosted_server_id: id })));
    expect(answers.filter((a) => a.status === 'ok')).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status === 'error')) expect(refused.message).toBe(M.cooldown(60));
    expect(await mailsTo(t.db, 'race@cooldown.example')).toHaveLength(1);
  });
});
