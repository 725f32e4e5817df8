import fs from 'node:fs';
import type { Call } from '@portal/contract/shared/define-call';
import { isPublic } from '@portal/contract/shared/define-call';
import { type Entry, entryKey } from '@portal/contract/shared/define-entry';
import type { Capability, Role } from '@portal/contract/shared/roles';
import { ownedFields } from './sample-input.ts';

/**
 * The reviewed access of every call, committed beside the suites. The matrix takes its expectations from
 * here rather than from the live contract, so widening a call's access (or dropping an owned-id marker)
 * fails until the snapshot is updated in the same change, where a reviewer sees it.
 */
export const SNAPSHOT_FILE = new URL('./access-snapshot.json', import.meta.url);
export const UPDATE_HINT =
  'Review the change; if it is intended, run UPDATE_ACCESS_SNAPSHOT=1 npx vitest run apps/server/src/contract-suites/access-snapshot.test.ts and commit access-snapshot.json with it';

export interface SnapshotAccess {
  public: boolean;
  roles: Role[];
  capability: Capability | null;
  selfOnly: boolean;
  beforeTwoFactorSetup: boolean;
  /** Refusals may still write the sign-in throttle and its events. */
  auditsRefusals: boolean;
  /** Owned-id field -> kind. */
  owned: Record<string, string>;
  /** The API token permission that opens the call to a token; null: no token reaches it. */
  token: string | null;
}

/** One readable line: `roles=admin,customer capability=edit_users selfOnly owned=target_id:user token=USERS_WRITE`, or `public`. */
export function describeAccess(call: Call): string {
  const words = accessWords(call.access);
  const owned = ownedFields(call).map((o) => `${o.field}:${o.kind}`);
  words.push(call.auditsRefusals ? 'auditsRefusals' : '', owned.length ? `owned=${owned.join(',')}` : '');
  words.push(call.tokenPermission ? `token=${call.tokenPermission}` : '');
  return words.filter(Boolean).join(' ');
}

/** The words of an access rule, the same for calls and entry points. */
function accessWords(a: Call['access']): string[] {
  return isPublic(a)
    ? ['public']
    : [
        `roles=${a.roles.join(',')}`,
        a.capability ? `capability=${a.capability}` : '',
        a.selfOnly ? 'selfOnly' : '',
        a.beforeTwoFactorSetup ? 'beforeTwoFactorSetup' : '',
      ];
}

export function parseAccess(line: string): SnapshotAccess {
  const words = line.split(' ');
  const value = (key: string) => words.find((w) => w.startsWith(`${key}=`))?.slice(key.length + 1) ?? '';
  return {
    public: words.includes('public'),
    roles: value('roles').split(',').filter(Boolean) as Role[],
    capability: (value('capability') || null) as Capability | null,
    selfOnly: words.includes('selfOnly'),
    beforeTwoFactorSetup: words.includes('beforeTwoFactorSetup'),
    auditsRefusals: words.includes('auditsRefusals'),
    token: value('token') || null,
    owned: Object.fromEntries(
      value('owned')
        .split(',')
        .filter(Boolean)
        .map((pair) => pair.split(':')),
    ),
  };
}

/**
 * An entry point's line (docs/decisions/0098): its kind, then its access as a call's reads, and `crossSiteForm`
 * when it takes posts from any origin.
 */
export function describeEntry(entry: Entry): string {
  return [`kind=${entry.kind}`, ...accessWords(entry.access), entry.crossSiteForm ? 'crossSiteForm' : ''].filter(Boolean).join(' ');
}

/** Every entry point's line, keyed by its methods and path (`GET /download_support_attachment`). */
export function currentEntryAccess(entries: readonly Entry[]): Record<string, string> {
  return Object.fromEntries(entries.map((e) => [entryKey(e), describeEntry(e)]));
}

/** Every call's line, sorted by path. */
export function currentAccess(calls: readonly Call[]): Record<string, string> {
  return Object.fromEntries([...calls].sort((a, b) => (a.path < b.path ? -1 : 1)).map((c) => [c.path, describeAccess(c)]));
}

export function readSnapshot(): Record<string, string> {
  return fs.existsSync(SNAPSHOT_FILE) ? (JSON.parse(fs.readFileSync(SNAPSHOT_FILE, 'utf8')) as Record<string, string>) : {};
}

/** One call per line, so a diff shows exactly which call's access changed. */
export function writeSnapshot(lines: Record<string, string>): void {
  const body = Object.entries(lines)
    .map(([path, line]) => `  ${JSON.stringify(path)}: ${JSON.stringify(line)}`)
    .join(',\n');
  fs.writeFileSync(SNAPSHOT_FILE, `{\n${body}\n}\n`);
}

/** The reviewed access of a call; a call missing from the snapshot fails with the hint. */
export function reviewedAccess(snapshot: Record<string, string>, path: string): SnapshotAccess {
  const line = snapshot[path];
  if (line === undefined) throw new Error(`${path} is not in access-snapshot.json. ${UPDATE_HINT}`);
  return parseAccess(line);
}
