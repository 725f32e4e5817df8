import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { MESSAGES } from '@portal/contract/shared/envelope';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { requireAccess } from './access.ts';
import { AppError } from './errors.ts';
import { EXPORT_TYPES, type ExportFormat, SHEET_OPTIONS, addSheetHeader, addSheetRow, cell, csvCell } from './export.ts';
import { type AppDeps, type Handler, withCallContext } from './handle.ts';
import { inputLimitsFor, readInput } from './input.ts';
import { sessionCookieNames } from './session.ts';

/**
 * A report file streamed from the database (docs/decisions/0062): rows arrive in batches and leave as CSV
 * or XLSX while the next batch is read, so memory stays the same whatever the file's length. The batches
 * start only when the file is opened (the GET), so the POST that answers the file's name reads nothing.
 */
export type Cell = string | number | boolean | null;
export type FileRow = Record<string, Cell>;

const OPEN = Symbol('open');

export interface StreamedFile {
  filename: string;
  content_type: string;
  [OPEN]: () => Readable;
}

export function isStreamedFile(value: unknown): value is StreamedFile {
  return typeof value === 'object' && value !== null && OPEN in value;
}

export function streamedFile(o: {
  /** The file's name without its extension. */
  name: string;
  format: ExportFormat;
  columns: readonly string[];
  batches: () => AsyncIterable<readonly FileRow[]>;
}): StreamedFile {
  const filename = `${o.name.replace(/[^\w.-]/g, '_')}.${o.format}`;
  const open = () => (o.format === 'csv' ? csvStream(o.columns, o.batches) : xlsxStream(o.columns, o.batches));
  return { filename, content_type: EXPORT_TYPES[o.format], [OPEN]: open };
}

/**
 * Rows in keyset order: each batch asks for the rows after the last key read, so every batch is one short
 * query on an index (no OFFSET that rereads what came before, no cursor holding a connection between
 * batches). `fetch` answers a batch and the key to continue from, null when nothing is left.
 */
export async function* keysetBatches<R, K>(
  fetch: (after: K | null, limit: number) => Promise<{ rows: R[]; last: K | null }>,
  size = 1000,
): AsyncGenerator<R[]> {
  let after: K | null = null;
  for (;;) {
    const { rows, last }: { rows: R[]; last: K | null } = await fetch(after, size);
    if (rows.length) yield rows;
    if (last === null) return;
    after = last;
  }
}

const line = (values: Cell[]) => stringify([values.map((v) => csvCell(cell(v)))]);

function csvStream(columns: readonly string[], batches: () => AsyncIterable<readonly FileRow[]>): Readable {
  // Readable.from pulls the next batch only when the reader wants more: the client's pace sets the reads.
  return Readable.from(
    (async function* () {
      yield line([...columns]);
      for await (const batch of batches()) yield batch.map((row) => line(columns.map((c) => row[c] ?? null))).join('');
    })(),
    { objectMode: false },
  );
}

/**
 * ExcelJS's streaming writer: each committed row is zipped out and forgotten. Styles are kept (a handful: the
 * header's bold, the money and date formats); shared strings are not, so memory stays flat.
 */
function xlsxStream(columns: readonly string[], batches: () => AsyncIterable<readonly FileRow[]>): Readable {
  const out = new PassThrough();
  const write = async () => {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = book.addWorksheet('Report', SHEET_OPTIONS);
    addSheetHeader(sheet, columns).commit();
    for await (const batch of batches()) {
      for (const row of batch) addSheetRow(sheet, columns, (c) => row[c] ?? null).commit();
      // The reader is behind: wait for it before reading the next batch.
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await book.commit();
  };
  write().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}

/**
 * `GET <path>?<input>` for each call whose contract says `download`: the session's actor, the contract's
 * access and input, the handler (read-only, on the pool), then its file streamed as the answer. No CSRF
 * token: it only reads, and the session cookie is SameSite=Lax (as for the PDF files, docs/decisions/0029).
 */
export function registerDownloads(app: FastifyInstance, handlers: readonly Handler[], deps: AppDeps, bodyLimit: number): void {
  const sessionCookie = sessionCookieNames(deps.config.COOKIE_SECURE).session;
  for (const { call, run } of handlers.filter((h) => h.call.download)) {
    const limits = inputLimitsFor(call, bodyLimit);
    app.get(call.path, async (req, reply) => {
      const resolved = await deps.resolveActor(deps.db, req.cookies[sessionCookie]);
      req.actor = resolved?.actor ?? null;
      requireAccess(call.access, req.actor);
      const input = readInput(call, { ...(req.query as Record<string, unknown>) }, limits);
      const file = await withCallContext(deps, req, reply, (ctx) => run(input, ctx), true);
      if (!isStreamedFile(file)) {
        req.log.error({ path: call.path }, 'download did not answer a streamed file');
        throw new AppError(500, MESSAGES.internal);
      }
      const body = file[OPEN]();
      body.on('error', (err) => req.log.error({ err, path: call.path }, 'download stream failed'));
      return reply
        .header('content-type', file.content_type)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    });
  }
}
