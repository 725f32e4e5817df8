import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { autoPaymentConfigure } from '@portal/contract/payments/auto-payment';
import { authorizePaymentMethod, completePaymentMethod } from '@portal/contract/payments/cards';
import { chargePaymentMethod } from '@portal/contract/payments/charges';
import type { TopupOption } from '@portal/contract/payments/topup-options';
import { hostedCreate } from '@portal/contract/servers/hosted';
import { createLicense } from '@portal/contract/servers/licences';
import { storageAccountGet, storageCreateBucket, storageEnable } from '@portal/contract/storage/storage';
import type { FastifyInstance } from 'fastify';
import { checkInOnce, type SimulatedServer } from '../domains/servers/simulator.ts';
import { asUser, fetchThrough } from './client.ts';
import type { Member } from './cast.ts';
import type { DemoServer } from './demo-world.ts';

/** A server of a demo company: what it is meant to run, and the simulator's state of it. */
export interface RunningServer {
  member: Member;
  spec: DemoServer;
  sim: SimulatedServer;
  /** The day it was installed (days before the seed time). */
  from: number;
}

/** Its licences, created on /create_server, and each server as the simulator runs it. */
export async function installServers(app: FastifyInstance, m: Member, daysAgo: number): Promise<RunningServer[]> {
  const made: RunningServer[] = [];
  await asUser(app, m.userId, async (c) => {
    for (const [i, spec] of (m.demo.story?.servers ?? []).entries()) {
      const { serial_number } = await c.call(createLicense, { target_name: spec.name });
      made.push({
        member: m,
        spec,
        from: daysAgo,
        sim: {
          serial_number,
          machine_id: `${m.demo.key}-${i + 1}`,
          version: '',
          devices: 0,
          reported: 0,
          boosters: { microsoft365: 0, disk_image: 0, mssql: 0, hyperv: 0, vmware: 0, proxmox: 0 },
        },
      });
    }
  });
  return made;
}

const along = ([a, b]: [number, number], share: number) => Math.round(a + (b - a) * share);

/**
 * The server checks in through the public licence endpoint, as `npm run simulate:servers` does, with its
 * figures for the day: a refused check-in (a suspended or closed company) changes nothing at the portal.
 */
export async function checkIn(app: FastifyInstance, s: RunningServer, daysAgo: number, version: string): Promise<void> {
  const share = s.from === 0 ? 1 : (s.from - daysAgo) / s.from;
  const b = s.spec.boosters ?? {};
  const day: SimulatedServer = {
    ...s.sim,
    version,
    devices: along(s.spec.devices, share),
    boosters: {
      ...s.sim.boosters,
      microsoft365: b.microsoft365 ? along(b.microsoft365, share) : 0,
      hyperv: b.hyperv ? along(b.hyperv, share) : 0,
      disk_image: b.disk_image ? along(b.disk_image, share) : 0,
    },
  };
  const result = await checkInOnce('http://portal.local', day, fetchThrough(app));
  if (result.reported !== undefined) s.sim = { ...day, reported: result.reported };
}

/** A card saved through the sandbox processor's hosted page, as the Authorize New Card dialog does it. */
export async function saveCard(app: FastifyInstance, m: Member): Promise<number> {
  return asUser(app, m.userId, async (c) => {
    const started = await c.call(authorizePaymentMethod, {});
    const name = m.demo.users[0]?.contact_name ?? 'Card holder';
    await c.form('/sandbox-gateway/card/enter', {
      session: started.session,
      number: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
      name,
    });
    const done = await c.call(completePaymentMethod, { session: started.session });
    if (!done.card) throw new Error(`${m.demo.key}: card not saved (${done.response_text})`);
    return done.card.id;
  });
}

/** The smallest option that buys at least the credit wanted (the largest when none does). */
export function optionFor(options: TopupOption[], wantedCents: number): TopupOption {
  const sorted = [...options].sort((a, b) => a.amount - b.amount);
  const option = sorted.find((o) => o.amount >= wantedCents) ?? sorted.at(-1);
  if (!option) throw new Error('no top-up options');
  return option;
}

/** Pay once on /topup: the gateway charges the card, and the pack, its transaction and receipt are written. */
export async function payOnce(app: FastifyInstance, m: Member, cardId: number, option: TopupOption): Promise<void> {
  await asUser(app, m.userId, async (c) => {
    const paid = await c.call(chargePaymentMethod, { target_topup_id: option.id, target_card_id: cardId });
    if (!paid.success) throw new Error(`${m.demo.key}: payment refused (${paid.response_text})`);
  });
}

export async function turnOnAutoTopup(app: FastifyInstance, m: Member, option: TopupOption): Promise<void> {
  await asUser(app, m.userId, (c) =>
    c.call(autoPaymentConfigure, {
      topup_option_id: option.id,
      auto_rebill_days_remaining: 14,
      auto_topup_enabled: true,
      monthly_cap_cents: null,
    }),
  );
}

export async function orderHostedConsole(app: FastifyInstance, m: Member): Promise<void> {
  const domain = m.demo.users[0]?.email.split('@')[1] ?? 'example.com';
  await asUser(app, m.userId, (c) =>
    c.call(hostedCreate, {
      target_name: `${m.demo.company_name} backups`,
      target_region: 'us-east',
      target_email_from: `backups@${domain}`,
      target_email_send_as: `${m.demo.company_name} Backups`,
      target_storage_type: 'none',
    }),
  );
}

/** A bucket the company's backups go to, and an S3 client with its keys (as a backup client is set up). */
export interface BackupTarget {
  bucket: string;
  s3: S3Client;
}

export async function enableStorage(app: FastifyInstance, m: Member): Promise<BackupTarget> {
  return asUser(app, m.userId, async (c) => {
    await c.call(storageEnable, {});
    const { bucket } = await c.call(storageCreateBucket, { target_region: 'us-east-1', target_object_lock_enabled: false });
    const account = await c.call(storageAccountGet, {});
    const s3 = new S3Client({
      endpoint: account.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: account.AccessKey, secretAccessKey: account.SecretKey },
      // s3rver corrupts streamed uploads with the SDK's default checksums (DESIGN.md).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return { bucket, s3 };
  });
}

/** A night's backup: a file that grows a little each day, so the storage history has a shape. */
export async function backUp(target: BackupTarget, day: string, n: number): Promise<void> {
  const body = Buffer.alloc(32_768 + n * 1_024, n % 251);
  await target.s3.send(new PutObjectCommand({ Bucket: target.bucket, Key: `nightly/${day}.bak`, Body: body }));
}
