/**
 * Admin tools' part of the app's wiring: the platform's request-log writer stores its batches here, on the pool and
 * outside any call (the admin reads them at /request_log).
 */
import type { Database } from '../../platform/db.ts';
import type { RequestLogEntry } from '../../platform/request-log.ts';
import * as q from './queries.ts';

/** Stores a batch of the platform's request log. */
export const writeRequestLog = (db: Database, rows: RequestLogEntry[]) => q.insertRequestLog(db, rows);
