import { TOKEN_MESSAGES, revokeToken } from '@portal/contract/tokens/tokens';
import { listCompanyUsers } from '@portal/contract/users/company-users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiToken } from '../../test/factories.ts';
import { ON_POSTGRES, type TestContext, createTestContext, newCompany, parallelClients } from '../../test/harness.ts';
import { companyEvents } from '../../test/rows.ts';
import { TokenClient, apiTokenRows } from '../../test/token-client.ts';

const N = 8;

/** Token uses and revocations sent at once on PostgreSQL's parallel connections. */
describe.skipIf(!ON_POSTGRES)('API tokens under parallel calls (PostgreSQL)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('records parallel uses of one token: last use moves to the latest, and one company event is written', async () => {
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE' });
    const { token, row } = await newApiToken(t.db, t.clock.now(), user.id, company.id, ['USERS_READ']);
    t.clock.advance(1000);
    const answers = await Promise.all(Array.from({ length: N }, () => new TokenClient(t.app, token).call(listCompanyUsers, {})));
    expect(answers.map((a) => a.code)).toEqual(Array(N).fill(200));
    const stored = (await apiTokenRows(t)).find((r) => r.id === row.id);
    expect(stored?.last_used_at?.toISOString()).toBe(t.clock.now().toISOString());
    expect((await companyEvents(t, company.id)).filter((e) => e.event.includes('used from'))).toHaveLength(1);
  });

  it('revokes once: one answer revokes, the others are told it already was', async () => {
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE' });
    const { row } = await newApiToken(t.db, t.clock.now(), user.id, company.id, ['USERS_READ']);
    const clients = await parallelClients(t, N, user.id);
    const answers = await Promise.all(clients.map((c) => c.call(revokeToken, { token: row.id })));
    expect(answers.map((a) => a.code).sort()).toEqual([200, ...Array(N - 1).fill(400)]);
    for (const refused of answers.filter((a) => a.code === 400))
      expect(refused.data).toMatchObject({ fields: { token: TOKEN_MESSAGES.alreadyRevoked } });
    expect((await companyEvents(t, company.id)).filter((e) => e.event.startsWith('Revoked API token'))).toHaveLength(1);
  });
});
