import { login } from '@portal/contract/auth/login';
import { adminCreateCompany } from '@portal/contract/companies/company-create';
import { adminPatchCompany } from '@portal/contract/companies/company-patch';
import type { Call, CallInput, CallOutput } from '@portal/contract/shared/define-call';
import { type APIRequestContext, expect, request } from '@playwright/test';
import { PUBLIC_URL } from './addresses.ts';
import { DEMO_PASSWORD } from './journeys.ts';

/**
 * The API as the demo admin, signed in through the login call in a context of its own; for setting up
 * what a journey needs but does not walk through.
 */
export async function adminApi() {
  const context = await request.newContext({ baseURL: PUBLIC_URL });
  await postCall(context, login, { target_type: 'password', target_user: 'admin@example.com', target_password: DEMO_PASSWORD });
  return {
    call: <C extends Call>(call: C, input: CallInput<C>) => postCall(context, call, input),
    dispose: () => context.dispose(),
  };
}

/** POSTs a call as the web app does, echoing the CSRF cookie in its header, and expects an ok envelope. */
async function postCall<C extends Call>(context: APIRequestContext, call: C, input: CallInput<C>): Promise<CallOutput<C>> {
  const { cookies } = await context.storageState();
  const csrf = cookies.find((c) => c.name === 'portal_csrf')?.value;
  const res = await context.post(call.path, { data: input, headers: csrf ? { 'x-csrf-token': decodeURIComponent(csrf) } : {} });
  const body = (await res.json()) as { status: string; data: unknown };
  expect(body, `${call.path} answered ${res.status()}`).toMatchObject({ status: 'ok' });
  return call.output.parse(body.data) as CallOutput<C>;
}

/**
 * A new customer company with one user, made by the demo admin, so that a journey which turns on
 * two-factor, a passphrase or single sign-on changes no login another journey uses. It has a phone
 * and an address, as the demo customers do, so that sign-in lands on the dashboard rather than on
 * /complete_signup.
 */
export async function newCustomer(companyName: string, email: string): Promise<{ companyId: number }> {
  const admin = await adminApi();
  try {
    const { company_id } = await admin.call(adminCreateCompany, {
      target_company_name: companyName,
      target_contact_name: `${companyName} Owner`,
      target_email: email,
      target_password: DEMO_PASSWORD,
    });
    await admin.call(adminPatchCompany, {
      target_id: company_id,
      phone_number: '+64 9 555 0100',
      street_address: '1 Queen Street',
      city: 'Auckland',
      postal_code: '1010',
      country: 'NZ',
    });
    return { companyId: company_id };
  } finally {
    await admin.dispose();
  }
}
