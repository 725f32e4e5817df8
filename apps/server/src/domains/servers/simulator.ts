/**
 * Simulated self-hosted servers for `npm run simulate:servers`: each checks in with its serial, a machine id,
 * a version and device and booster counts that drift a little between check-ins, as real ones do, and names the
 * devices that came or went since its last accepted check-in (each with its operating system). No SQL
 * and no portal internals: it speaks only the public licence endpoint, so it can run against any portal.
 */
export interface SimulatedServer {
  serial_number: string;
  machine_id: string;
  version: string;
  devices: number;
  /** How many of its devices the portal has accepted: devices are numbered, so those past it are new and those past `devices` are gone. */
  reported: number;
  boosters: { microsoft365: number; disk_image: number; mssql: number; hyperv: number; vmware: number; proxmox: number };
}

const VERSIONS = ['25.3.0', '25.3.0', '25.3.0', '25.2.1', '24.12.3', '24.9.0'];

/** A small deterministic generator, so a run with the same serials draws the same fleet. */
export function seededRandom(seed: string): () => number {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

/** Most servers look after a handful to a few dozen devices; a few after hundreds. */
export function newServer(serial: string, index: number): SimulatedServer {
  const rand = seededRandom(serial);
  const big = rand() < 0.1;
  const devices = big ? 100 + Math.floor(rand() * 400) : 3 + Math.floor(rand() * 40);
  const some = (share: number) => (rand() < share ? 1 + Math.floor(rand() * Math.max(1, devices / 5)) : 0);
  return {
    serial_number: serial,
    machine_id: `sim-${index}-${serial.slice(0, 5).toLowerCase()}`,
    version: VERSIONS[Math.floor(rand() * VERSIONS.length)] ?? '25.3.0',
    devices,
    reported: 0,
    boosters: {
      microsoft365: some(0.4),
      disk_image: some(0.3),
      mssql: some(0.15),
      hyperv: some(0.1),
      vmware: some(0.1),
      proxmox: some(0.05),
    },
  };
}

/** Between check-ins a device or two comes or goes. */
export function drift(s: SimulatedServer, rand: () => number): SimulatedServer {
  const step = Math.floor(rand() * 3) - 1;
  return { ...s, devices: Math.max(0, s.devices + step) };
}

/** Operating systems as a fleet of backup clients spreads over them (a device keeps its own). */
const OPERATING_SYSTEMS = [
  'Windows',
  'Windows',
  'Windows',
  'Windows',
  'Windows Server',
  'Windows Server',
  'macOS',
  'macOS',
  'Linux',
  'Linux',
];

const deviceKey = (s: SimulatedServer, i: number) => `${s.machine_id}-device-${i}`;

/** The devices a check-in names: those new since the last accepted one (all on the first), and those gone. */
export function deviceChanges(s: SimulatedServer) {
  const devices = [];
  for (let i = s.reported; i < s.devices; i++) {
    const key = deviceKey(s, i);
    const os = OPERATING_SYSTEMS[Math.floor(seededRandom(key)() * OPERATING_SYSTEMS.length)] ?? 'Windows';
    devices.push({ id: key, username: `user${i}`, os });
  }
  const removed_devices = [];
  for (let i = s.devices; i < s.reported; i++) removed_devices.push(deviceKey(s, i));
  return { devices, removed_devices };
}

/**
 * The most check-ins one serial gets within a window of the portal's per-serial limit: the servers sharing it
 * (serials are reused in turn), times the rounds one window can hold.
 */
export function checkInsPerWindow(o: { servers: number; serials: number; intervalSeconds: number; windowMs: number }): number {
  const perSerial = Math.ceil(o.servers / o.serials);
  return perSerial * Math.ceil(o.windowMs / (o.intervalSeconds * 1000));
}

export interface CheckInResult {
  serial_number: string;
  /** The device count the portal accepted; the caller keeps it as `reported`. */
  reported?: number;
  status: number;
  message: string;
  lease_expires_at?: string;
}

export async function checkInOnce(url: string, s: SimulatedServer, fetchImpl: typeof fetch = fetch): Promise<CheckInResult> {
  const res = await fetchImpl(new URL('/api/v1/license/check_in', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      serial_number: s.serial_number,
      machine_id: s.machine_id,
      version: s.version,
      device_count: s.devices,
      boosters: s.boosters,
      ...deviceChanges(s),
    }),
  });
  const body = (await res.json()) as { message?: string; data?: { lease_expires_at?: string } };
  return {
    serial_number: s.serial_number,
    status: res.status,
    message: body.message ?? '',
    ...(res.status === 200 ? { reported: s.devices } : {}),
    ...(body.data?.lease_expires_at ? { lease_expires_at: body.data.lease_expires_at } : {}),
  };
}
