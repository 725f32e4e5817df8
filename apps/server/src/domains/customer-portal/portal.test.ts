import {
  CLOUDVIEW_MESSAGES,
  cloudviewEnable,
  cloudviewGenerateLoginCredentials,
  cloudviewStatus,
  cloudviewTerminate,
  LOCAL_PORTAL_MESSAGES,
} from '@portal/contract/customer-portal/cloudview';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobContext } from '../../test/context.ts';
import { TestClient, type TestContext, appWith, createTestContext, newCompany, ok, signedInCompany } from '../../test/harness.ts';
import { companyEvents, dailyStatsOf, servicesOf, setCompany } from '../../test/rows.ts';
import { portalProvisionerJob, REMOVAL_RETRY_MS } from './job.ts';
import { LOCAL_PORTAL_BUILD_FAILURE, LOCAL_PORTAL_DELETE_FAILURE, localPortalProvisioner } from './provisioner.ts';
import * as q from './queries.ts';
import { type LoginClaims, signLogin } from './signing.ts';

let t: TestContext;
let adminUserId: number;
beforeAll(async () => {
  // The configured provisioner: 20 s builds, 10 s removals, no failures (the defaults).
  t = await createTestContext();
  adminUserId = (await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' })).user.id;
});
afterAll(() => t.close());

const SECOND = 1000;
const admin = () => new TestClient(t.app).useSession(t.db, t.clock, adminUserId);
const customer = () => signedInCompany(t, { current_state: 'ACTIVE', plan_id: 'Growth', company_name: 'Acme Backups Ltd' });
/** A customer whose company has a portal of its own, so it holds the customer portal capability. */
async function customerWithPortal() {
  const made = await customer();
  ok(await (await admin()).call(cloudviewEnable, { target_company_id: made.company.id }));
  return made;
}
/** Runs the provisioner job as the scheduler would, after `seconds` have passed. */
const tick = async (seconds = 0, provisioner?: Parameters<typeof portalProvisionerJob>[1]) => {
  t.clock.advance(seconds * SECOND);
  return portalProvisionerJob(jobContext(t), provisioner);
};
const failing = localPortalProvisioner({ publicUrl: 'http://localhost:3000', buildSeconds: 5, deleteSeconds: 5, failureRate: 1 });
const cloudviewServices = async (companyId: number) => (await servicesOf(t, companyId)).filter((s) => s.kind === 'cloudview');

/** Enables the company's portal as an admin and lets the provisioner finish it. */
async function readyPortal(companyId: number) {
  ok(await (await admin()).call(cloudviewEnable, { target_company_id: companyId }));
  await tick();
  await tick(20);
  const [portal] = await q.portalsOf(t.db, companyId);
  if (portal?.state !== 'ready') throw new Error(`portal not ready: ${portal?.state}`);
  return portal;
}

/** Posts a sign-in to the local instance as the browser's form would. */
async function postLogin(loginUrl: string, postdata: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: new URL(loginUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(postdata).toString(),
  });
  return { status: res.statusCode, body: res.body };
}

