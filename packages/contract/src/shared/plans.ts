import { z } from 'zod';

/** The plan ids of the spec. */
export const PLAN_IDS = ['Legacy', 'Trial', 'Starter', 'Growth', 'Advanced', 'Professional', 'Enterprise'] as const;
export const zPlanId = z.enum(PLAN_IDS);
export type PlanId = (typeof PLAN_IDS)[number];
/** The plan a trial converted to paid moves to when no plan was chosen during the trial. */
export const DEFAULT_PAID_PLAN: PlanId = 'Starter';

/**
 * The eight server regions (spec-1 §3; the spec does not name them): one list, so that a code has one name in
 * meta/list_regions, distributor regions, hosted_comet/list_regions and every table (docs/decisions/0080).
 */
export const SERVER_REGIONS = [
  { code: 'us-east', name: 'US East (Virginia)' },
  { code: 'us-west', name: 'US West (Oregon)' },
  { code: 'ca-central', name: 'Canada (Montreal)' },
  { code: 'eu-west', name: 'Europe West (Ireland)' },
  { code: 'eu-central', name: 'Europe Central (Frankfurt)' },
  { code: 'ap-southeast', name: 'Asia Pacific (Sydney)' },
  { code: 'ap-northeast', name: 'Asia Pacific (Tokyo)' },
  { code: 'nz-north', name: 'New Zealand (Auckland)' },
] as const;
export type RegionCode = (typeof SERVER_REGIONS)[number]['code'];
export const REGION_CODES = SERVER_REGIONS.map((r) => r.code) as [RegionCode, ...RegionCode[]];
export const zRegionCode = z.enum(REGION_CODES as [string, ...string[]]);
/** A region's name; an unknown code answers as itself. */
export const regionName = (code: string): string => SERVER_REGIONS.find((r) => r.code === code)?.name ?? code;

/** Feature bits of a company (spec: all=1, active services=2, credit usage=4, support=256, storage=4096). */
export const FEATURE_BITS = { all: 1, active_services: 2, credit_usage: 4, support: 256, storage: 4096 } as const;
export const zFeatureMask = z.number().int().min(0).max(0xffff);

export const TRIAL_LENGTH_DAYS = 30;
/** A trial may be extended by at most this many days in total. */
export const TRIAL_EXTENSION_MAX_DAYS = 30;
export const PENDING_DELETE_DAYS = 21;
