import { zEnvelope } from '@portal/contract/shared/envelope';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCompany } from '../test/factories.ts';
import { TestClient, type TestContext, appWith, createTestContext } from '../test/harness.ts';

let t: TestContext;
let app: FastifyInstance;
let client: TestClient;
/** Every log line the app writes, so a case can show it logged no error. */
const logLines: { level: number; msg?: string }[] = [];
beforeAll(async () => {
  t = await createTestContext();
  app = await appWith(t, { LOG_LEVEL: 'info' }, { logStream: { write: (line) => void logLines.push(JSON.parse(line)) } });
  const admin = await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE', staff_role: 'admin' });
  client = await new TestClient(app).useSession(t.db, t.clock, admin.user.id);
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';
const PINO_WARN = 40;

/** An array nested `depth` times, as JSON text (JSON.stringify itself would run out of stack). */
const nestedJson = (depth: number) => `{"target_search_query":${'['.repeat(depth)}${']'.repeat(depth)}}`;

/** [what, body, content type, the status it gets, or null for any 4xx]. */
const BODIES: [string, string, string, number | null][] = [
  ['broken JSON', '{"not json', JSON_TYPE, null],
  ['plain text', 'plain text', 'text/plain', null],
  ['a 3 MB form', 'x'.repeat(3 * 1024 * 1024), FORM_TYPE, null],
  ['a JSON array', '[1, 2, 3]', JSON_TYPE, null],
  ['a JSON string', '"just a string"', JSON_TYPE, null],
  // Prototype pollution attempts are refused by the JSON parser before any code sees them.
  ['a JSON __proto__ field', '{"__proto__": {"is_admin": true}}', JSON_TYPE, 400],
  ['a JSON constructor.prototype field', '{"constructor": {"prototype": {"is_admin": true}}}', JSON_TYPE, 400],
  // Names an object inherits are no field of any call: they are refused, never looked up in a schema.
  ['a JSON constructor field', '{"constructor": "x"}', JSON_TYPE, 400],
  ['a JSON toString field', '{"toString": "x"}', JSON_TYPE, 400],
  ['a form constructor field', 'constructor=x', FORM_TYPE, 400],
  ['a form toString field', 'toString=x', FORM_TYPE, 400],
  ['a form __proto__ field', '__proto__=x', FORM_TYPE, 400],
  ['JSON nested 20,000 deep', nestedJson(20_000), JSON_TYPE, 400],
  // Each call takes its own fields and a few more; parsing stops being the call's problem past that.
  ['a form with 100,000 fields', Array.from({ length: 100_000 }, (_, i) => `f${i}=x`).join('&'), FORM_TYPE, 413],
  [
    'a JSON object with 100,000 fields',
    JSON.stringify(Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`f${i}`, 1]))),
    JSON_TYPE,
    413,
  ],
  ['multipart without a boundary', '--x\r\nContent-Disposition: form-data; name="page"\r\n\r\n1\r\n--x--\r\n', 'multipart/form-data', 400],
];

describe('malformed bodies', () => {
  it.each(BODIES)('%s is answered with an error in the envelope and logs no error', async (_what, payload, type, status) => {
    const headers = { 'content-type': type, 'x-csrf-token': client.csrf ?? '' };
    logLines.length = 0;
    const res = await app.inject({ method: 'POST', url: '/api/v1/admin/company/list', cookies: client.cookies, payload, headers });
    if (status === null) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    } else expect(res.statusCode, res.body).toBe(status);
    expect(zEnvelope.safeParse(res.json()).success, res.body).toBe(true);
    expect(logLines.filter((l) => l.level > PINO_WARN).map((l) => l.msg)).toEqual([]);
  });
});
