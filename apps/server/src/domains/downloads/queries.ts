import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db.ts';
import { likePattern } from '../../platform/search.ts';
import { companyDownloads, downloadFiles, downloadVersions } from './tables.ts';

export type VersionRow = typeof downloadVersions.$inferSelect;
export type FileRow = typeof downloadFiles.$inferSelect;
export type VersionDetails = Partial<Pick<VersionRow, 'codename' | 'release_notes' | 'release_date' | 'is_hidden' | 'is_prerelease'>>;

const newestFirst = [desc(downloadVersions.major), desc(downloadVersions.minor), desc(downloadVersions.patch)];

/** Versions a customer may see: not hidden, with at least one finished file. */
const visible = and(
  eq(downloadVersions.is_hidden, false),
  sql`exists (select 1 from ${downloadFiles} where ${downloadFiles.version_id} = ${downloadVersions.id} and ${downloadFiles.state} = 'ready')`,
);

export async function insertVersion(
  db: Database,
  v: { version_key: string; major: number; minor: number; patch: number } & VersionDetails,
  now: Date,
): Promise<VersionRow | null> {
  const [row] = await db
    .insert(downloadVersions)
    .values({ ...v, created_at: now, updated_at: now })
    .onConflictDoNothing({ target: downloadVersions.version_key })
    .returning();
  return row ?? null;
}

export async function findVersion(
  db: Database,
  versionKey: string,
  o: { visibleOnly: boolean; lock?: boolean },
): Promise<VersionRow | null> {
  const where = o.visibleOnly ? and(eq(downloadVersions.version_key, versionKey), visible) : eq(downloadVersions.version_key, versionKey);
  const q = db.select().from(downloadVersions).where(where);
  const [row] = o.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateVersion(db: Database, id: number, changes: VersionDetails, now: Date): Promise<VersionRow> {
  const [row] = await db
    .update(downloadVersions)
    .set({ ...changes, updated_at: now })
    .where(eq(downloadVersions.id, id))
    .returning();
  if (!row) throw new Error(`download version ${id} vanished`);
  return row;
}

export async function pageOfVersions(
  db: Database,
  o: { visibleOnly: boolean; search: string; page: number; pageSize: number },
): Promise<{ rows: VersionRow[]; total: number }> {
  const match = o.search
    ? or(ilike(downloadVersions.version_key, likePattern(o.search)), ilike(downloadVersions.codename, likePattern(o.search)))
    : undefined;
  const where = and(o.visibleOnly ? visible : undefined, match);
  const rows = await db
    .select()
    .from(downloadVersions)
    .where(where)
    .orderBy(...newestFirst)
    .limit(o.pageSize)
    .offset((o.page - 1) * o.pageSize);
  const [total] = await db.select({ n: count() }).from(downloadVersions).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The files of these versions; only finished ones unless pending ones are asked for too. */
export async function filesOf(db: Database, versionIds: number[], o: { readyOnly: boolean }): Promise<FileRow[]> {
  if (!versionIds.length) return [];
  const ids = inArray(downloadFiles.version_id, versionIds);
  return db
    .select()
    .from(downloadFiles)
    .where(o.readyOnly ? and(ids, eq(downloadFiles.state, 'ready')) : ids)
    .orderBy(downloadFiles.id);
}

export async function insertPendingFile(
  db: Database,
  f: { version_id: number; platform: string; filename: string; object_key: string },
  now: Date,
): Promise<void> {
  await db.insert(downloadFiles).values({ ...f, state: 'pending', created_at: now });
}

/** The newest upload of this name for the platform that has not been attached yet. */
export async function latestPending(db: Database, versionId: number, platform: string, filename: string): Promise<FileRow | null> {
  const [row] = await db
    .select()
    .from(downloadFiles)
    .where(
      and(
        eq(downloadFiles.version_id, versionId),
        eq(downloadFiles.platform, platform),
        eq(downloadFiles.filename, filename),
        eq(downloadFiles.state, 'pending'),
      ),
    )
    .orderBy(desc(downloadFiles.id))
    .limit(1);
  return row ?? null;
}

export async function readyFile(db: Database, versionId: number, platform: string): Promise<FileRow | null> {
  const [row] = await db
    .select()
    .from(downloadFiles)
    .where(and(eq(downloadFiles.version_id, versionId), eq(downloadFiles.platform, platform), eq(downloadFiles.state, 'ready')));
  return row ?? null;
}

/** Removes the platform's finished file, answering its object key so the object can go too. */
export async function removeReady(db: Database, versionId: number, platform: string): Promise<string | null> {
  const [row] = await db
    .delete(downloadFiles)
    .where(and(eq(downloadFiles.version_id, versionId), eq(downloadFiles.platform, platform), eq(downloadFiles.state, 'ready')))
    .returning({ object_key: downloadFiles.object_key });
  return row?.object_key ?? null;
}

export async function markReady(db: Database, id: number, f: { size_bytes: number; sha256: string }, now: Date): Promise<void> {
  await db
    .update(downloadFiles)
    .set({ state: 'ready', size_bytes: f.size_bytes, sha256: f.sha256, uploaded_at: now })
    .where(and(eq(downloadFiles.id, id), eq(downloadFiles.state, 'pending')));
}

/** Counts a company's download of an installer (one row per version and platform). */
export async function recordDownload(
  db: Database,
  o: { companyId: number; versionId: number; platform: string; now: Date },
): Promise<void> {
  await db
    .insert(companyDownloads)
    .values({
      company_id: o.companyId,
      version_id: o.versionId,
      platform: o.platform,
      first_downloaded_at: o.now,
      last_downloaded_at: o.now,
    })
    .onConflictDoUpdate({
      target: [companyDownloads.company_id, companyDownloads.version_id, companyDownloads.platform],
      set: { last_downloaded_at: o.now, times: sql`${companyDownloads.times} + 1` },
    });
}

export async function hasDownloaded(db: Database, companyId: number): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(companyDownloads).where(eq(companyDownloads.company_id, companyId)).limit(1);
  return row !== undefined;
}

/** The newest version customers may download that is not a prerelease. */
export async function latestStable(db: Database): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(downloadVersions)
    .where(and(visible, eq(downloadVersions.is_prerelease, false)))
    .orderBy(...newestFirst)
    .limit(1);
  return row ?? null;
}
