import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DOWNLOAD_MESSAGES,
  DOWNLOAD_PLATFORMS,
  type DownloadAdmin,
  type DownloadFile,
  type DownloadPlatformId,
  type DownloadVersion,
  PLATFORM_IDS,
  platformOfFileName,
} from '@portal/contract/downloads/downloads';
import type { CallContext } from '../../platform/context.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import { type ObjectStorage, objectStorageFor } from '../../platform/object-storage/index.ts';
import { renderMarkdown } from '../../platform/markdown.ts';
import * as q from './queries.ts';

/** How long an admin has to start an upload once the URL is given. */
export const UPLOAD_URL_SECONDS = 3600;

export function storageOf(ctx: Pick<CallContext, 'config' | 'clock'>): ObjectStorage {
  return objectStorageFor(ctx.config, ctx.clock);
}

function platformOf(id: string) {
  const p = DOWNLOAD_PLATFORMS.find((x) => x.id === id);
  if (!p) throw new Error(`unknown platform ${id}`);
  return p;
}

function fileView(f: q.FileRow): DownloadFile {
  const p = platformOf(f.platform);
  return {
    platform_id: p.id,
    platform_name: p.name,
    platform_icon: p.icon,
    filename: f.filename,
    filesize_bytes: f.size_bytes ?? 0,
    sha256: f.sha256 ?? '',
  };
}

const byPlatform = (a: { platform_id: string }, b: { platform_id: string }) =>
  PLATFORM_IDS.indexOf(a.platform_id as DownloadPlatformId) - PLATFORM_IDS.indexOf(b.platform_id as DownloadPlatformId);

function versionView(v: q.VersionRow, files: q.FileRow[]): DownloadVersion {
  return {
    version: v.version_key,
    codename: v.codename,
    release_date: v.release_date ?? '',
    release_notes: v.release_notes,
    release_notes_html: v.release_notes ? renderMarkdown(v.release_notes) : '',
    is_prerelease: v.is_prerelease,
    platforms: files
      .filter((f) => f.version_id === v.id && f.state === 'ready')
      .map(fileView)
      .sort(byPlatform),
  };
}

function adminView(v: q.VersionRow, files: q.FileRow[]): DownloadAdmin {
  const ready = new Set(files.filter((f) => f.version_id === v.id && f.state === 'ready').map((f) => f.object_key));
  return {
    ...versionView(v, files),
    version_key: v.version_key,
    is_hidden: v.is_hidden,
    prefix: `cometd-${v.version_key}`,
    pending: files
      .filter((f) => f.version_id === v.id && f.state === 'pending' && !ready.has(f.object_key))
      .map((f) => ({ platform_id: f.platform as DownloadPlatformId, filename: f.filename })),
  };
}

async function adminViewOf(ctx: CallContext, v: q.VersionRow): Promise<DownloadAdmin> {
  return adminView(v, await q.filesOf(ctx.db, [v.id], { readyOnly: false }));
}

async function requireVersion(ctx: CallContext, versionKey: string, lock = false): Promise<q.VersionRow> {
  const v = await q.findVersion(ctx.db, versionKey, { visibleOnly: false, lock });
  if (!v) throw notFound(DOWNLOAD_MESSAGES.notFound);
  return v;
}

type Details = q.VersionDetails;

export async function create(ctx: CallContext, input: { target_version_key: string } & Details): Promise<DownloadAdmin> {
  const { target_version_key: key, ...details } = input;
  const [major = 0, minor = 0, patch = 0] = key.split('.').map(Number);
  const row = await q.insertVersion(
    ctx.db,
    { version_key: key, major, minor, patch, ...details, release_date: details.release_date || null },
    ctx.clock.now(),
  );
  if (!row) throw badInput({ target_version_key: DOWNLOAD_MESSAGES.exists });
  ctx.log.info({ version_key: key }, `download version ${key} created`);
  return adminViewOf(ctx, row);
}

export async function describe(ctx: CallContext, input: { version_key: string }): Promise<DownloadAdmin> {
  return adminViewOf(ctx, await requireVersion(ctx, input.version_key));
}

export async function listAll(ctx: CallContext, input: { page: number; page_size: number }) {
  const page = await q.pageOfVersions(ctx.db, { visibleOnly: false, search: '', page: input.page, pageSize: input.page_size });
  const files = await q.filesOf(
    ctx.db,
    page.rows.map((v) => v.id),
    { readyOnly: false },
  );
  return { rows: page.rows.map((v) => adminView(v, files)), total: page.total };
}

/**
 * A URL to PUT one installer to. The name is checked before anything is stored: only cometd-<this version>
 * with a listed platform's installer name. Each upload gets its own key, so a second upload of the same
 * name never overwrites the file customers are downloading.
 */
export async function presignedUrl(ctx: CallContext, input: { target_version_key: string; target_path: string }) {
  const v = await requireVersion(ctx, input.target_version_key);
  const parsed = platformOfFileName(input.target_path);
  if (!parsed) throw badInput({ target_path: DOWNLOAD_MESSAGES.fileName });
  if (parsed.version !== v.version_key) throw badInput({ target_path: DOWNLOAD_MESSAGES.wrongVersion });
  const objectKey = `downloads/${v.version_key}/${randomUUID()}/${input.target_path}`;
  await q.insertPendingFile(
    ctx.db,
    { version_id: v.id, platform: parsed.platform, filename: input.target_path, object_key: objectKey },
    ctx.clock.now(),
  );
  const url = await storageOf(ctx).presignPut(objectKey, UPLOAD_URL_SECONDS);
  return { url, platform_id: parsed.platform, filename: input.target_path, expires_in_seconds: UPLOAD_URL_SECONDS };
}

