import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCompanyId, zEmail, zId } from '../shared/fields.ts';
import { zOwnedId } from '../shared/owned-id.ts';
import { UNLIMITED_PAGE_SIZE } from '../shared/paging.ts';
import { REGION_CODES } from '../shared/plans.ts';

/** The hosted list pages by 20 (spec-2 §9). */
export const HOSTED_PAGE_SIZE = 20;
/** A console comes with 5 TB of storage for 30 days (spec-1 §9). */
export const INCLUDED_STORAGE_BYTES = 5 * 1000 ** 4;
export const INCLUDED_STORAGE_DAYS = 30;

/** Storage a console is set up with: Comet Storage (cspbw) for customers; admins may also point it at their own bucket. */
export const STORAGE_TYPES = ['none', 'cspbw', 'wasabi', 'backblaze'] as const;
export const SELF_SERVICE_STORAGE_TYPES = ['none', 'cspbw'] as const;

export const HOSTED_MESSAGES = {
  notFound: 'Hosted server not found',
  taskNotFound: 'Task not found',
  region: 'Choose a region',
  sendAs: 'Enter the name your emails are sent as',
  nameTooLong: 'A name is at most 100 characters',
  storageType: 'Choose none, cspbw, wasabi or backblaze',
  storageNotAllowed: 'This account cannot have Comet Storage',
  adminStorageOnly: 'Only staff may connect a console to their own bucket',
  bucket: 'Enter the bucket name',
  accessKey: 'Enter the access key',
  secretKey: 'Enter the secret key',
  ownBucketOnly: 'Only a wasabi or backblaze console takes a bucket and keys',
  companyRequired: 'Choose the company the console is for',
  companyDeleted: 'This company is deleted: its hosted servers cannot be created',
  limit: (limit: number) =>
    limit === 0
      ? 'Your plan does not include hosted servers; change your plan to add one'
      : `Your plan allows ${limit} hosted server${limit === 1 ? '' : 's'}; delete one or change your plan to add another`,
  confirmName: 'Type the server name exactly to delete it',
  stillProvisioning: 'This server is still being provisioned; it can be deleted once it is ready',
  deleting: 'This server is already being deleted',
} as const;

/** What the web shows when a call fails (spec-2 §8). */
export const HOSTED_FAILURES = {
  rename: 'Failed to rename the server. Please try again or contact support for assistance.',
  remove: 'Failed to delete the server. Please try again or contact support for assistance.',
  favourite: 'Failed to change the favourite. Please try again or contact support for assistance.',
  provisionTitle: 'Failed To Create Your Server',
  provisionText: 'Woops! Something went wrong creating your new server. Try creating a new one?',
} as const;

export const zHostedServerId = zOwnedId('hosted_server', HOSTED_MESSAGES.notFound);
const zName = z.string().trim().max(100, { error: HOSTED_MESSAGES.nameTooLong });
const zKey = z.string().trim().max(200);

export const hostedCreate = defineCall({
  path: '/api/v1/hosted_comet/create',
  summary:
    "Starts building a hosted management console as an asynchronous task, within the plan's hosted server limit. Customers choose none or cspbw storage (cspbw only when the company can have storage); staff name the company and may use their own wasabi or backblaze bucket.",
  input: z.object({
    /** Staff only: the company the console is for. A customer's console is their own company's. */
    target_company_id: zCompanyId.optional(),
    target_name: zName.optional(),
    target_region: z.enum(REGION_CODES, { error: HOSTED_MESSAGES.region }),
    target_email_from: zEmail,
    target_email_send_as: z.string().trim().min(1, { error: HOSTED_MESSAGES.sendAs }).max(100, { error: HOSTED_MESSAGES.sendAs }),
    target_storage_type: z.enum(STORAGE_TYPES, { error: HOSTED_MESSAGES.storageType }).default('none'),
    target_storage_bucket: zKey.optional(),
    target_storage_access_key: zKey.optional(),
    target_storage_secret_key: zKey.optional(),
  }),
  output: z.object({ async_task_id: zId, hosted_server_id: zId }),
  access: { roles: ['customer', 'admin'] },
  example: {
    target_region: 'us-east',
    target_email_from: 'backups@example.com',
    target_email_send_as: 'Example Backups',
    target_storage_type: 'none',
  },
});

export const zAsyncTask = z.object({
  id: zId,
  action: z.literal('CREATE'),
  /** running until the provisioner finishes: success or error. */
  status: z.enum(['running', 'success', 'error']),
  created_at: z.string(),
  data: z.object({ completed_at: z.string().nullable(), hosted_server_id: zId, message: z.string() }),
});
export type AsyncTask = z.infer<typeof zAsyncTask>;

export const hostedListAsyncTasks = defineCall({
  path: '/api/v1/hosted_comet/list_async_tasks',
  summary: "The company's open tasks (a console being created), oldest first: polled until the count drops.",
  input: z.object({ target_company_id: zCompanyId.optional() }),
  output: z.object({ tasks: z.array(zAsyncTask) }),
  access: { roles: ['customer', 'admin'] },
});

export const hostedDescribeAsyncTask = defineCall({
  path: '/api/v1/hosted_comet/describe_async_task',
  summary: 'One task: /provision_server polls it until data.completed_at is set, then reads status and data.hosted_server_id.',
  input: z.object({ target_async_task_id: zOwnedId('async_task', HOSTED_MESSAGES.taskNotFound) }),
  output: zAsyncTask,
  access: { roles: ['customer', 'admin'] },
});

