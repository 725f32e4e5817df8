import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCompanyId } from '../shared/fields.ts';

/** A sign-in token for the customer portal lasts this long, and works once (docs/decisions/0057). */
export const LOGIN_TOKEN_SECONDS = 60;

/** spec-1 §4: a portal is provisioning, ready or failed; none at all answers null. */
export const PORTAL_STATUSES = ['PROVISIONING', 'READY', 'FAILED'] as const;
export type PortalStatus = (typeof PORTAL_STATUSES)[number];

export const CLOUDVIEW_MESSAGES = {
  notEnabled: 'The customer portal is not enabled for this company',
  alreadyEnabled: 'The customer portal is already enabled for this company',
  notReady: 'The customer portal is not ready yet',
  failed: 'The customer portal failed to start; terminate it and enable it again',
  suspended: 'This company is suspended: its customer portal cannot be signed in to',
  companyClosed: 'This company is deleted: its customer portal cannot be enabled',
  signInOrigin: 'The customer portal is at an address this portal may not sign in to. Please contact support.',
} as const;

/** What the web shows (spec-1 §8). */
export const CLOUDVIEW_FAILURES = {
  status: 'There was an unexpected error loading the portal status. Please contact support.',
  action: (message: string) => `Error: ${message}`,
} as const;

/** What the local portal answers a sign-in it refuses (docs/decisions/0057). */
export const LOCAL_PORTAL_MESSAGES = {
  invalid: 'This sign-in link is not valid.',
  expired: 'This sign-in link has expired. Sign in again from the portal.',
  used: 'This sign-in link has already been used. Sign in again from the portal.',
  gone: 'This customer portal no longer exists.',
  suspended: 'This company is suspended: its customer portal cannot be signed in to.',
} as const;

/** The company's customer portal fields (spec-1 §3) and the instance's status. */
export const zPortalStatus = z.object({
  /** null: the company has no customer portal. */
  status: z.enum(PORTAL_STATUSES).nullable(),
  failure_message: z.string(),
  /** A portal exists for the company (provisioning, ready or failed). */
  myclient_portal_enabled: z.boolean(),
  /** The portal has been built and answers. */
  myclient_portal_activated: z.boolean(),
  /** The company is suspended: its portal refuses sign-in. */
  myclient_suspended: z.boolean(),
  /** The ready portal's address; empty otherwise. */
  myclient_url: z.string(),
  created_at: z.string().nullable(),
  ready_at: z.string().nullable(),
});
export type PortalStatusView = z.infer<typeof zPortalStatus>;

const companyInput = z.object({ target_company_id: zCompanyId });
const PORTAL_ACCESS = { roles: ['customer', 'distributor', 'admin'], capability: 'use_customer_portal' } as const;

export const cloudviewStatus = defineCall({
  path: '/api/v1/cloudview/status',
  summary:
    "The company's customer portal (CloudView): PROVISIONING, READY or FAILED (null when it has none), with the company's portal fields.",
  input: companyInput,
  output: zPortalStatus,
  access: PORTAL_ACCESS,
});

export const cloudviewEnable = defineCall({
  path: '/api/v1/cloudview/enable',
  summary:
    'Staff enable the customer portal for a company: an instance is provisioned (PROVISIONING), and billing starts when it is READY. A failed instance is replaced.',
  input: companyInput,
  output: zPortalStatus,
  access: { roles: ['admin'] },
  conflict: 'Another enable made the company’s portal first.',
});

export const cloudviewGenerateLoginCredentials = defineCall({
  path: '/api/v1/cloudview/generate-login-credentials',
  summary:
    'A short-lived, single-use, signed sign-in for the ready customer portal: the browser posts login_postdata to login_url in a new tab.',
  input: companyInput,
  output: z.object({ login_url: z.string(), login_postdata: z.record(z.string(), z.string()) }),
  access: PORTAL_ACCESS,
});

export const cloudviewTerminate = defineCall({
  path: '/api/v1/cloudview/terminate',
  summary: "Terminates the company's customer portal: billing stops now and the instance is removed.",
  input: companyInput,
  output: z.null(),
  access: PORTAL_ACCESS,
  conflict: 'The portal was terminated, or changed state, by another call first.',
});