async function sha256Of(storage: ObjectStorage, key: string): Promise<string> {
  const object = await storage.get(key);
  if (!object) throw new Error(`object ${key} vanished`);
  const hash = createHash('sha256');
  for await (const chunk of object.body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Changes a version. A file name attaches the newest upload of that name once its object is whole in
 * storage (its size and SHA-256 recorded); until then customers do not see it. An empty name removes the
 * platform's file. The version row is locked, so two admins' changes take turns.
 */
export async function patch(
  ctx: CallContext,
  input: { target_version_key: string } & Details & Record<string, unknown>,
): Promise<DownloadAdmin> {
  const v = await requireVersion(ctx, input.target_version_key, true);
  const now = ctx.clock.now();
  const storage = storageOf(ctx);
  const fields: Record<string, string> = {};
  for (const id of PLATFORM_IDS) {
    const name = input[`file_${id}`];
    if (typeof name !== 'string') continue;
    if (name === '') {
      await q.removeReady(ctx.db, v.id, id);
      continue;
    }
    const parsed = platformOfFileName(name);
    if (!parsed || parsed.platform !== id) {
      fields[`file_${id}`] = DOWNLOAD_MESSAGES.fileName;
      continue;
    }
    // The newest upload of this name, if its object is whole in storage; otherwise the name may already be
    // the attached file (a patch that only changes other fields sends the names it was shown).
    const pending = await q.latestPending(ctx.db, v.id, id, name);
    const object = pending ? await storage.head(pending.object_key) : null;
    if (!pending || !object) {
      if ((await q.readyFile(ctx.db, v.id, id))?.filename !== name) fields[`file_${id}`] = DOWNLOAD_MESSAGES.notUploaded;
      continue;
    }
    const sha256 = await sha256Of(storage, pending.object_key);
    await q.removeReady(ctx.db, v.id, id);
    await q.markReady(ctx.db, pending.id, { size_bytes: object.size, sha256 }, now);
  }
  if (Object.keys(fields).length) throw badInput(fields);
  const changes: Details = {};
  for (const k of ['codename', 'release_notes', 'is_hidden', 'is_prerelease'] as const) {
    if (input[k] !== undefined) Object.assign(changes, { [k]: input[k] });
  }
  if (input.release_date !== undefined) changes.release_date = input.release_date || null;
  const row = await q.updateVersion(ctx.db, v.id, changes, now);
  ctx.log.info({ version_key: v.version_key }, `download version ${v.version_key} changed`);
  return adminViewOf(ctx, row);
}

export async function listForCustomer(ctx: CallContext, input: { page: number; page_size: number; target_search_query: string }) {
  const page = await q.pageOfVersions(ctx.db, {
    visibleOnly: true,
    search: input.target_search_query,
    page: input.page,
    pageSize: input.page_size,
  });
  const files = await q.filesOf(
    ctx.db,
    page.rows.map((v) => v.id),
    { readyOnly: true },
  );
  return { rows: page.rows.map((v) => versionView(v, files)), total: page.total };
}

export async function meta(ctx: CallContext, input: { version_key: string }): Promise<DownloadVersion> {
  const v = await q.findVersion(ctx.db, input.version_key, { visibleOnly: true });
  if (!v) throw notFound(DOWNLOAD_MESSAGES.notFound);
  return versionView(v, await q.filesOf(ctx.db, [v.id], { readyOnly: true }));
}

/** The finished file a customer may download; null for a hidden or missing version or platform. */
export async function fileForDownload(
  ctx: Pick<CallContext, 'db'>,
  input: { versionKey: string; platform: string },
): Promise<q.FileRow | null> {
  const { versionKey, platform } = input;
  if (!PLATFORM_IDS.includes(platform as DownloadPlatformId)) return null;
  const v = await q.findVersion(ctx.db, versionKey, { visibleOnly: true });
  return v ? q.readyFile(ctx.db, v.id, platform) : null;
}

/** Counts the company's download once the installer starts from its first byte (a resumed range is the same download). */
export async function recordDownload(ctx: Pick<CallContext, 'db' | 'clock'>, input: { companyId: number; file: q.FileRow }): Promise<void> {
  const { companyId, file } = input;
  await q.recordDownload(ctx.db, { companyId, versionId: file.version_id, platform: file.platform, now: ctx.clock.now() });
}

/** /create_server's page data (spec-1 §3): whether the company has downloaded an installer, and the newest stable version. */
export async function createServerPage(ctx: CallContext): Promise<{ server_downloaded: boolean; server_latest_version: string | null }> {
  const companyId = ctx.actor.companyId;
  const [downloaded, latest] = [await q.hasDownloaded(ctx.db, companyId), await q.latestStable(ctx.db)];
  return { server_downloaded: downloaded, server_latest_version: latest?.version_key ?? null };
}

/**
 * Stores an upload's bytes as the browser's PUT would, for the test factories: the newest pending upload of
 * the name gets them.
 */
export async function storeUploadForTest(ctx: CallContext, input: { versionKey: string; filename: string; body: Buffer }): Promise<void> {
  const { versionKey, filename, body } = input;
  const v = await requireVersion(ctx, versionKey);
  const parsed = platformOfFileName(filename);
  const pending = parsed ? await q.latestPending(ctx.db, v.id, parsed.platform, filename) : null;
  if (!pending) throw new Error(`no pending upload of ${filename}`);
  await storageOf(ctx).put(pending.object_key, Readable.from([body]), body.length);
}
