import { Resolver } from 'node:dns/promises';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { type LocalDnsServer, type Zone, startLocalDns } from './local-dns-server.ts';

type DnsConfig = Pick<Config, 'DNS_RESOLVER' | 'DNS_LOCAL_PORT' | 'DNS_LOCAL_ZONE_FILE' | 'DATA_DIR' | 'HOSTED_DNS_SUFFIX'>;

/** The documentation address (RFC 5737) the starter zone gives every hosted console. */
export const DEMO_CONSOLE_ADDRESS = '203.0.113.10';

/**
 * The zone a new local DNS server starts from (docs/decisions/0053): every console's name answers the hosted
 * front door's address, as the vendor's own DNS would, and backup.example.com points there too, with a DMARC
 * record for example.com, so a demo's Check DNS passes for backup.example.com and a sender @example.com shows
 * its DMARC verified. Anything else is added to the file by hand, as a customer adds records at their DNS host.
 */
export function starterZone(config: Pick<Config, 'HOSTED_DNS_SUFFIX'>): Zone {
  return {
    [`*.${config.HOSTED_DNS_SUFFIX}`]: { A: [DEMO_CONSOLE_ADDRESS] },
    'backup.example.com': { A: [DEMO_CONSOLE_ADDRESS] },
    '_dmarc.example.com': { TXT: ['v=DMARC1; p=none; rua=mailto:dmarc@example.com'] },
  };
}

/** Writes the starter zone where no zone file is yet; an existing file is the user's and is left alone. */
function ensureZoneFile(file: string, config: DnsConfig) {
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, `${JSON.stringify(starterZone(config), null, 2)}\n`, { flag: 'wx' });
  } catch (err) {
    if ((err as { code?: string }).code !== 'EEXIST') throw err;
  }
}

/** How long one DNS question may take before the check answers with a timeout. */
const DNS_TIMEOUT_MS = 3000;

let local: Promise<LocalDnsServer> | null = null;

/** The zone file the local server reads: DNS_LOCAL_ZONE_FILE, or dns-zone.json in DATA_DIR. */
export const zoneFileOf = (config: DnsConfig) => config.DNS_LOCAL_ZONE_FILE || path.join(config.DATA_DIR, 'dns-zone.json');

/**
 * The portal's own DNS server (DNS_LOCAL_PORT; docs/decisions/0053), started once per process: at start by
 * main.ts, or by the first check that needs it. Null when none is configured.
 */
export function localDnsServer(config: DnsConfig): Promise<LocalDnsServer> | null {
  if (config.DNS_LOCAL_PORT === undefined) return null;
  if (!local) {
    const zoneFile = zoneFileOf(config);
    ensureZoneFile(zoneFile, config);
    local = startLocalDns({ port: config.DNS_LOCAL_PORT, zoneFile });
    local.catch(() => {
      local = null;
    });
  }
  return local;
}

export async function closeLocalDns(): Promise<void> {
  const running = local;
  local = null;
  if (running) await (await running).close().catch(() => {});
}

/**
 * A resolver for the checks of the settings dialog: DNS_RESOLVER (host:port) when set, else the local
 * server when DNS_LOCAL_PORT is set, else the system's resolvers.
 */
export async function dnsResolver(config: DnsConfig): Promise<Resolver> {
  const resolver = new Resolver({ timeout: DNS_TIMEOUT_MS, tries: 1 });
  if (config.DNS_RESOLVER) resolver.setServers([config.DNS_RESOLVER]);
  else {
    const server = localDnsServer(config);
    if (server) resolver.setServers([(await server).address]);
  }
  return resolver;
}

/** What a failed lookup means to the customer. */
export function dnsErrorText(err: unknown, name: string, what: string): string {
  const code = (err as { code?: string }).code;
  if (code === 'ENOTFOUND' || code === 'ENODATA') return `${name} has no ${what} record`;
  if (code === 'ETIMEOUT' || code === 'ECONNREFUSED') return `The DNS lookup of ${name} timed out; please try again later`;
  return `The DNS lookup of ${name} failed (${code ?? (err instanceof Error ? err.message : 'unknown error')})`;
}
