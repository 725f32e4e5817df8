import { adminCreateCompany } from '@portal/contract/companies/company-create';
import { deleteCompany, reactivateCompany } from '@portal/contract/companies/company-lifecycle';
import { distributorPatchCompany } from '@portal/contract/companies/company-patch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ON_POSTGRES, type TestContext, createTestContext, newCompany, parallelClients } from '../../test/harness.ts';
import { uniqueEmail } from '../../test/factories.ts';
import { companyEvents, companyRow } from '../../test/rows.ts';

const DAY = 86_400_000;
const N = 6;

/** Calls sent at once on PostgreSQL's parallel connections: the read-then-write paths must leave one winner. */
describe.skipIf(!ON_POSTGRES)('companies under parallel calls (PostgreSQL)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const statuses = (answers: { code: number }[]) => answers.map((a) => a.code).sort();

  it('puts a company into pending deletion once: one call wins, the others are refused', async () => {
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE' });
    const clients = await parallelClients(t, N, user.id);
    const answers = await Promise.all(clients.map((c) => c.call(deleteCompany, { target_company_id: company.id })));
    expect(statuses(answers)).toEqual([200, ...Array(N - 1).fill(400)]);
    for (const refused of answers.filter((a) => a.code === 400)) {
      expect(refused).toMatchObject({ message: 'This company is already pending deletion' });
    }
    const deletes = (await companyEvents(t, company.id)).filter((e) => e.event.startsWith('Deleted'));
    expect(deletes).toHaveLength(1);
    // Reactivating returns to the state before the one delete, not to a pending delete recorded by a loser.
    expect((await clients[0]?.call(reactivateCompany, { target_company_id: company.id }))?.status).toBe('ok');
    expect((await companyRow(t, company.id))?.current_state).toBe('ACTIVE');
  });

  it('extends a trial past its limit for no one: of parallel extensions that each fit alone, only one lands', async () => {
    const dist = await newCompany(t.db, { company_type: 'distributor', current_state: 'ACTIVE' });
    const trialEnd = new Date(t.clock.now().getTime() + 30 * DAY);
    const { company } = await newCompany(t.db, { distributor_id: dist.company.id, current_state: 'TRIAL', trial_expires_at: trialEnd });
    const clients = await parallelClients(t, N, dist.user.id);
    const answers = await Promise.all(
      clients.map((c) => c.call(distributorPatchCompany, { target_id: company.id, extend_trial_days: 20 })),
    );
    expect(statuses(answers)).toEqual([200, ...Array(N - 1).fill(400)]);
    const after = await companyRow(t, company.id);
    expect(after?.trial_extension_days).toBe(20);
    expect(after?.trial_expires_at?.getTime()).toBe(trialEnd.getTime() + 20 * DAY);
  });

  it('creates one company for an address sent in parallel, and answers the rest without an error', async () => {
    const { user } = await newCompany(t.db, { company_type: 'admin', staff_role: 'admin', current_state: 'ACTIVE' });
    const clients = await parallelClients(t, N, user.id);
    const email = uniqueEmail('race-owner');
    const answers = await Promise.all(
      clients.map((c, i) =>
        c.call(adminCreateCompany, { target_company_name: `Race ${i}`, target_email: email, target_password: 'walnut-meadow-kettle-3' }),
      ),
    );
    expect(statuses(answers)).toEqual([200, ...Array(N - 1).fill(400)]);
  });
});
