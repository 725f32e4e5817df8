import {
  adminCreateDownload,
  adminCreateDownloadPresignedUrl,
  adminPatchDownload,
  DOWNLOAD_PLATFORMS,
} from '@portal/contract/downloads/downloads';
import { adminCreatePromoCode } from '@portal/contract/payments/promo-codes';
import { adminEditTopupOption, type TopupOption } from '@portal/contract/payments/topup-options';
import type { FastifyInstance } from 'fastify';
import type { DemoClient } from './client.ts';

/**
 * What the vendor sells: top-up options from the $20 minimum (docs/decisions/0023) up, $100 the default, the
 * larger ones with free credit; the automatic top-up plans choose among them.
 */
export const TOPUP_OPTIONS = [
  { name: '$20 top-up', cost: 2_000, amount: 2_000, is_default: false },
  { name: '$50 top-up', cost: 5_000, amount: 5_000, is_default: false },
  { name: '$100 top-up', cost: 10_000, amount: 10_000, is_default: true },
  { name: '$250 top-up', cost: 25_000, amount: 26_000, is_default: false },
  { name: '$500 top-up', cost: 50_000, amount: 52_500, is_default: false },
] as const;

/** A promo code no demo company has used, for anyone trying the redeem box on /topup. */
export const DEMO_PROMO_CODE = { promo_key: 'WELCOME10', display_name: 'Welcome to the portal', amount: 1_000 } as const;

/** Released versions (and one prerelease), each with a small installer for every listed platform. */
export const RELEASES = [
  { version: '24.12.3', codename: 'Aoraki', days_ago: 90, prerelease: false },
  { version: '25.2.1', codename: 'Ruapehu', days_ago: 50, prerelease: false },
  { version: '25.3.0', codename: 'Taranaki', days_ago: 15, prerelease: false },
  { version: '25.4.0', codename: 'Tongariro', days_ago: 3, prerelease: true },
] as const;

/** The version servers run on a day: the newest release out for a week, or the one before the first. */
export function versionOn(daysAgo: number): string {
  const settled = RELEASES.filter((r) => !r.prerelease && r.days_ago - 7 >= daysAgo);
  return settled.at(-1)?.version ?? '24.9.2';
}

export async function offerTopups(admin: DemoClient): Promise<TopupOption[]> {
  const made: TopupOption[] = [];
  for (const option of TOPUP_OPTIONS) made.push(await admin.call(adminEditTopupOption, { ...option, expiry_length_days: 0 }));
  return made;
}

export async function offerPromoCode(admin: DemoClient): Promise<void> {
  await admin.call(adminCreatePromoCode, { ...DEMO_PROMO_CODE, start_at: null, finish_at: null });
}

/** A few bytes that say what they are: the demo's installers are stand-ins, small enough to seed quickly. */
function installer(version: string, platform: string): Buffer {
  return Buffer.from(
    `#!/bin/sh\n# Comet Backup ${version} for ${platform}: a stand-in installer of the demo world.\necho "Comet Backup ${version}"\n`,
  );
}

/** Releases a version as an admin does: create it hidden, upload each installer to its link, attach them, show it. */
export async function release(app: FastifyInstance, admin: DemoClient, r: (typeof RELEASES)[number], day: string): Promise<void> {
  await admin.call(adminCreateDownload, {
    target_version_key: r.version,
    is_hidden: true,
    is_prerelease: r.prerelease,
    codename: r.codename,
    release_date: day,
    release_notes: `Comet Backup ${r.version} "${r.codename}"${r.prerelease ? ', a preview of the next release' : ''}: fixes and improvements.`,
  });
  const files: Record<string, string> = {};
  for (const p of DOWNLOAD_PLATFORMS) {
    const filename = `cometd-${r.version}${p.suffix}`;
    const link = await admin.call(adminCreateDownloadPresignedUrl, { target_version_key: r.version, target_path: filename });
    const body = installer(r.version, p.name);
    const url = new URL(link.url);
    const res = await app.inject({
      method: 'PUT',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(body.length) },
      payload: body,
    });
    if (res.statusCode !== 200) throw new Error(`upload of ${filename}: ${res.statusCode} ${res.body}`);
    files[`file_${p.id}`] = filename;
  }
  await admin.call(adminPatchDownload, { target_version_key: r.version, ...files, is_hidden: false });
}
