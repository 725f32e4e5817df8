import type { Call, CallInput } from '@portal/contract/shared/define-call';
import type { CompanyType } from '@portal/contract/shared/fields';
import type { StaffRole } from '@portal/contract/shared/roles';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import * as companies from '../domains/companies/service.ts';
import * as users from '../domains/users/service.ts';
import { fixedClock } from '../platform/clock.ts';
import type { Database, DatabaseHandle } from '../platform/db.ts';
import { CSRF_COOKIE, SESSION_COOKIE, createSession } from '../platform/session.ts';
import { createTestDatabase } from './database.ts';

export const TEST_PASSWORD = 'test-password';
let passwordHash: Promise<string> | null = null;

export interface TestContext {
  app: FastifyInstance;
  handle: DatabaseHandle;
  db: Database;
  clock: ReturnType<typeof fixedClock>;
  close(): Promise<void>;
}

/** One app and one cloned database for a test file. */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const handle = await createTestDatabase();
  const clock = fixedClock(new Date('2026-11-21T00:00:00Z'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '1000000',
    SEED_DEMO: 'false',
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const app = await buildApp({ config, db: handle.db, clock });
  return {
    app,
    handle,
    db: handle.db,
    clock,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Factories: a company with a primary user, and more users. */
export async function newCompany(
  db: Database,
  o: Partial<companies.CompanyRow> & { company_type?: CompanyType; staff_role?: StaffRole; email?: string } = {},
) {
  const { staff_role, email, ...fields } = o;
  const [company] = await companies.insertCompanies(db, [{ company_name: `Company ${unique()}`, ...fields }]);
  if (!company) throw new Error('no company');
  const user = await newUser(db, company.id, { email, is_primary_contact: true, staff_role });
  await companies.setPrimaryEmail(db, company.id, user.email);
  return { company, user };
}

export async function newUser(db: Database, companyId: number, o: Partial<users.UserRow> = {}) {
  passwordHash ??= users.hashPassword(TEST_PASSWORD);
  const [user] = await users.insertUsers(db, [
    {
      company_id: companyId,
      contact_name: 'Test User',
      password_hash: await passwordHash,
      ...o,
      email: o.email ?? `user-${unique()}@test.example.com`,
    },
  ]);
  if (!user) throw new Error('no user');
  return user;
}

export interface Envelope<T = unknown> {
  status: 'ok' | 'error';
  code: number;
  data: T;
  message?: string;
}

/** A browser-like client: keeps cookies and sends the CSRF header. */
export class TestClient {
  cookies: Record<string, string> = {};
  constructor(readonly app: FastifyInstance) {}

  get csrf(): string | undefined {
    return this.cookies[CSRF_COOKIE];
  }

  private remember(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const cleared = c.value === '' || (c.expires && c.expires.getTime() < Date.now());
      if (cleared) delete this.cookies[c.name];
      else this.cookies[c.name] = c.value;
    }
  }

  async post(url: string, payload: unknown, opts: { form?: boolean; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...(this.csrf ? { 'x-csrf-token': this.csrf } : {}), ...opts.headers };
    const res = await this.app.inject({
      method: 'POST',
      url,
      cookies: this.cookies,
      headers,
      ...(opts.form
        ? {
            payload: new URLSearchParams(payload as Record<string, string>).toString(),
            headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          }
        : { payload: payload as object }),
    });
    this.remember(res);
    return res;
  }

  async get(url: string) {
    const res = await this.app.inject({ method: 'GET', url, cookies: this.cookies });
    this.remember(res);
    return res;
  }

  async call<C extends Call>(call: C, input: CallInput<C> | Record<string, unknown>): Promise<Envelope> {
    const res = await this.post(call.path, input);
    return res.json() as Envelope;
  }

  async login(email: string, password = TEST_PASSWORD): Promise<Envelope> {
    await this.post('/api/v1/user/login', { target_type: 'email', target_user: email });
    const res = await this.post('/api/v1/user/login', { target_type: 'password', target_user: email, target_password: password });
    return res.json() as Envelope;
  }

  /** Signs in without the password step, for tests that need many sessions cheaply. */
  async useSession(db: Database, clock: TestContext['clock'], userId: number, impersonatorUserId: number | null = null) {
    const { token, row } = await createSession(db, clock, { userId, impersonatorUserId, ip: '127.0.0.1', userAgent: 'test' });
    this.cookies = { [SESSION_COOKIE]: token, [CSRF_COOKIE]: row.csrf_token };
    return this;
  }
}

/** A company with its primary user, already signed in through the login call. */
export async function signedInCompany(t: TestContext, o: Parameters<typeof newCompany>[1] = {}) {
  const made = await newCompany(t.db, o);
  const client = new TestClient(t.app);
  await client.login(made.user.email);
  return { ...made, client };
}
