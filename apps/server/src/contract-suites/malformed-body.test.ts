import { zEnvelope } from '@portal/contract/shared/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCompany } from '../test/factories.ts';
import { TestClient, type TestContext, createTestContext } from '../test/harness.ts';

let t: TestContext;
let client: TestClient;
beforeAll(async () => {
  t = await createTestContext();
  const admin = await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE', staff_role: 'admin' });
  client = await new TestClient(t.app).useSession(t.db, t.clock, admin.user.id);
});
afterAll(() => t.close());

const JSON_TYPE = 'application/json';

/** [what, body, content type, the status it gets, or null for any 4xx]. */
const BODIES: [string, string, string, number | null][] = [
  ['broken JSON', '{"not json', JSON_TYPE, null],
  ['plain text', 'plain text', 'text/plain', null],
  ['a 3 MB form', 'x'.repeat(3 * 1024 * 1024), 'application/x-www-form-urlencoded', null],
  ['a JSON array', '[1, 2, 3]', JSON_TYPE, null],
  ['a JSON string', '"just a string"', JSON_TYPE, null],
  // Prototype pollution attempts are refused by the JSON parser before any code sees them.
  ['a JSON __proto__ field', '{"__proto__": {"is_admin": true}}', JSON_TYPE, 400],
  ['a JSON constructor.prototype field', '{"constructor": {"prototype": {"is_admin": true}}}', JSON_TYPE, 400],
];

describe('malformed bodies', () => {
  it.each(BODIES)('%s is answered with an error in the envelope', async (_what, payload, type, status) => {
    const headers = { 'content-type': type, 'x-csrf-token': client.csrf ?? '' };
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/admin/company/list', cookies: client.cookies, payload, headers });
    if (status === null) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    } else expect(res.statusCode, res.body).toBe(status);
    expect(zEnvelope.safeParse(res.json()).success, res.body).toBe(true);
  });
});
