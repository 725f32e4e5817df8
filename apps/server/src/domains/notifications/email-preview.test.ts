import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { EMAIL_TEMPLATES, EMAIL_TEMPLATE_NAMES, previewDebugEmail } from '@portal/contract/notifications/email-preview';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, createTestContext, newCompany, ok, signedInCompany } from '../../test/harness.ts';
import { outboxSize } from '../../test/mail.ts';
import * as templates from './templates.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: 'https://portal.example.com/base/' });
});
afterAll(() => t.close());

async function adminClient() {
  const { user } = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin' });
  const c = new TestClient(t.app);
  await c.login(user.email);
  return c;
}

describe('the template registry', () => {
  it('defines exactly the templates the preview lists, each once', () => {
    expect([...templates.templateNames()].sort()).toEqual([...EMAIL_TEMPLATE_NAMES].sort());
  });

  it('holds every mail the templates module writes, so none is missing from the preview', () => {
    const mailWriters = Object.entries(templates).filter(([name, value]) => typeof value === 'function' && /Mail$/.test(name));
    expect(mailWriters.length).toBeGreaterThanOrEqual(EMAIL_TEMPLATE_NAMES.length);
    for (const [name, writer] of mailWriters) {
      const templateName = (writer as { templateName?: string }).templateName;
      expect(templateName, `${name} is written without defineTemplate`).toBeDefined();
      expect(templates.templateNames()).toContain(templateName);
    }
  });

  it('is the only way mail is written: no other server file renders or queues a mail of its own', () => {
    const src = path.resolve(import.meta.dirname, '../..');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const renders = files.filter((f) => readFileSync(path.join(src, f), 'utf8').includes('renderMail('));
    expect(renders.sort()).toEqual([path.join('domains', 'notifications', 'templates.ts'), path.join('platform', 'mail.ts')]);
    const queues = files.filter((f) => f.startsWith('domains') && /ctx\.mail\(/.test(readFileSync(path.join(src, f), 'utf8')));
    expect(queues).toEqual([path.join('domains', 'notifications', 'service.ts')]);
  });

  it('renders every template from its sample data, with links under PUBLIC_URL', () => {
    for (const name of EMAIL_TEMPLATE_NAMES) {
      const mail = templates.renderSample(name, { PUBLIC_URL: 'https://portal.example.com/base/' });
      expect(mail?.template).toBe(name);
      expect(mail?.subject.length).toBeGreaterThan(0);
      expect(mail?.html).toContain('<');
      expect(mail?.text).not.toContain('undefined');
      expect(mail?.html).not.toContain('undefined');
    }
  });
});

describe('PreviewDebugEmail', () => {
  it('answers the HTML of every template with sample data and queues nothing', async () => {
    const c = await adminClient();
    const before = await outboxSize(t.db);
    for (const name of EMAIL_TEMPLATE_NAMES) {
      const res = ok(await c.call(previewDebugEmail, { emailTypeEnum: name }));
      expect(res.data.template).toBe(name);
      expect(res.data.html).toMatch(/<html|<table|<p/);
      expect(res.data.subject).not.toBe('');
    }
    expect(await outboxSize(t.db)).toBe(before);
    expect(Object.keys(EMAIL_TEMPLATES)).toHaveLength(EMAIL_TEMPLATE_NAMES.length);
  });

  it('puts sample links under the configured address', async () => {
    const c = await adminClient();
    const res = ok(await c.call(previewDebugEmail, { emailTypeEnum: 'reset_password' }));
    expect(res.data.text).toContain('https://portal.example.com/base/update_password?t=');
  });

  it('refuses an unknown template with the field message', async () => {
    const c = await adminClient();
    const res = await c.call(previewDebugEmail, { emailTypeEnum: 'no_such_mail' as never });
    expect(res).toMatchObject({ status: 'error', code: 400, data: { fields: { emailTypeEnum: 'Please select an email template' } } });
  });

  it('is for admins only', async () => {
    const { client } = await signedInCompany(t);
    expect((await client.call(previewDebugEmail, { emailTypeEnum: 'verify_email' })).code).toBe(403);
    for (const staff_role of ['support', 'sales'] as const) {
      const { user } = await newCompany(t.db, { company_type: 'admin', staff_role });
      const c = new TestClient(t.app);
      await c.login(user.email);
      expect((await c.call(previewDebugEmail, { emailTypeEnum: 'verify_email' })).code).toBe(403);
    }
    expect((await new TestClient(t.app).call(previewDebugEmail, { emailTypeEnum: 'verify_email' })).code).toBe(401);
  });
});
