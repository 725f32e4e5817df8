import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCompanyId } from '../shared/fields.ts';

/** The domain part of an email address, such as example.com. */
const zEmailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9-]+\.)+[a-z]{2,}$/, { error: 'Please enter a domain such as example.com' });

export const zCompanySso = z.object({
  enabled: z.boolean(),
  issuer: z.string(),
  client_id: z.string(),
  /** Never sent back; true when one is stored. */
  has_client_secret: z.boolean(),
  email_domain: z.string(),
});

export const getCompanySso = defineCall({
  path: '/api/v1/admin/company/sso/get',
  summary: "A company's external single sign-on (OIDC) settings.",
  input: z.object({ target_id: zCompanyId }),
  output: zCompanySso,
  access: { roles: ['admin'] },
});

export const setCompanySso = defineCall({
  path: '/api/v1/admin/company/sso/set',
  summary: 'Set or turn off external single sign-on for a company; its users with the email domain then sign in there.',
  input: z.object({
    target_id: zCompanyId,
    enabled: z.boolean(),
    issuer: z.url({ error: 'Please enter the issuer URL' }).max(500),
    client_id: z.string().trim().min(1, { error: 'Please enter the client id' }).max(500),
    /** Absent keeps the stored secret. */
    client_secret: z.string().min(1).max(1000).optional(),
    email_domain: zEmailDomain,
  }),
  output: z.null(),
  access: { roles: ['admin'] },
  example: {
    target_id: 1,
    enabled: false,
    issuer: 'https://login.example.com',
    client_id: 'portal',
    email_domain: 'example.com',
  },
});
