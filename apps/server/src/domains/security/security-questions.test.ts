import { getSecurityQuestions, setSecurityQuestions } from '@portal/contract/security/security-questions';
import { SECURITY_QUESTIONS } from '@portal/contract/shared/security';
import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import { companyEvents, securityOf } from '../../test/rows.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function signedIn() {
  const { company, user } = await newCompany(t.db);
  const client = await new TestClient(t.app).useSession(t.db, t.clock, user.id);
  return { company, user, client };
}

const answersOf = async (userId: number) => (await securityOf(t, userId)).answers;

describe('security questions', () => {
  it('lists the eleven questions and none answered at first', async () => {
    const { client } = await signedIn();
    const res = await client.call(getSecurityQuestions, {});
    expect(res.data).toEqual({ questions: SECURITY_QUESTIONS.map((q) => ({ ...q })), answered_question_ids: [] });
  });

  it('stores argon2id hashes of the trimmed, lower-cased answers, never the text', async () => {
    const { company, user, client } = await signedIn();
    const res = await client.call(setSecurityQuestions, { responses: { '1': '  Rex ', '4': 'Holden Kingswood', '9': 'AUCKLAND' } });
    expect(res).toMatchObject({ status: 'ok', data: null });
    expect((await client.call(getSecurityQuestions, {})).data).toMatchObject({ answered_question_ids: [1, 4, 9] });

    const rows = await answersOf(user.id);
    // The hashes' salts and digests are random base64, which now and then spells "rex"; they are checked as argon2id
    // below, and nothing else in a row may hold the text.
    expect(JSON.stringify(rows.map(({ answer_hash: _hash, ...rest }) => rest))).not.toMatch(/rex|holden|auckland/i);
    for (const row of rows) expect(row.answer_hash).toMatch(/^\$argon2id\$v=19\$[^$]+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    const byId = new Map(rows.map((r) => [r.question_id, r.answer_hash]));
    expect(await verify(byId.get(1) ?? '', 'rex')).toBe(true);
    expect(await verify(byId.get(4) ?? '', 'holden kingswood')).toBe(true);
    expect(await verify(byId.get(9) ?? '', 'auckland')).toBe(true);
    const events = await companyEvents(t, company.id);
    expect(events.map((e) => e.event)).toContain('Set security questions (3 answered)');
  });

  it('replaces earlier answers', async () => {
    const { user, client } = await signedIn();
    await client.call(setSecurityQuestions, { responses: { '1': 'a', '2': 'b', '3': 'c', '4': 'd' } });
    await client.call(setSecurityQuestions, { responses: { '5': 'e', '6': 'f', '11': 'g' } });
    expect((await answersOf(user.id)).map((r) => r.question_id).sort((a, b) => a - b)).toEqual([5, 6, 11]);
  });

  it('asks for three to four answers', async () => {
    const { user, client } = await signedIn();
    const few = await client.call(setSecurityQuestions, { responses: { '1': 'a', '2': 'b' } });
    expect(few).toMatchObject({ code: 400, data: { fields: { responses: 'At least 3 questions are required' } } });
    const many = await client.call(setSecurityQuestions, { responses: { '1': 'a', '2': 'b', '3': 'c', '4': 'd', '5': 'e' } });
    expect(many).toMatchObject({ code: 400, data: { fields: { responses: 'At most 4 questions are allowed' } } });
    expect(await answersOf(user.id)).toEqual([]);
  });

  it('refuses blank answers, unknown questions and the same question twice, field by field', async () => {
    const { user, client } = await signedIn();
    await client.call(setSecurityQuestions, { responses: { '1': 'a', '2': 'b', '3': 'c' } });
    const res = await client.call(setSecurityQuestions, { responses: { '1': '   ', '12': 'x', '01': 'y', '2': 'ok' } });
    expect(res).toMatchObject({ code: 400 });
    expect(res.data).toEqual({
      fields: {
        'responses.1': 'Answer cannot be empty',
        'responses.12': 'Please choose a question from the list',
        'responses.01': 'All questions must be unique',
      },
    });
    const bad = await client.call(setSecurityQuestions, { responses: { abc: 'x', '1': 'a', '2': 'b' } });
    expect(bad.code).toBe(400);
    expect(await answersOf(user.id)).toHaveLength(3);
  });

  it('refuses an admin signed in as the user', async () => {
    const admin = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin' });
    const { user } = await signedIn();
    const client = await new TestClient(t.app).useSession(t.db, t.clock, user.id, admin.user.id);
    const res = await client.call(setSecurityQuestions, { responses: { '1': 'a', '2': 'b', '3': 'c' } });
    expect(res).toMatchObject({ status: 'error', code: 403 });
    expect(await answersOf(user.id)).toEqual([]);
  });
});
