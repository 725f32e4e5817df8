import { getAuthContext } from '@portal/contract/auth/auth-context';
import { creditSummary } from '@portal/contract/billing/summary';
import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import { adminDescribeCompany } from '@portal/contract/companies/company-describe';
import { distributorListCompanies } from '@portal/contract/companies/company-lookups';
import { TWO_FACTOR_SETUP_REQUIRED } from '../../platform/access.ts';
import { TOKEN_AUTH_MESSAGES, TOKEN_PERMISSIONS, permissionOffered } from '@portal/contract/shared/token-permissions';
import {
  TOKEN_MESSAGES,
  TOKEN_NAME_TOO_LONG,
  createToken,
  listTokenActions,
  listTokens,
  revokeToken,
} from '@portal/contract/tokens/tokens';
import { createUser, deleteUser, listCompanyUsers } from '@portal/contract/users/company-users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestContext, appWith, createTestContext, newCompany, newUser, ok } from '../../test/harness.ts';
import { newApiToken } from '../../test/factories.ts';
import { companyEvents, insertTotp, setCompany, setUser } from '../../test/rows.ts';
import { TokenClient, apiTokenRows } from '../../test/token-client.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function customer() {
  const made = await newCompany(t.db, { company_type: 'customer', current_state: 'ACTIVE' });
  const client = await new TestClient(t.app).useSession(t.db, t.clock, made.user.id);
  return { ...made, client };
}

async function tokenFor(client: TestClient, permissions: string, expires_at?: string) {
  return ok(await client.call(createToken, { permissions, ...(expires_at ? { expires_at } : {}) })).data;
}

describe('list_actions', () => {
  it('offers DISTRIBUTOR_ permissions only to distributors and ADMIN_ only to admins, grouped by service', async () => {
    const names = async (companyType: 'customer' | 'distributor' | 'admin') => {
      const made = await newCompany(t.db, { company_type: companyType, current_state: 'ACTIVE' });
      const client = await new TestClient(t.app).useSession(t.db, t.clock, made.user.id);
      const { services } = ok(await client.call(listTokenActions, {})).data;
      for (const s of services) expect(s.actions.every((a) => a.service === s.service)).toBe(true);
      return services.flatMap((s) => s.actions.map((a) => a.name));
    };
    const forCustomer = await names('customer');
    const forDistributor = await names('distributor');
    const forAdmin = await names('admin');
    expect(forCustomer).toContain('USERS_READ');
    expect(forCustomer.some((n) => n.startsWith('DISTRIBUTOR_') || n.startsWith('ADMIN_'))).toBe(false);
    expect(forDistributor).toContain('DISTRIBUTOR_COMPANIES_READ');
    expect(forDistributor.some((n) => n.startsWith('ADMIN_'))).toBe(false);
    expect(forAdmin).toContain('ADMIN_COMPANIES_READ');
    expect(forAdmin.some((n) => n.startsWith('DISTRIBUTOR_'))).toBe(false);
  });
});

describe('create_token', () => {
  it('refuses an empty list and a permission the role is not offered, with field errors', async () => {
    const { client } = await customer();
    const empty = await client.call(createToken, { permissions: ' , ' });
    expect(empty).toMatchObject({ code: 400, data: { fields: { permissions: TOKEN_MESSAGES.noPermissions } } });
    const admin = await client.call(createToken, { permissions: 'USERS_READ,ADMIN_COMPANIES_READ' });
    expect(admin).toMatchObject({ code: 400, data: { fields: { permissions: TOKEN_MESSAGES.unknownPermission } } });
    const past = await client.call(createToken, {
      permissions: 'USERS_READ',
      expires_at: new Date(t.clock.now().getTime() - 1000).toISOString(),
    });
    expect(past).toMatchObject({ code: 400, data: { fields: { expires_at: TOKEN_MESSAGES.expiryPast } } });
  });

  it('shows the token once and stores only its hash and a short prefix', async () => {
    const { client, company } = await customer();
    const made = await tokenFor(client, 'USERS_READ,BILLING_READ');
    expect(made.permissions).toBe('USERS_READ,BILLING_READ');
    const rows = await apiTokenRows(t);
    const serialized = JSON.stringify(rows);
    expect(serialized).not.toContain(made.api_token);
    expect(serialized).not.toContain(made.api_token.slice(12));
    const row = rows.find((r) => r.id === made.id);
    expect(row?.prefix).toBe(made.api_token.slice(0, 11));
    const listed = ok(await client.call(listTokens, { restrict: 'active' })).data.tokens;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: made.id, permissions: 'USERS_READ,BILLING_READ', revoked_at: null, last_used_at: null });
    expect(listed[0]?.api_token.startsWith(row?.prefix ?? '?')).toBe(true);
    expect(listed[0]?.api_token).not.toContain(made.api_token.slice(11));
    expect((await companyEvents(t, company.id)).map((e) => e.event).join('\n')).toContain('Created API token');
  });

  it('keeps the name a user gives a token, trimmed, and lists it; unnamed tokens list an empty name', async () => {
    const { client } = await customer();
    const named = ok(await client.call(createToken, { name: '  Backup script on nas-01 ', permissions: 'USERS_READ' })).data;
    expect(named.name).toBe('Backup script on nas-01');
    t.clock.advance(1000);
    const plain = await tokenFor(client, 'USERS_READ');
    const listed = ok(await client.call(listTokens, { restrict: 'active' })).data.tokens;
    expect(listed.map((x) => [x.id, x.name])).toEqual([
      [plain.id, ''],
      [named.id, 'Backup script on nas-01'],
    ]);
    const long = await client.call(createToken, { name: 'x'.repeat(101), permissions: 'USERS_READ' });
    expect(long).toMatchObject({ code: 400, data: { fields: { name: TOKEN_NAME_TOO_LONG } } });
  });
});