describe('cloudview/enable, the provisioner and cloudview/status', () => {
  it('an admin enables a company’s portal: PROVISIONING, then after the build READY with its address, billed and counted', async () => {
    const { client, company } = await customer();
    const staff = await admin();
    expect(ok(await staff.call(cloudviewStatus, { target_company_id: company.id })).data).toMatchObject({
      status: null,
      myclient_portal_enabled: false,
      myclient_portal_activated: false,
      myclient_suspended: false,
      myclient_url: '',
    });
    const enabled = ok(await staff.call(cloudviewEnable, { target_company_id: company.id })).data;
    expect(enabled).toMatchObject({
      status: 'PROVISIONING',
      myclient_portal_enabled: true,
      myclient_portal_activated: false,
      myclient_url: '',
    });
    expect(await cloudviewServices(company.id)).toHaveLength(0);

    await tick(); // starts the build
    await tick(19);
    expect(ok(await client.call(cloudviewStatus, { target_company_id: company.id })).data.status).toBe('PROVISIONING');
    await tick(1);
    const [portal] = await q.portalsOf(t.db, company.id);
    const status = ok(await client.call(cloudviewStatus, { target_company_id: company.id })).data;
    expect(status).toMatchObject({
      status: 'READY',
      myclient_portal_enabled: true,
      myclient_portal_activated: true,
      myclient_url: `http://localhost:3000/cloudview-local/${portal?.id}`,
      ready_at: t.clock.now().toISOString(),
    });
    const services = await cloudviewServices(company.id);
    expect(services).toMatchObject([{ owner_kind: 'cloudview', owner_id: String(portal?.id), stopped_at: null, unit_cost: 2000 }]);
    expect((await dailyStatsOf(t, company.id)).at(-1)?.cloudview_count).toBe(1);
    const events = (await companyEvents(t, company.id)).map((e) => e.event);
    expect(events).toEqual(expect.arrayContaining(['Customer portal enabled', `Customer portal is ready at ${status.myclient_url}`]));
    // The instance answers at its address.
    const page = await t.app.inject({ method: 'GET', url: new URL(status.myclient_url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('CloudView');
  });

  it('enabling twice makes one portal; only staff enable', async () => {
    const { client, company } = await customer();
    const staff = await admin();
    ok(await staff.call(cloudviewEnable, { target_company_id: company.id }));
    const again = await staff.call(cloudviewEnable, { target_company_id: company.id });
    expect(again).toMatchObject({ status: 'error', code: 400, message: CLOUDVIEW_MESSAGES.alreadyEnabled });
    expect(await q.portalsOf(t.db, company.id)).toHaveLength(1);
    expect(await client.call(cloudviewEnable, { target_company_id: company.id })).toMatchObject({ code: 403 });
  });

  it('a deleted company’s portal cannot be enabled', async () => {
    const { company } = await newCompany(t.db, { current_state: 'DELETED' });
    const refused = await (await admin()).call(cloudviewEnable, { target_company_id: company.id });
    expect(refused).toMatchObject({ code: 400, message: CLOUDVIEW_MESSAGES.companyClosed });
    expect(await q.portalsOf(t.db, company.id)).toHaveLength(0);
  });

  it('a customer has the capability only with a portal of its own, and reads only that; a distributor reads its sub-account’s', async () => {
    const { company } = await customer();
    const other = await customer();
    // No portal, no customer portal capability: the page and its calls are not theirs (decision 0057).
    expect(await other.client.call(cloudviewStatus, { target_company_id: other.company.id })).toMatchObject({ code: 403 });
    ok(await (await admin()).call(cloudviewEnable, { target_company_id: other.company.id }));
    expect(ok(await other.client.call(cloudviewStatus, { target_company_id: other.company.id })).data.status).toBe('PROVISIONING');
    expect(await other.client.call(cloudviewStatus, { target_company_id: company.id })).toMatchObject({ code: 404 });
    const distributor = await signedInCompany(t, { company_type: 'distributor', current_state: 'ACTIVE' });
    const { company: sub } = await newCompany(t.db, { distributor_id: distributor.company.id, current_state: 'ACTIVE' });
    ok(await (await admin()).call(cloudviewEnable, { target_company_id: sub.id }));
    expect(ok(await distributor.client.call(cloudviewStatus, { target_company_id: sub.id })).data.status).toBe('PROVISIONING');
    expect(await distributor.client.call(cloudviewStatus, { target_company_id: company.id })).toMatchObject({ code: 404 });
  });

  it('a build that fails is FAILED with its message, never billed; enabling again replaces it', async () => {
    const { client, company } = await customer();
    const staff = await admin();
    ok(await staff.call(cloudviewEnable, { target_company_id: company.id }));
    await tick(0, failing);
    await tick(5, failing);
    expect(ok(await client.call(cloudviewStatus, { target_company_id: company.id })).data).toMatchObject({
      status: 'FAILED',
      failure_message: LOCAL_PORTAL_BUILD_FAILURE,
      myclient_portal_enabled: true,
      myclient_portal_activated: false,
    });
    expect(await cloudviewServices(company.id)).toHaveLength(0);
    expect(await client.call(cloudviewGenerateLoginCredentials, { target_company_id: company.id })).toMatchObject({
      code: 400,
      message: CLOUDVIEW_MESSAGES.failed,
    });
    expect(ok(await staff.call(cloudviewEnable, { target_company_id: company.id })).data.status).toBe('PROVISIONING');
    expect((await q.portalsOf(t.db, company.id)).map((p) => p.state)).toEqual(['removed', 'provisioning']);
  });
});

describe('cloudview/generate-login-credentials and the local instance', () => {
  it('a ready portal signs its company’s user in once, with a token the instance verifies', async () => {
    const { client, company, user } = await customer();
    const portal = await readyPortal(company.id);
    const creds = ok(await client.call(cloudviewGenerateLoginCredentials, { target_company_id: company.id })).data;
    expect(creds.login_url).toBe(`${portal.url}/login`);
    expect(Object.keys(creds.login_postdata)).toEqual(['token']);
    const first = await postLogin(creds.login_url, creds.login_postdata);
    expect(first.status).toBe(200);
    expect(first.body).toContain('Acme Backups Ltd');
    expect(first.body).toContain(user.email);
    // Single use: the same post again is refused.
    const second = await postLogin(creds.login_url, creds.login_postdata);
    expect(second).toMatchObject({ status: 401 });
    expect(second.body).toContain(LOCAL_PORTAL_MESSAGES.used);
    expect((await companyEvents(t, company.id)).map((e) => e.event)).toContain(`Signed in to the customer portal as ${user.email}`);
  });

  it('takes the post from any page: the browser sends Origin null under the portal’s no-referrer policy', async () => {
    const { client, company } = await customer();
    await readyPortal(company.id);
    const fresh = async () => ok(await client.call(cloudviewGenerateLoginCredentials, { target_company_id: company.id })).data;
    const fromOurPage = await fresh();
    expect((await postLogin(fromOurPage.login_url, fromOurPage.login_postdata, { origin: 'null' })).status).toBe(200);
    const fromElsewhere = await fresh();
    expect((await postLogin(fromElsewhere.login_url, fromElsewhere.login_postdata, { origin: 'https://elsewhere.example' })).status).toBe(
      200,
    );
    // The API itself still refuses a post without an origin of ours.
    const api = await t.app.inject({ method: 'POST', url: cloudviewStatus.path, headers: { origin: 'null' }, payload: {} });
    expect(api.statusCode).toBe(403);
  });

  it('an admin signs in through the posted credentials too', async () => {
    const { company } = await customer();
    await readyPortal(company.id);
    const creds = ok(await (await admin()).call(cloudviewGenerateLoginCredentials, { target_company_id: company.id })).data;
    expect((await postLogin(creds.login_url, creds.login_postdata)).status).toBe(200);
  });

  it('refuses an expired, altered, forged or misdirected token, and an empty post', async () => {
    const { client, company } = await customer();
    const portal = await readyPortal(company.id);
    const fresh = async () => ok(await client.call(cloudviewGenerateLoginCredentials, { target_company_id: company.id })).data;

    const expiring = await fresh();
    t.clock.advance(61 * SECOND);
    const expired = await postLogin(expiring.login_url, expiring.login_postdata);
    expect(expired.status).toBe(401);
    expect(expired.body).toContain(LOCAL_PORTAL_MESSAGES.expired);

    const altered = await fresh();
    const token = altered.login_postdata.token ?? '';
    const [body = '', signature = ''] = token.split('.');
    // A longer life, signed by nobody: the body changes, the signature does not match it.
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as LoginClaims;
    const longer = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 3600 })).toString('base64url');
    const tampered = await postLogin(altered.login_url, { token: `${longer}.${signature}` });
    expect(tampered.status).toBe(401);
    expect(tampered.body).toContain(LOCAL_PORTAL_MESSAGES.invalid);
    // Signed with another key.
    const forged = signLogin({ APP_SECRET: 'another-secret-of-enough-length' }, claims);
    expect((await postLogin(altered.login_url, { token: forged })).status).toBe(401);
    // Posted to another instance.
    const elsewhere = await postLogin(
      altered.login_url.replace(`/${portal.id}/login`, `/${portal.id + 1000}/login`),
      altered.login_postdata,
    );
    expect(elsewhere.status).toBe(401);
    expect((await postLogin(altered.login_url, {})).status).toBe(401);
    // The real token still works once: the refusals above used nothing.
    expect((await postLogin(altered.login_url, altered.login_postdata)).status).toBe(200);
  });

  it('no sign-in before the portal is enabled or ready, nor for a suspended company', async () => {
    const { client, company } = await customer();
    expect(await client.call(cloudviewGenerateLoginCredentials, { target_company_id: company.id })).toMatchObject({ code: 403 });
    expect(await (await admin()).call(cloudviewGenerateLoginCredentials, { target_company_id: company.id })).toMatchObject({
      code: 400,
      message: CLOUDVIEW_MESSAGES.notEnabled,
    });
    ok(await (await admin()).call(cloudviewEnable, { target_company_id: company.id }));
    expect(await client.call(cloudviewGenerateLoginCredentials, { target_company_id: company.id })).toMatchObject({
      code: 400,
      message: CLOUDVIEW_MESSAGES.notReady,
    });
    await tick();
    await tick(20);
    const issued = ok(await client.call(cloudviewGenerateLoginCredentials, { target_company_id: company.id })).data;
    await setCompany(t, company.id, { current_state: 'SUSPENDED' });
    expect(ok(await client.call(cloudviewStatus, { target_company_id: company.id })).data.myclient_suspended).toBe(true);
    expect(await client.call(cloudviewGenerateLoginCredentials, { target_company_id: company.id })).toMatchObject({
      code: 400,
      message: CLOUDVIEW_MESSAGES.suspended,
    });
    // A sign-in issued before the suspension is refused by the instance.
    const refused = await postLogin(issued.login_url, issued.login_postdata);
    expect(refused.status).toBe(403);
    expect(refused.body).toContain(LOCAL_PORTAL_MESSAGES.suspended);
  });

  it('another company’s user gets no sign-in to the portal', async () => {
    const { company } = await customer();
    await readyPortal(company.id);
    const other = await customerWithPortal();
    expect(await other.client.call(cloudviewGenerateLoginCredentials, { target_company_id: company.id })).toMatchObject({ code: 404 });
  });

  it('a portal outside the sign-in origins gets no token, as the browser could not post it; a configured origin does', async () => {
    const { client, company, user } = await customer();
    const portal = await readyPortal(company.id);
    await q.transition(t.db, portal.id, ['ready'], { url: 'https://acme.cloudview.example.com' });
    expect(await client.call(cloudviewGenerateLoginCredentials, { target_company_id: company.id })).toMatchObject({
      code: 502,
      message: CLOUDVIEW_MESSAGES.signInOrigin,
    });
    expect((await companyEvents(t, company.id)).map((e) => e.event)).not.toContain('Customer portal sign-in issued');

    const configured = await appWith(t, { CLOUDVIEW_SIGN_IN_ORIGINS: 'https://*.cloudview.example.com, https://portal.example.net' });
    try {
      const signedIn = await new TestClient(configured).useSession(t.db, t.clock, user.id);
      const issued = ok(await signedIn.call(cloudviewGenerateLoginCredentials, { target_company_id: company.id })).data;
      expect(issued.login_url).toBe('https://acme.cloudview.example.com/login');
      // The pages let the browser post there.
      const csp = String((await configured.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
      expect(csp).toContain("form-action 'self' https://*.cloudview.example.com https://portal.example.net;");
    } finally {
      await configured.close();
    }
  });
});

describe('cloudview/terminate', () => {
  it('stops billing at once; the provisioner removes the instance, whose sign-ins then fail', async () => {
    const { client, company } = await customer();
    const portal = await readyPortal(company.id);
    const issued = ok(await client.call(cloudviewGenerateLoginCredentials, { target_company_id: company.id })).data;
    expect(ok(await client.call(cloudviewTerminate, { target_company_id: company.id })).data).toBeNull();
    expect((await cloudviewServices(company.id))[0]?.stopped_at).toEqual(t.clock.now());
    expect((await dailyStatsOf(t, company.id)).at(-1)?.cloudview_count).toBe(0);
    // The company's users lose the capability with the portal; staff still see it gone.
    expect(await client.call(cloudviewStatus, { target_company_id: company.id })).toMatchObject({ code: 403 });
    expect(ok(await (await admin()).call(cloudviewStatus, { target_company_id: company.id })).data).toMatchObject({
      status: null,
      myclient_portal_enabled: false,
      myclient_portal_activated: false,
      myclient_url: '',
    });
    expect((await q.findPortal(t.db, portal.id))?.state).toBe('removing');
    const gone = await postLogin(issued.login_url, issued.login_postdata);
    expect(gone.status).toBe(410);
    await tick(); // starts the removal
    await tick(10);
    expect(await q.findPortal(t.db, portal.id)).toMatchObject({ state: 'removed', removed_at: t.clock.now() });
    expect((await t.app.inject({ method: 'GET', url: new URL(portal.url).pathname })).statusCode).toBe(404);
    expect(await (await admin()).call(cloudviewTerminate, { target_company_id: company.id })).toMatchObject({
      code: 400,
      message: CLOUDVIEW_MESSAGES.notEnabled,
    });
    // It can be enabled again: a new instance.
    ok(await (await admin()).call(cloudviewEnable, { target_company_id: company.id }));
    expect((await q.portalsOf(t.db, company.id)).map((p) => p.state)).toEqual(['removed', 'provisioning']);
  });

  it('a portal still provisioning is removed, never billed; a failed removal is tried again', async () => {
    const { client, company } = await customer();
    ok(await (await admin()).call(cloudviewEnable, { target_company_id: company.id }));
    await tick(); // the build started
    ok(await client.call(cloudviewTerminate, { target_company_id: company.id }));
    const [portal] = await q.portalsOf(t.db, company.id);
    await tick(0, failing); // starts the removal
    await tick(5, failing); // which fails
    expect(await q.findPortal(t.db, portal?.id ?? 0)).toMatchObject({ state: 'removing', failure_message: LOCAL_PORTAL_DELETE_FAILURE });
    await tick(REMOVAL_RETRY_MS / SECOND - 1);
    expect((await q.findPortal(t.db, portal?.id ?? 0))?.delete_operation).toBe('');
    await tick(1); // due again: starts a new removal
    await tick(10);
    expect((await q.findPortal(t.db, portal?.id ?? 0))?.state).toBe('removed');
    expect(await cloudviewServices(company.id)).toHaveLength(0);
  });

  it('another company cannot terminate the portal', async () => {
    const { company } = await customer();
    await readyPortal(company.id);
    const other = await customerWithPortal();
    expect(await other.client.call(cloudviewTerminate, { target_company_id: company.id })).toMatchObject({ code: 404 });
    expect((await q.portalsOf(t.db, company.id))[0]?.state).toBe('ready');
  });
});
