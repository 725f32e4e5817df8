import { Resolver } from 'node:dns/promises';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { PRODUCTION_ENV } from '../../test/harness.ts';
import { startLocalDns } from './local-dns-server.ts';
import { DEMO_CONSOLE_ADDRESS, closeLocalDns, dnsResolver, localDnsServer, starterZone } from './resolver.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'local-dns-'));
afterAll(async () => {
  await closeLocalDns();
  rmSync(dir, { recursive: true, force: true });
});

const resolverOf = (address: string) => {
  const r = new Resolver({ timeout: 2000, tries: 1 });
  r.setServers([address]);
  return r;
};

describe('the local DNS server', () => {
  it('answers A, CNAME (followed for A) and TXT from the zone file, read again on every question', async () => {
    const file = path.join(dir, 'zone.json');
    writeFileSync(file, JSON.stringify({ 'Console.Hosted.Example': { A: ['203.0.113.5'] } }));
    const server = await startLocalDns({ zoneFile: file });
    try {
      const r = resolverOf(server.address);
      expect(await r.resolve4('console.hosted.example')).toEqual(['203.0.113.5']);
      await expect(r.resolve4('backup.acme.example')).rejects.toMatchObject({ code: 'ENOTFOUND' });
      writeFileSync(
        file,
        JSON.stringify({
          'console.hosted.example': { A: ['203.0.113.5'] },
          'backup.acme.example': { CNAME: 'console.hosted.example' },
          '_dmarc.acme.example': { TXT: ['v=DMARC1; p=reject'] },
        }),
      );
      expect(await r.resolveCname('backup.acme.example')).toEqual(['console.hosted.example']);
      expect(await r.resolve4('backup.acme.example')).toEqual(['203.0.113.5']);
      expect(await r.resolveTxt('_dmarc.acme.example')).toEqual([['v=DMARC1; p=reject']]);
      // A name that exists without the type asked for has no data rather than no name.
      await expect(r.resolveTxt('console.hosted.example')).rejects.toMatchObject({ code: 'ENODATA' });
    } finally {
      await server.close();
    }
  });

  it('a wildcard answers for names under it that have no records of their own', async () => {
    const server = await startLocalDns({
      zone: { '*.hosted.example': { A: ['203.0.113.9'] }, 'own.hosted.example': { A: ['198.51.100.2'] } },
    });
    try {
      const r = resolverOf(server.address);
      expect(await r.resolve4('anything.hosted.example')).toEqual(['203.0.113.9']);
      expect(await r.resolve4('deep.name.hosted.example')).toEqual(['203.0.113.9']);
      expect(await r.resolve4('own.hosted.example')).toEqual(['198.51.100.2']);
      await expect(r.resolve4('hosted.example')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    } finally {
      await server.close();
    }
  });
});

describe('the resolver the config names', () => {
  it('in development starts the local server on a free port with the starter zone, and asks it', async () => {
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
    expect(config.DNS_LOCAL_PORT).toBe(0);
    const server = await localDnsServer(config);
    expect(server?.port).toBeGreaterThan(0);
    expect(JSON.parse(readFileSync(path.join(dir, 'dns-zone.json'), 'utf8'))).toEqual(starterZone(config));
    const r = await dnsResolver(config);
    expect(r.getServers()).toEqual([server?.address]);
    expect(await r.resolve4('acme-k2m9.cometbackup.example')).toEqual([DEMO_CONSOLE_ADDRESS]);
    expect(await r.resolve4('backup.example.com')).toEqual([DEMO_CONSOLE_ADDRESS]);
  });

  it('in production, and wherever DNS_RESOLVER is set, starts none', () => {
    expect(loadConfig(PRODUCTION_ENV).DNS_LOCAL_PORT).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'development', DNS_RESOLVER: '127.0.0.1:5300' }).DNS_LOCAL_PORT).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }).DNS_LOCAL_PORT).toBeUndefined();
  });
});