describe('a request with a token', () => {
  it('makes exactly the calls of its permission, by Bearer header or form field, with no cookie and no CSRF token', async () => {
    const { client, company } = await customer();
    const { api_token } = await tokenFor(client, 'USERS_READ');
    for (const viaForm of [false, true]) {
      const bearer = new TokenClient(t.app, api_token, viaForm);
      const users = await bearer.call(listCompanyUsers, {});
      expect(users.code).toBe(200);
      const res = await bearer.post(listCompanyUsers.path, {});
      expect(res.cookies).toEqual([]);
      // The same user may read the bill, but the token was not given BILLING_READ.
      expect(await bearer.call(creditSummary, {})).toMatchObject({ code: 403, message: TOKEN_AUTH_MESSAGES.notPermitted });
      // A call no permission covers is closed to every token, public ones too.
      expect((await bearer.call(getAuthContext, {})).code).toBe(403);
      expect((await bearer.call(listTokens, {})).code).toBe(403);
      expect(
        (await bearer.call(createUser, { target_company_id: company.id, target_email: 'x@example.com', target_password: 'long-enough-1' }))
          .code,
      ).toBe(403);
    }
  });

  it('never authorizes more than its user: a customer token with a distributor permission does nothing', async () => {
    const { user, company } = await customer();
    const { token } = await newApiToken(t.db, t.clock.now(), user.id, company.id, ['DISTRIBUTOR_COMPANIES_READ', 'USERS_READ']);
    const bearer = new TokenClient(t.app, token);
    expect((await bearer.call(distributorListCompanies, {})).code).toBe(403);
    // Another company's users stay out of reach, as they are for the user's session.
    const other = await newCompany(t.db, { company_type: 'customer', current_state: 'ACTIVE' });
    expect([403, 404]).toContain((await bearer.call(listCompanyUsers, { target_company_id: other.company.id })).code);
    expect((await bearer.call(adminCompanyList, {})).code).toBe(403);
  });

  it("an admin's token reads any company, as the admin themself and not as an admin signed in as a user", async () => {
    const { user, company } = await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE', staff_role: 'admin' });
    const { token } = await newApiToken(t.db, t.clock.now(), user.id, company.id, ['ADMIN_COMPANIES_READ']);
    const bearer = new TokenClient(t.app, token);
    expect((await bearer.call(adminCompanyList, {})).code).toBe(200);
    const customerCompany = (await newCompany(t.db, { current_state: 'ACTIVE' })).company;
    expect(ok(await bearer.call(adminDescribeCompany, { target_id: customerCompany.id })).data).toMatchObject({ id: customerCompany.id });
  });

  it('answers 401 once revoked, expired, or its user deleted or company suspended or closed', async () => {
    const { client, company } = await customer();
    const revoked = await tokenFor(client, 'USERS_READ');
    ok(await client.call(revokeToken, { token: revoked.id }));
    expect(await new TokenClient(t.app, revoked.api_token).call(listCompanyUsers, {})).toMatchObject({
      code: 401,
      message: TOKEN_AUTH_MESSAGES.invalid,
    });
    expect(await client.call(revokeToken, { token: revoked.id })).toMatchObject({
      code: 400,
      data: { fields: { token: TOKEN_MESSAGES.alreadyRevoked } },
    });

    const expiring = await tokenFor(client, 'USERS_READ', new Date(t.clock.now().getTime() + 60_000).toISOString());
    expect((await new TokenClient(t.app, expiring.api_token).call(listCompanyUsers, {})).code).toBe(200);
    t.clock.advance(61_000);
    expect((await new TokenClient(t.app, expiring.api_token).call(listCompanyUsers, {})).code).toBe(401);
    const gone = ok(await client.call(listTokens, { restrict: 'revoked' })).data.tokens.map((r) => r.id);
    expect(gone).toEqual(expect.arrayContaining([revoked.id, expiring.id]));

    expect((await new TokenClient(t.app, 'pt_not-a-token').call(listCompanyUsers, {})).code).toBe(401);

    const live = await tokenFor(client, 'USERS_READ');
    const bearer = new TokenClient(t.app, live.api_token);
    await setCompany(t, company.id, { current_state: 'SUSPENDED' });
    expect((await bearer.call(listCompanyUsers, {})).code).toBe(401);
    await setCompany(t, company.id, { current_state: 'DELETED' });
    expect((await bearer.call(listCompanyUsers, {})).code).toBe(401);
    await setCompany(t, company.id, { current_state: 'ACTIVE' });
    expect((await bearer.call(listCompanyUsers, {})).code).toBe(200);

    const second = await newUser(t.db, company.id);
    const secondClient = await new TestClient(t.app).useSession(t.db, t.clock, second.id);
    const secondToken = await tokenFor(secondClient, 'USERS_READ');
    ok(await client.call(deleteUser, { target_company_id: company.id, target_id: second.id }));
    expect((await new TokenClient(t.app, secondToken.api_token).call(listCompanyUsers, {})).code).toBe(401);
  });

  it('records each use (time and address) and writes one company event per hour of use', async () => {
    const { client, company } = await customer();
    const made = await tokenFor(client, 'USERS_READ');
    const bearer = new TokenClient(t.app, made.api_token);
    const usesIn = async () => (await companyEvents(t, company.id)).filter((e) => e.event.includes('used from')).length;
    await bearer.call(listCompanyUsers, {});
    const first = (await apiTokenRows(t)).find((r) => r.id === made.id);
    expect(first?.last_used_at?.toISOString()).toBe(t.clock.now().toISOString());
    expect(first?.last_used_ip).toBe('127.0.0.1');
    t.clock.advance(5_000);
    await bearer.call(listCompanyUsers, {});
    const listed = ok(await client.call(listTokens, {})).data.tokens[0];
    expect(listed?.last_used_at).toBe(t.clock.now().toISOString());
    expect(await usesIn()).toBe(1);
    t.clock.advance(60 * 60 * 1000);
    await bearer.call(listCompanyUsers, {});
    expect(await usesIn()).toBe(2);
    const events = await companyEvents(t, company.id);
    expect(events.find((e) => e.event.includes('used from'))?.actor).toContain(`(API token ${made.api_token.slice(0, 11)}…)`);
  });
});

