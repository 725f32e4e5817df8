// No zod here: the web's payload calculator and the server share these rules.

/**
 * The licence's feature flags, as bits of the payload's features bitmask (docs/decisions/0034).
 * ALL_FEATURES stands for every feature, present and future; OFFLINE lets the server run without
 * checking in, so only then does the payload carry limits of its own.
 */
export const LICENCE_FEATURES = [
  { name: 'ALL_FEATURES', bit: 1 },
  { name: 'OFFLINE', bit: 2 },
  { name: 'BRANDING', bit: 4 },
  { name: 'STORAGE_ROLE', bit: 8 },
  { name: 'CONSTELLATION', bit: 16 },
  { name: 'SOFTWARE_UPDATES', bit: 32 },
  { name: 'REMOTE_ADMIN', bit: 64 },
] as const;
export type LicenceFeature = (typeof LICENCE_FEATURES)[number]['name'];
export const FEATURE_MASK = LICENCE_FEATURES.reduce((m, f) => m | f.bit, 0);

/** The limits an offline licence carries (a server that checks in is counted and billed instead). */
export interface LicenceLimits {
  max_devices?: number;
  max_boosters?: number;
}
export const LIMIT_KEYS = ['max_devices', 'max_boosters'] as const;

/** The spec's payload: features bitmask, minimum version and licence limits as JSON, joined by this separator. */
export const PAYLOAD_SEPARATOR = '|';

export interface LicencePayload {
  features: number;
  minimum_version: string;
  limits: LicenceLimits;
}

/** The payload calculator's rule: ALL FEATURES stands alone, and limits belong only to an OFFLINE licence. */
export function normalisePayload(p: LicencePayload): LicencePayload {
  const all = (p.features & 1) !== 0;
  const features = all ? 1 : p.features & FEATURE_MASK;
  const offline = (features & 2) !== 0;
  const limits: LicenceLimits = {};
  if (offline) for (const k of LIMIT_KEYS) if (p.limits[k] !== undefined) limits[k] = p.limits[k];
  return { features, minimum_version: p.minimum_version, limits };
}

export function encodePayload(p: LicencePayload): string {
  const n = normalisePayload(p);
  return [String(n.features), n.minimum_version, JSON.stringify(n.limits)].join(PAYLOAD_SEPARATOR);
}

/** Reads a payload string back, or null when it is not one. */
export function decodePayload(s: string): LicencePayload | null {
  const first = s.indexOf(PAYLOAD_SEPARATOR);
  const second = first < 0 ? -1 : s.indexOf(PAYLOAD_SEPARATOR, first + 1);
  if (second < 0) return null;
  const features = Number(s.slice(0, first));
  const minimum_version = s.slice(first + 1, second);
  if (!Number.isSafeInteger(features) || features < 0 || !parseVersion(minimum_version)) return null;
  try {
    const raw = JSON.parse(s.slice(second + 1)) as unknown;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
    const limits: LicenceLimits = {};
    for (const k of LIMIT_KEYS) {
      const v = (raw as Record<string, unknown>)[k];
      if (v === undefined) continue;
      if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) return null;
      limits[k] = v;
    }
    return { features, minimum_version, limits };
  } catch {
    return null;
  }
}

/** The names of the features a bitmask holds. */
export function featuresOf(mask: number): LicenceFeature[] {
  return LICENCE_FEATURES.filter((f) => (mask & f.bit) !== 0).map((f) => f.name);
}

export const VERSION_ERROR = 'A server version has three parts, such as 24.12.3';

/** Major, minor and patch of a version string; fewer than three parts is an error (spec-2 §5). */
export function parseVersion(v: string): [number, number, number] | null {
  const parts = v.trim().split('.');
  if (parts.length < 3) return null;
  const nums = parts.slice(0, 3).map((p) => (/^\d{1,6}$/.test(p) ? Number(p) : Number.NaN));
  if (nums.some((n) => Number.isNaN(n))) return null;
  return nums as [number, number, number];
}

export function requireVersion(v: string): [number, number, number] {
  const parsed = parseVersion(v);
  if (!parsed) throw new Error(`${VERSION_ERROR}: '${v}'`);
  return parsed;
}

/** Compares two versions of three parts or more (negative: a is older). */
export function compareVersions(a: string, b: string): number {
  const x = requireVersion(a);
  const y = requireVersion(b);
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/** How far a server is behind the latest: major or minor is red, patch orange, current plain (spec-2 §4). */
export type Outdated = 'major' | 'minor' | 'patch' | null;
export function outdatedBy(version: string, latest: string): Outdated {
  const v = parseVersion(version);
  const l = parseVersion(latest);
  if (!v || !l) return null;
  if (v[0] < l[0]) return 'major';
  if (v[0] === l[0] && v[1] < l[1]) return 'minor';
  if (v[0] === l[0] && v[1] === l[1] && v[2] < l[2]) return 'patch';
  return null;
}
export const outdatedColour = (o: Outdated) => (o === 'major' || o === 'minor' ? 'red' : o === 'patch' ? 'orange' : null);

export type LicenceStatus = 'Active' | 'Offline' | 'Inactive';
/** Active: enabled and version known; Offline: enabled, version empty or Unknown; Inactive: not enabled (spec-2 §4). */
export function licenceStatus(l: { enabled: boolean; server_version: string }): LicenceStatus {
  if (!l.enabled) return 'Inactive';
  const v = l.server_version.trim();
  return v === '' || v.toLowerCase() === 'unknown' ? 'Offline' : 'Active';
}

/** '*' is unlocked; 'ANY' locks to the first address that uses the licence; anything else is that address. */
export const UNLOCKED = '*';
export const LOCK_ON_FIRST_USE = 'ANY';
export const isLocked = (allowed_ip_address: string) => allowed_ip_address !== UNLOCKED;
