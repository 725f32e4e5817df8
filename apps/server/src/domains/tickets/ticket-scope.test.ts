import { MERGE_MESSAGES } from '@portal/contract/tickets/ticket-merge';
import { TICKET_MESSAGES } from '@portal/contract/tickets/ticket-fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { actorOf, type TableActor } from '../../test/actors.ts';
import { callContext } from '../../test/context.ts';
import { newTicket } from '../../test/factories.ts';
import { type TestContext, createTestContext, newCompany } from '../../test/harness.ts';
import { setTicketRow } from '../../test/rows.ts';
import { actsAsSupport, newHash, remindAt, requireTicket, visibleTicket } from './scope.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Company = 'staff' | 'A' | 'B' | 'D' | 'E';
const ACTORS: Record<string, Omit<TableActor, 'companyId'> & { company: Company }> = {
  admin: { company: 'staff', type: 'admin', staffRole: 'admin' },
  support: { company: 'staff', type: 'admin', staffRole: 'support' },
  'customer of A': { company: 'A', type: 'customer' },
  'distributor of A': { company: 'D', type: 'distributor' },
  'other distributor': { company: 'E', type: 'distributor' },
  'admin as customer of A': { company: 'A', type: 'customer', impersonated: true },
  'admin as support staff': { company: 'staff', type: 'admin', staffRole: 'support', impersonated: true },
};
type Outcome = 'ok' | 404 | 409;
/** Per actor: acts as support; a ticket of A, of B, and A's ticket merged into another, each looked at and locked. */
const EXPECTED: Record<string, { support: boolean; A: Outcome[]; B: Outcome[]; merged: Outcome[] }> = {
  admin: { support: true, A: ['ok', 'ok'], B: ['ok', 'ok'], merged: ['ok', 409] },
  support: { support: true, A: ['ok', 'ok'], B: ['ok', 'ok'], merged: ['ok', 409] },
  'customer of A': { support: false, A: ['ok', 'ok'], B: [404, 404], merged: ['ok', 409] },
  'distributor of A': { support: false, A: ['ok', 'ok'], B: [404, 404], merged: ['ok', 409] },
  'other distributor': { support: false, A: [404, 404], B: [404, 404], merged: [404, 404] },
  'admin as customer of A': { support: false, A: ['ok', 'ok'], B: [404, 404], merged: ['ok', 409] },
  // An admin signed in as a staff user has that user's own company only, and answers as the user, not as support.
  'admin as support staff': { support: false, A: [404, 404], B: [404, 404], merged: [404, 404] },
};

describe('ticket scope: who reaches a ticket', () => {
  it('answers a ticket of a company the actor may read, as missing otherwise, and refuses changes to a merged one', async () => {
    const made = async (o: Parameters<typeof newCompany>[1]) => (await newCompany(t.db, o)).company.id;
    const D = await made({ company_type: 'distributor', current_state: 'ACTIVE' });
    const ids: Record<Company, number> = {
      staff: await made({ company_type: 'admin', current_state: 'ACTIVE' }),
      A: await made({ company_type: 'customer', current_state: 'ACTIVE', distributor_id: D }),
      B: await made({ company_type: 'customer', current_state: 'ACTIVE' }),
      D,
      E: await made({ company_type: 'distributor', current_state: 'ACTIVE' }),
    };
    const now = t.clock.now();
    const tickets = {
      A: await newTicket(t.db, now, ids.A),
      B: await newTicket(t.db, now, ids.B),
      merged: await newTicket(t.db, now, ids.A),
    };
    await setTicketRow(t, tickets.merged, { merged_into_ticket_id: tickets.A });

    const outcome = async (work: () => Promise<{ id: number }>, id: number): Promise<Outcome> => {
      try {
        expect((await work()).id).toBe(id);
        return 'ok';
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        if (err.code === 404) expect(err.message).toBe(TICKET_MESSAGES.notFound);
        if (err.code === 409) expect(err.message).toBe(MERGE_MESSAGES.merged(tickets.A));
        if (err.code === 404 || err.code === 409) return err.code;
        throw err;
      }
    };
    const found: typeof EXPECTED = {};
    for (const [name, who] of Object.entries(ACTORS)) {
      const ctx = await callContext(t, { actor: actorOf({ ...who, companyId: ids[who.company] }, now) });
      const look = async (id: number) => [
        await outcome(() => requireTicket(ctx, id), id),
        await outcome(() => requireTicket(ctx, id, true), id),
      ];
      found[name] = { support: actsAsSupport(ctx), A: await look(tickets.A), B: await look(tickets.B), merged: await look(tickets.merged) };
      // The merge itself sees a merged ticket, locked or not.
      const mergeSees = await outcome(() => visibleTicket(ctx, tickets.merged, true), tickets.merged);
      expect(mergeSees).toBe(found[name]?.merged[0]);
    }
    expect(found).toEqual(EXPECTED);
    const customer = await callContext(t, { actor: actorOf({ companyId: ids.A, type: 'customer' }, now) });
    expect(await outcome(() => requireTicket(customer, 999_999), 999_999)).toBe(404);
  });

  it('reminds a reminder period after the change, and gives every change a new hash', () => {
    const now = new Date('2026-11-20T10:00:00Z');
    expect(remindAt(now, 3)).toEqual(new Date('2026-11-23T10:00:00Z'));
    expect(remindAt(now, 1)).toEqual(new Date('2026-11-21T10:00:00Z'));
    const hashes = new Set(Array.from({ length: 50 }, newHash));
    expect(hashes.size).toBe(50);
    for (const h of hashes) expect(h).toMatch(/^[0-9a-f]{24}$/);
  });
});