describe('revoke_token', () => {
  it("reads another user's token as missing and leaves it working", async () => {
    const a = await customer();
    const b = await customer();
    const theirs = await tokenFor(b.client, 'USERS_READ');
    expect(await a.client.call(revokeToken, { token: theirs.id })).toMatchObject({
      code: 404,
      message: TOKEN_MESSAGES.notFound,
      data: { fields: { token: TOKEN_MESSAGES.notFound } },
    });
    expect((await new TokenClient(t.app, theirs.api_token).call(listCompanyUsers, {})).code).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('offers the bearer scheme only on calls whose contract names a permission', async () => {
    const app = await appWith(t, { NODE_ENV: 'development' });
    const doc = (await app.inject('/api/openapi.json')).json() as {
      components: { securitySchemes: Record<string, { scheme?: string }> };
      paths: Record<string, { post: { security: Record<string, unknown>[]; description: string } }>;
    };
    await app.close();
    expect(doc.components.securitySchemes.token?.scheme).toBe('bearer');
    const users = doc.paths[listCompanyUsers.path]?.post;
    expect(users?.security).toEqual([{ session: [] }, { token: [] }]);
    expect(users?.description).toContain('API token permission: USERS_READ.');
    expect(doc.paths[listTokens.path]?.post.security).toEqual([{ session: [] }]);
  });
});

describe('what a token is and does, exactly', () => {
  const eventsOf = async (companyId: number) => (await companyEvents(t, companyId)).map((e) => e.event);

  it("groups the offered permissions by service, each service once, in the registry's order", async () => {
    const { client } = await customer();
    const { services } = ok(await client.call(listTokenActions, {})).data;
    const offered = (Object.keys(TOKEN_PERMISSIONS) as (keyof typeof TOKEN_PERMISSIONS)[]).filter((p) =>
      permissionOffered(p, 'customer', false),
    );
    const serviceNames = [...new Set(offered.map((p) => TOKEN_PERMISSIONS[p].service))];
    expect(services.map((s) => s.service)).toEqual(serviceNames);
    expect(services.flatMap((s) => s.actions.map((a) => a.name))).toEqual(offered);
    expect(services[0]?.actions[0]).toEqual({
      name: 'USERS_READ',
      service: 'Users',
      description: TOKEN_PERMISSIONS.USERS_READ.description,
    });
  });

  it('keeps a permission named twice once, and writes the history line with the name and permissions', async () => {
    const { client, company } = await customer();
    const made = ok(await client.call(createToken, { name: 'nas', permissions: 'USERS_READ,BILLING_READ,USERS_READ' })).data;
    expect(made.permissions).toBe('USERS_READ,BILLING_READ');
    const prefix = made.api_token.slice(0, 11);
    const plain = await tokenFor(client, 'USERS_READ');
    expect(await eventsOf(company.id)).toEqual(
      expect.arrayContaining([
        `Created API token ${prefix}… "nas" (USERS_READ, BILLING_READ)`,
        `Created API token ${plain.api_token.slice(0, 11)}… (USERS_READ)`,
      ]),
    );
  });

  it('refuses an expiry at the present moment, as one in the past', async () => {
    const { client } = await customer();
    const res = await client.call(createToken, { permissions: 'USERS_READ', expires_at: t.clock.now().toISOString() });
    expect(res).toMatchObject({ code: 400, data: { fields: { expires_at: TOKEN_MESSAGES.expiryPast } } });
  });

  it('lists a token as its prefix and twelve dots', async () => {
    const { client } = await customer();
    const made = await tokenFor(client, 'USERS_READ');
    const listed = ok(await client.call(listTokens, {})).data.tokens;
    expect(listed.map((x) => x.api_token)).toEqual([`${made.api_token.slice(0, 11)}${'•'.repeat(12)}`]);
  });

  it('answers the moment of revoking and writes it in the history', async () => {
    const { client, company } = await customer();
    const made = await tokenFor(client, 'USERS_READ');
    t.clock.advance(1000);
    expect(ok(await client.call(revokeToken, { token: made.id })).data).toEqual({ revoked_at: t.clock.now().toISOString() });
    expect(await eventsOf(company.id)).toContain(`Revoked API token ${made.api_token.slice(0, 11)}…`);
  });

  it('stops working at the moment it expires, not a millisecond later', async () => {
    const { user, company } = await customer();
    const at = new Date(t.clock.now().getTime() + 60_000);
    const { token } = await newApiToken(t.db, t.clock.now(), user.id, company.id, ['USERS_READ'], at);
    t.clock.advance(59_999);
    expect((await new TokenClient(t.app, token).call(listCompanyUsers, {})).code).toBe(200);
    t.clock.advance(1);
    expect((await new TokenClient(t.app, token).call(listCompanyUsers, {})).code).toBe(401);
  });

  it("is not carried to another company with its user (a migrated user's old token answers 401)", async () => {
    const { user, company } = await customer();
    const { token } = await newApiToken(t.db, t.clock.now(), user.id, company.id);
    expect((await new TokenClient(t.app, token).call(listCompanyUsers, {})).code).toBe(200);
    const other = await newCompany(t.db, { company_type: 'customer', current_state: 'ACTIVE' });
    await setUser(t, user.id, { company_id: other.company.id });
    expect((await new TokenClient(t.app, token).call(listCompanyUsers, {})).code).toBe(401);
  });

  it('acts as its user, named with the token, and waits for two-factor setup as the user would', async () => {
    const { user, company } = await customer();
    const { token } = await newApiToken(t.db, t.clock.now(), user.id, company.id);
    ok(await new TokenClient(t.app, token).call(listCompanyUsers, {}));
    const used = (await companyEvents(t, company.id)).find((e) => e.event.includes('used from'));
    expect(used?.actor).toBe(`Test User <${user.email}> (API token ${token.slice(0, 11)}…)`);
    expect(used?.event).toBe(`API token ${token.slice(0, 11)}… used from 127.0.0.1`);
    await setCompany(t, company.id, { require_two_factor: true });
    expect(await new TokenClient(t.app, token).call(listCompanyUsers, {})).toMatchObject({ code: 403, message: TWO_FACTOR_SETUP_REQUIRED });
    // Once the user has set two-factor up, the token works again under the rule.
    await insertTotp(t, user.id, t.clock.now());
    ok(await new TokenClient(t.app, token).call(listCompanyUsers, {}));
  });
});
