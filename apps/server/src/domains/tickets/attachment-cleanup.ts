import type { CallContext } from '../../platform/context.ts';
import { objectStorageFor } from '../../platform/object-storage/index.ts';
import { ABANDONED_UPLOAD_MS, resumableUploads } from './attachment-tus.ts';
import * as qa from './queries/attachments.ts';

/** Finished uploads removed per transaction; the scheduler runs the job again while it finds more. */
const BATCH = 100;

/**
 * Scheduled (docs/decisions/0070): what was uploaded for a ticket and never sent goes a day later, so abandoned
 * uploads of up to 500 MB do not pile up in object storage: resumable uploads left unfinished (their parts or
 * growing file), and finished uploads never put on a comment (row and object). One node sweeps at a time.
 * Answers how many uploads it removed.
 */
export async function purgeAbandonedUploadsJob(ctx: CallContext): Promise<number> {
  if (!(await qa.takeUploadSweep(ctx.db))) return 0;
  const cutoff = new Date(ctx.clock.now().getTime() - ABANDONED_UPLOAD_MS);
  const removed = await qa.deleteUnattachedBefore(ctx.db, cutoff, BATCH);
  if (removed.length) {
    const storage = objectStorageFor(ctx.config, ctx.clock);
    // The objects go once the rows' removal has committed: a row still there (the job's transaction rolled
    // back) keeps its object.
    ctx.afterCall(async (after) => {
      const gone = new Set(
        await qa.idsGone(
          after.db,
          removed.map((r) => r.id),
        ),
      );
      for (const r of removed) if (gone.has(r.id)) await storage.delete(r.storage_key);
    });
  }
  const unfinished = await resumableUploads(ctx.config, ctx.clock).store.deleteExpired();
  return removed.length + unfinished;
}
