import { createUser, patchUser } from '@portal/contract/users/company-users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ON_POSTGRES, type TestContext, createTestContext, newCompany, newUser, parallelClients } from '../../test/harness.ts';
import { uniqueEmail } from '../../test/factories.ts';
import { userRow } from '../../test/rows.ts';

const N = 6;
const TAKEN = { code: 400, data: { fields: { target_email: 'This email address cannot be used. Please choose another' } } };

/** Calls sent at once on PostgreSQL's parallel connections: an address goes to one user only, and nobody gets a 500. */
describe.skipIf(!ON_POSTGRES)('company users under parallel calls (PostgreSQL)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('adds one user for an address that several companies add at once; the others hear it is taken', async () => {
    const email = uniqueEmail('race-user');
    const answers = await Promise.all(
      Array.from({ length: N }, async () => {
        const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE' });
        const [client] = await parallelClients(t, 1, user.id);
        return { client, company };
      }),
    ).then((owners) =>
      Promise.all(
        owners.map(({ client, company }) =>
          client?.call(createUser, { target_company_id: company.id, target_email: email, target_password: 'hazel-tundra-quill-5' }),
        ),
      ),
    );
    expect(answers.filter((a) => a?.code === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a?.code !== 200)) expect(refused).toMatchObject(TAKEN);
  });

  it('gives an address to one of several users moved to it at once', async () => {
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE' });
    const members = await Promise.all(Array.from({ length: N }, () => newUser(t.db, company.id)));
    const clients = await parallelClients(t, N, user.id);
    const email = uniqueEmail('race-move');
    const answers = await Promise.all(
      clients.map((c, i) => c.call(patchUser, { target_company_id: company.id, target_id: members[i]?.id ?? 0, target_email: email })),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.code !== 200)) expect(refused).toMatchObject(TAKEN);
    const holders = (await Promise.all(members.map((m) => userRow(t, m.id)))).filter((m) => m?.email === email);
    expect(holders).toHaveLength(1);
  });
});