export const hostedListRegions = defineCall({
  path: '/api/v1/hosted_comet/list_regions',
  summary: 'The 8 regions a console can be created in, and the one the create form chooses first.',
  input: z.object({ target_company_id: zCompanyId.optional() }),
  output: z.object({ regions: z.array(z.object({ code: z.string(), name: z.string() })), default_region: z.string() }),
  access: { roles: ['customer', 'admin'] },
});

export const hostedSetName = defineCall({
  path: '/api/v1/hosted_comet/set_name',
  summary: 'Renames a hosted console (an empty name shows its address).',
  input: z.object({ target_hosted_server_id: zHostedServerId, target_name: zName }),
  output: z.null(),
  access: { roles: ['customer'], capability: 'use_hosted' },
});

export const hostedSetFavourite = defineCall({
  path: '/api/v1/hosted_comet/set_favourite',
  summary: 'Stars or unstars a hosted console on /my_servers.',
  input: z.object({ target_hosted_server_id: zHostedServerId, target_state: z.boolean() }),
  output: z.null(),
  access: { roles: ['customer'], capability: 'use_hosted' },
});

export const hostedDelete = defineCall({
  path: '/api/v1/hosted_comet/delete',
  summary:
    "Deletes a ready console (or retries a failed delete): it turns to deleting and stops billing when the provisioner has removed it. A console that failed to provision is removed at once. The spec's payload is target_hosted_server_id; target_confirm_name is optional, and when sent it must be the console's name (the screen sends what was typed to confirm).",
  input: z.object({
    target_hosted_server_id: zHostedServerId,
    /** The console's name as typed in the screen's confirmation; optional, checked when sent (docs/decisions/0080). */
    target_confirm_name: z.string().max(200).optional(),
  }),
  output: z.null(),
  access: { roles: ['customer'], capability: 'use_hosted' },
  // The spec's payload: the generated suites send no confirmation.
  example: { target_hosted_server_id: 1 },
});

export const zHostedDetails = z.object({
  id: zId,
  company_id: zId,
  server_name: z.string(),
  state: z.enum(['provisioning', 'failed', 'ready', 'deleting', 'delete_failed']),
  failure_message: z.string(),
  region: z.object({ code: z.string(), name: z.string() }),
  user_dns: z.string(),
  user_custom_dns: z.string(),
  version: z.string(),
  admin_username: z.string(),
  admin_password: z.string(),
  send_as_email_address: z.string(),
  send_as_display_name: z.string(),
  /** The settings dialog's fields (servers/hosted-settings.ts; docs/decisions/0053). The SMTP password is never answered. */
  use_custom_dns: z.boolean(),
  send_as_email_verified: z.boolean(),
  send_as_dmarc_verified: z.boolean(),
  smtp_mode: z.enum(['ses', 'smtp']),
  smtp_host: z.string(),
  smtp_port: z.number().int(),
  smtp_username: z.string(),
  smtp_password_set: z.boolean(),
  smtp_security: z.enum(['tls', 'starttls', 'plain']),
  smtp_accept_invalid_certificate: z.boolean(),
  verification_resend_at: z.string().nullable(),
  storage_type: z.enum(STORAGE_TYPES),
  included_storage_bytes: z.number().int(),
  included_storage_expires_at: z.string().nullable(),
  created_at: z.string(),
  ready_at: z.string().nullable(),
});
export type HostedDetails = z.infer<typeof zHostedDetails>;

export const hostedDescribe = defineCall({
  path: '/api/v1/hosted_comet/describe',
  summary:
    'One hosted console of the company, with its sign-in details once it is ready and its settings (the SMTP password only as set or not).',
  input: z.object({ target_company_id: zCompanyId.optional(), target_hosted_server_id: zHostedServerId }),
  output: zHostedDetails,
  access: { roles: ['customer', 'admin'] },
});

const zPaging = {
  page: z.number().int().min(1).max(10_000_000).default(1),
  page_size: z.number().int().min(1).max(UNLIMITED_PAGE_SIZE).default(HOSTED_PAGE_SIZE),
};

export const zAdminHostedRow = zHostedDetails.omit({ admin_password: true }).extend({ company_name: z.string() });
export type AdminHostedRow = z.infer<typeof zAdminHostedRow>;

export const adminHostedList = defineCall({
  path: '/api/v1/admin/hosted_comet/list',
  summary: 'Every hosted console that is not deleted, newest first, searchable by name, address or company (/manage_comet_hosted).',
  input: z.object({ ...zPaging, target_search_query: z.string().max(200).default('') }),
  output: z.object({ rows: z.array(zAdminHostedRow), total: z.number().int().min(0) }),
  access: { roles: ['admin'] },
});

export const zTenantHostRow = z.object({
  id: zId,
  public_dns: z.string(),
  region: z.object({ code: z.string(), name: z.string() }),
  created_at: z.string(),
  admin_user: z.string(),
  licence: z.string(),
});

export const devTenantHosts = defineCall({
  path: '/api/v1/web/DevTenantHosts.json',
  summary: 'The running consoles as hosts: public DNS, region, created, admin user and licence (/manage_tenant_hosts).',
  input: z.object(zPaging),
  output: z.object({ rows: z.array(zTenantHostRow), total: z.number().int().min(0) }),
  access: { roles: ['admin'] },
});
