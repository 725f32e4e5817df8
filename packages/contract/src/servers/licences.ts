import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zCompanyId } from '../shared/fields.ts';
import { zOwnedId } from '../shared/owned-id.ts';

/** Licence and server rows page by 50 on /my_servers and /manage_servers (spec-2 §9: servers 50). */
export const SERVERS_PAGE_SIZE = 50;

export const LICENCE_MESSAGES = {
  notFound: 'Licence not found',
  nameTooLong: 'A name is at most 100 characters',
  confirmName: 'Type the licence name exactly to delete it',
  archived: 'This licence is archived',
  companyDeleted: 'This company is deleted: its licences cannot be created or archived',
  limit: (limit: number) =>
    `Your plan allows ${limit} self-hosted licence${limit === 1 ? '' : 's'}; archive one or change your plan to add another`,
  generation: 'A unique serial number could not be generated; please try again',
  lockState: 'Choose locked or unlocked',
  notArchived: 'This licence is not archived',
} as const;

/** What the web shows when a call fails (spec-2 §8). */
export const LICENCE_FAILURES = {
  create: 'There was an issue generating your license:',
  rename: 'Failed to rename the licence. Please try again or contact support for assistance.',
  relax: 'Failed to relax the licence. Please try again or contact support for assistance.',
  lock: 'Failed to change the licence lock. Please try again or contact support for assistance.',
  archive: 'Failed to archive the licence. Please try again or contact support for assistance.',
  restore: 'Failed to restore the licence. Please try again or contact support for assistance.',
  favourite: 'Failed to change the favourite. Please try again or contact support for assistance.',
  remove: 'Failed to delete the licence. Please try again or contact support for assistance.',
  logs: 'Failed to load the logs. Please try again or contact support for assistance.',
} as const;

/** A serial number: five groups of five capitals and digits (docs/decisions/0034). */
export const SERIAL_PATTERN = /^[0-9A-Z]{5}(-[0-9A-Z]{5}){4}$/;
export const zSerial = zOwnedId('licence');

const zName = z.string().trim().max(100, { error: LICENCE_MESSAGES.nameTooLong });

export const createLicense = defineCall({
  path: '/api/v1/license/create_license',
  summary: "A new self-hosted licence for the caller's company, within its plan's serial limit; the name is optional.",
  input: z.object({ target_name: zName.optional() }),
  output: z.object({ serial_number: z.string(), message: z.string() }),
  access: { roles: ['customer'], capability: 'use_self_hosted' },
  tokenPermission: 'SERVERS_WRITE',
  example: { target_name: 'Office server' },
});

export const setLicenseName = defineCall({
  path: '/api/v1/license/set_name',
  summary: 'Rename a licence (an empty name shows its serial).',
  input: z.object({ target_serial: zSerial, target_name: zName }),
  output: z.null(),
  access: { roles: ['customer'], capability: 'use_self_hosted' },
  tokenPermission: 'SERVERS_WRITE',
});

export const setLicenseFavourite = defineCall({
  path: '/api/v1/license/set_favourite',
  summary: 'Star or unstar a licence on /my_servers.',
  input: z.object({ target_serial: zSerial, target_state: z.boolean() }),
  output: z.null(),
  access: { roles: ['customer'], capability: 'use_self_hosted' },
  tokenPermission: 'SERVERS_WRITE',
});

export const relaxLicense = defineCall({
  path: '/api/v1/license/relax',
  summary: "Frees the licence's binding: a locked licence binds again to the next address and machine that use it.",
  input: z.object({ serial: zSerial }),
  output: z.null(),
  access: { roles: ['customer'], capability: 'use_self_hosted' },
  tokenPermission: 'SERVERS_WRITE',
});

export const setLicenseLockState = defineCall({
  path: '/api/v1/license/set_lock_state',
  summary: "Locks a licence to the first address that uses it ('ANY') or unlocks it ('*').",
  input: z.object({ target_serial: zSerial, target_lock_state: z.boolean({ error: LICENCE_MESSAGES.lockState }) }),
  output: z.null(),
  access: { roles: ['customer'], capability: 'use_self_hosted' },
  tokenPermission: 'SERVERS_WRITE',
});

export const archiveLicense = defineCall({
  path: '/api/v1/license/archive',
  summary:
    'Archives a licence: it stops working and is no longer billed. target_company_id names the company from the company dialog (staff); refused when that company is deleted.',
  input: z.object({ serial: zSerial, target_company_id: zCompanyId.optional() }),
  output: z.null(),
  access: { roles: ['customer', 'distributor', 'admin'] },
  tokenPermission: 'SERVERS_WRITE',
});

/** Undoes an archive (docs/decisions/0084): the licence works and is billed again, within the plan's limit. */
export const unarchiveLicense = defineCall({
  path: '/api/v1/license/unarchive',
  summary:
    "Restores an archived licence: it works and is billed again, and counts towards the plan's licence limit; refused when the company is deleted or at its limit.",
  input: z.object({ serial: zSerial }),
  output: z.null(),
  access: { roles: ['customer'], capability: 'use_self_hosted' },
  tokenPermission: 'SERVERS_WRITE',
});

export const deleteLicense = defineCall({
  path: '/api/v1/license/delete',
  summary: 'Deletes a licence once its name (its serial when unnamed) is typed; it stops working and is no longer billed.',
  input: z.object({ target_serial: zSerial, target_confirm_name: z.string().max(200) }),
  output: z.null(),
  access: { roles: ['customer'], capability: 'use_self_hosted' },
  // The test factories name their licences so.
  example: { target_serial: 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE', target_confirm_name: 'Test licence' },
});

export const zSerialLog = z.object({
  at: z.string(),
  ip: z.string(),
  machine_id: z.string(),
  version: z.string(),
  device_count: z.number().int(),
  booster_count: z.number().int(),
  /** 'issued', or why the licence was refused. */
  outcome: z.string(),
});
export type SerialLog = z.infer<typeof zSerialLog>;

export const getSerialLogs = defineCall({
  path: '/api/v1/license/get_serial_logs',
  summary:
    "The licence endpoint's recent check-ins for a serial, newest first: the licence's log on /my_servers (spec-2 §2.11 logs), and Download Logs (Admin) for an admin signed in as the user.",
  input: z.object({ serial: zSerial }),
  output: z.object({ serial_number: z.string(), logs: z.array(zSerialLog) }),
  access: { roles: ['customer'], capability: 'use_self_hosted' },
  tokenPermission: 'SERVERS_READ',
});
