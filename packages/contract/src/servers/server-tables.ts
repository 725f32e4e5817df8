import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCompanyId, zId } from '../shared/fields.ts';
import { zOwnedId } from '../shared/owned-id.ts';
import { UNLIMITED_PAGE_SIZE } from '../shared/paging.ts';
import { SERVERS_PAGE_SIZE } from './licences.ts';

const zPaging = {
  page: z.number().int().min(1).max(10_000_000).default(1),
  page_size: z.number().int().min(1).max(UNLIMITED_PAGE_SIZE).default(SERVERS_PAGE_SIZE),
  target_search_query: z.string().max(200).default(''),
};

const zOutdated = z.enum(['major', 'minor', 'patch']).nullable();

/** A self-hosted row of /my_servers (spec-2 §3). */
export const zSelfHostedRow = z.object({
  serial_number: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  status: z.enum(['Active', 'Offline', 'Inactive']),
  server_version: z.string(),
  is_outdated: z.boolean(),
  /** How far behind the latest release: major or minor shows red, patch orange. */
  outdated: zOutdated,
  allowed_ip_address: z.string(),
  allowed_machine_id: z.string(),
  /** The address and hardware ID of the latest check-in, locked or not; empty before the first. */
  last_ip_address: z.string(),
  last_machine_id: z.string(),
  num_clients_online: z.number().int(),
  num_boosters_online: z.number().int(),
  favourited: z.boolean(),
  /** The company's region once the licence has checked in; null before (docs/decisions/0084). */
  region: z.object({ code: z.string(), name: z.string() }).nullable(),
  last_seen_at: z.string().nullable(),
  /** When it was archived; null for a licence in use. */
  archived_at: z.string().nullable(),
  created_at: z.string(),
});
export type SelfHostedRow = z.infer<typeof zSelfHostedRow>;

/** A console being built, or whose build failed (spec-2 §3 provisioning row). */
export const zProvisioningRow = z.object({
  id: zId,
  name: z.string(),
  failed: z.boolean(),
  failure_message: z.string(),
  region: z.string(),
  created_at: z.string(),
});

/** A hosted console that exists (spec-2 §3 hosted row). */
export const zHostedRow = z.object({
  id: zId,
  server_name: z.string(),
  user_dns: z.string(),
  user_custom_dns: z.string(),
  version: z.string(),
  num_devices_online: z.number().int(),
  num_boosters_online: z.number().int(),
  pending_delete: z.boolean(),
  pending_delete_failed: z.boolean(),
  favourited: z.boolean(),
  admin_username: z.string(),
  admin_password: z.string(),
  region: z.string(),
  created_at: z.string(),
});

export const userMyServersTable = defineCall({
  path: '/api/v1/web/UserMyServersTable.json',
  summary:
    "The caller's servers grouped into consoles being built (or failed), hosted and self-hosted, favourites first, then newest; deleted licences and consoles are left out, and archived licences unless target_archived asks for them alone. The page counts licences; every console is listed.",
  input: z.object({ ...zPaging, target_archived: z.boolean().default(false) }),
  output: z.object({
    provisioning: z.array(zProvisioningRow),
    hosted: z.array(zHostedRow),
    self_hosted: z.array(zSelfHostedRow),
    total: z.number().int().min(0),
    latest_version: z.string(),
  }),
  access: { roles: ['customer'], capability: 'use_self_hosted' },
  tokenPermission: 'SERVERS_READ',
});

/** The admin's licence row (spec-2 §3), with the payload calculator's data. */
export const zAdminLicenceRow = z.object({
  serial_number: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  archived: z.boolean(),
  company_name: z.string(),
  company_id: zId,
  plan_name: z.string(),
  /** The payload the plan gives. */
  plan_payload: z.string(),
  /** The admin's override, or null when the plan's payload applies. */
  payload_override: z.string().nullable(),
  /** What the override changes from the plan's payload, in words; empty without one. */
  payload_diff: z.string(),
  server_version: z.string(),
  created_at: z.string(),
  /** The end of the latest lease issued; a lease is valid while it is in the future. */
  last_issue_end: z.string().nullable(),
});
export type AdminLicenceRow = z.infer<typeof zAdminLicenceRow>;

