import { z } from 'zod';
import { ID_MAX, zOwnedId } from './owned-id.ts';

/**
 * A form field whose value is this single character means "clear this value".
 * The server turns it into null before validation; fields that may be cleared are `.nullable()`.
 */
export const NULL_MARKER = '\u0000';

export const zId = z.number().int().min(1).max(ID_MAX);

/** A company id: the generated tests aim such fields at another tenant's company (see zOwnedId). */
export const zCompanyId = zOwnedId('company');

/**
 * A distributor picked from the list to place a company under: a reference to another tenant, not a row
 * the call acts on, so not an owned id (the generated tests would otherwise aim it at a customer).
 */
export const zDistributorRef = zId;

/** Money is integer cents end to end. */
export const zCents = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
export const zCentsNonNegative = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const zEmail = z.email({ error: 'Please enter a valid email address' }).max(254);

/** Free text with a sane upper bound; every text input is bounded. */
export const zText = (max = 1000) => z.string().max(max);

/** Seconds since the Unix epoch, as the spec's will_delete_at. */
export const zUnixSeconds = z.number().int().min(0);

/** Timestamps travel as ISO 8601 strings in UTC. */
export const zTimestamp = z.string();

export const COMPANY_STATES = ['TRIAL', 'ACTIVE', 'SUSPENDED', 'PENDING_DELETE', 'DELETED', 'MIGRATED'] as const;
export const zCompanyState = z.enum(COMPANY_STATES);
export type CompanyState = (typeof COMPANY_STATES)[number];

export const COMPANY_TYPES = ['admin', 'distributor', 'support', 'customer'] as const;
export const zCompanyType = z.enum(COMPANY_TYPES);
export type CompanyType = (typeof COMPANY_TYPES)[number];
