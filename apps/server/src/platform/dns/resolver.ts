import { Resolver } from 'node:dns/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { type LocalDnsServer, startLocalDns } from './local-dns-server.ts';

type DnsConfig = Pick<Config, 'DNS_RESOLVER' | 'DNS_LOCAL_PORT' | 'DNS_LOCAL_ZONE_FILE' | 'DATA_DIR'>;

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
    local = startLocalDns({ port: config.DNS_LOCAL_PORT, zoneFile: zoneFileOf(config) });
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
