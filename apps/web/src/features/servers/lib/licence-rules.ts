import { LICENCE_FAILURES } from '@portal/contract/servers/licences';
import {
  FEATURE_MASK,
  LICENCE_FEATURES,
  type LicenceLimits,
  LIMIT_KEYS,
  encodePayload,
  isLocked,
  outdatedColour,
  type Outdated,
} from '@portal/contract/servers/payload';

export type LicenceAction = keyof typeof LICENCE_FAILURES;

/** What an alert says when a row action fails: the spec's sentence, then the server's message (spec-2 §8). */
export function failureText(action: LicenceAction, message: string | undefined): string {
  const base = LICENCE_FAILURES[action];
  if (action === 'create') return `${base} ${message || 'Unknown Error'}`;
  return message ? `${base} ${message}` : base;
}

/** The name a row shows: its name, or its serial when it has none. */
export const displayName = (row: { name: string; serial_number: string }) => row.name || row.serial_number;

/** Address and hardware ID as the table shows them. */
export function lockText(row: { allowed_ip_address: string; allowed_machine_id: string }): string {
  if (!isLocked(row.allowed_ip_address)) return 'Unlocked';
  if (row.allowed_ip_address === 'ANY') return 'Locked on first use';
  return row.allowed_machine_id ? `${row.allowed_ip_address} (${row.allowed_machine_id})` : row.allowed_ip_address;
}

/** Where the latest check-in came from, "203.0.113.40 (rack-7)"; empty before the first. */
export function lastCheckInText(row: { last_ip_address: string; last_machine_id: string }): string {
  if (!row.last_ip_address) return '';
  return row.last_machine_id ? `${row.last_ip_address} (${row.last_machine_id})` : row.last_ip_address;
}

/**
 * The lock switch's question: what the licence will bind to. Locking binds it to the next server that checks in,
 * so the question names the one that checked in last, which is normally that server.
 */
export function lockQuestion(
  row: { name: string; serial_number: string; last_ip_address: string; last_machine_id: string },
  lock: boolean,
): { title: string; message: string; yesLabel: string } {
  const name = displayName(row);
  if (!lock)
    return { title: `Unlock ${name}?`, message: 'Any server with this serial number can use it, from any address.', yesLabel: 'Unlock' };
  const last = lastCheckInText(row);
  const binds = last
    ? `It binds to the next server that checks in: normally the one that last did, at ${last}.`
    : 'It binds to the address and hardware ID of the first server that checks in.';
  return { title: `Lock ${name}?`, message: `${binds} Any other server is refused until you relax the licence.`, yesLabel: 'Lock' };
}

/** Mantine colour of a version: red behind major or minor, orange behind patch, none when current. */
export const versionColour = (o: Outdated): string | undefined => outdatedColour(o) ?? undefined;

export const statusColour = (status: 'Active' | 'Offline' | 'Inactive') =>
  status === 'Active' ? 'green' : status === 'Offline' ? 'gray' : 'red';

/** The payload calculator's state: features by bit, a minimum version, limits. */
export interface CalculatorState {
  features: number;
  minimum_version: string;
  limits: LicenceLimits;
}

/** ALL FEATURES disables every other feature (spec-2 §5). */
export const featureDisabled = (state: CalculatorState, bit: number) => bit !== 1 && (state.features & 1) !== 0;
/** Limits are editable only with OFFLINE on (spec-2 §5). */
export const limitsEditable = (state: CalculatorState) => (state.features & 1) === 0 && (state.features & 2) !== 0;

export function toggleFeature(state: CalculatorState, bit: number, on: boolean): CalculatorState {
  const features = on ? (bit === 1 ? 1 : state.features | bit) : state.features & ~bit;
  return { ...state, features: features & FEATURE_MASK };
}

export function calculatorPayload(state: CalculatorState): string {
  return encodePayload(state);
}

export { LICENCE_FEATURES, LIMIT_KEYS };