export const adminServerLicenseTable = defineCall({
  path: '/api/v1/web/AdminServerLicenseTable.json',
  summary:
    "Every licence, newest first, searchable by serial, name or company, filtered by plan override and valid lease; target_company_id keeps one company's (the company dialog).",
  input: z.object({
    ...zPaging,
    target_company_id: zCompanyId.nullable().default(null),
    filters: z
      .object({ has_plan_override: z.boolean().nullable().default(null), has_valid_lease: z.boolean().nullable().default(null) })
      .default({ has_plan_override: null, has_valid_lease: null }),
  }),
  output: z.object({ rows: z.array(zAdminLicenceRow), total: z.number().int().min(0) }),
  access: { roles: ['admin'] },
});

export const adminSetLicensePayload = defineCall({
  path: '/api/v1/admin/license/set_payload',
  summary: "Overrides a licence's payload (the payload calculator's result); null returns it to the plan's payload.",
  input: z.object({ target_serial: zOwnedId('licence', 'Licence not found'), target_payload: z.string().max(1000).nullable() }),
  output: z.null(),
  access: { roles: ['admin'] },
  example: { target_serial: 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE', target_payload: '2|23.0.0|{"max_devices":50}' },
});

const zCount = z.number().int().min(0).max(10_000_000);
const zDeviceKey = z.string().trim().min(1).max(200);
/** A check-in carries at most this many device changes; a server with more sends them over several. */
export const MAX_DEVICES_PER_CHECK_IN = 1000;

/**
 * Check-ins one serial may make in a window (docs/decisions/0073). A server checks in every few minutes (the
 * simulator every 5), so this leaves room for restarts and retries while a flood of one serial writes a few
 * rows a minute; beyond it the check-in answers 429 and writes nothing.
 */
export const CHECK_IN_LIMIT = { max: 6, windowMs: 60_000 } as const;

/** What a self-hosted backup server sends when it checks in (docs/decisions/0035). */
export const licenseCheckIn = defineCall({
  path: '/api/v1/license/check_in',
  summary:
    "A self-hosted server's check-in: answers a licence signed with Ed25519 (payload and a lease), or refuses it. The address is the connecting one.",
  input: z.object({
    /** Any server may call with any serial; marked as a licence's id so the generated tests aim at real ones. */
    serial_number: zOwnedId('licence', 'Licence not found'),
    machine_id: z.string().trim().min(1).max(200),
    version: z.string().trim().min(1).max(40),
    device_count: zCount,
    boosters: z
      .object({
        microsoft365: zCount.default(0),
        disk_image: zCount.default(0),
        mssql: zCount.default(0),
        hyperv: zCount.default(0),
        vmware: zCount.default(0),
        proxmox: zCount.default(0),
      })
      .default({ microsoft365: 0, disk_image: 0, mssql: 0, hyperv: 0, vmware: 0, proxmox: 0 }),
    /**
     * Devices new to the server since its last accepted check-in, or whose user or operating system changed
     * (all of them on its first): the device's key on the server, its user and its operating system.
     */
    devices: z
      .array(z.object({ id: zDeviceKey, username: z.string().trim().max(200).default(''), os: z.string().trim().max(60).default('') }))
      .max(MAX_DEVICES_PER_CHECK_IN)
      .default([]),
    /** Keys of devices deleted from the server since its last accepted check-in. */
    removed_devices: z.array(zDeviceKey).max(MAX_DEVICES_PER_CHECK_IN).default([]),
  }),
  output: z.object({
    serial_number: z.string(),
    payload: z.string(),
    lease_expires_at: z.string(),
    issued_at: z.string(),
    /** Base64 Ed25519 signature of `serial_number\npayload\nissued_at\nlease_expires_at`. */
    signature: z.string(),
    /** The key that verifies it (base64 SPKI DER). */
    public_key: z.string(),
  }),
  access: { public: true },
  // A refused check-in is still logged for the licence's owner (Download Logs (Admin)).
  auditsRefusals: true,
  example: { serial_number: 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE', machine_id: 'machine-1', version: '24.12.3', device_count: 3 },
});

/** The text a licence's signature covers. */
export const signedText = (o: { serial_number: string; payload: string; issued_at: string; lease_expires_at: string }) =>
  `${o.serial_number}\n${o.payload}\n${o.issued_at}\n${o.lease_expires_at}`;
