import type { z } from 'zod';
import type { Access } from './define-call.ts';

/**
 * What an entry point that is not an ordinary call answers or takes (docs/decisions/0098):
 * - download: a file, streamed, with Range requests answered (206, 416) where the kind's answer says so
 * - upload: a multipart body whose file is streamed into storage; answers the usual envelope
 * - resumable-upload: tus 1.0.0 (POST creates, HEAD/PATCH/DELETE on `<path>/{id}` resume, continue, drop)
 * - stream: server-sent events held open for as long as the caller may still see what they watch
 * - page: an HTML page, or a page's own form posts, of a stand-in outside service the portal serves itself
 */
export type EntryKind = 'download' | 'upload' | 'resumable-upload' | 'stream' | 'page';
export type EntryMethod = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';

export interface EntryDefinition<I extends z.ZodObject = z.ZodObject, A extends Access = Access> {
  kind: EntryKind;
  /** The path as the API document writes it; a `{name}` part is a path parameter (a Fastify `:name`). */
  path: `/${string}`;
  methods: readonly EntryMethod[];
  /** The path's last `{name}` takes the rest of the path, slashes included (a board's own paths). */
  wildcard?: true;
  summary: string;
  access: A;
  /**
   * The query's fields (GET, HEAD) or the form's (POST): checked before the entry's own work, so a field
   * over its limits is refused (400) before anything is read. Lenient where the entry answers a missing row
   * itself (an id that is not one answers as missing, as the portal's links always did).
   */
  input: I;
  /** The request headers the entry reads (Range, tus's Upload-Length), documented; the entry checks them. */
  headers?: z.ZodObject;
  /** The content type of a successful answer. */
  answers: string;
  /** Answers a part of the file for a Range request (206), and 416 outside it. */
  ranges?: true;
  /**
   * The credential is in the request itself (a signed token, a card session's id), never a cookie: a post
   * from any origin is taken, and no CSRF token applies. Such an entry must be public.
   */
  crossSiteForm?: true;
  /** A valid input for generated tests. */
  example?: z.input<I>;
}

export type Entry = EntryDefinition<z.ZodObject, Access>;

/** Keeps the access literal in the entry's type, so a handler of a non-public entry gets a non-null actor. */
export function defineEntry<I extends z.ZodObject, A extends Access>(entry: EntryDefinition<I, A>): EntryDefinition<I, A> {
  return entry;
}

/** Methods that change state: a cookie session must send its CSRF token with them. */
export function changesState(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD';
}

/** The key of an entry in the access snapshot and the suites: its methods and path. */
export function entryKey(entry: Pick<Entry, 'methods' | 'path'>): string {
  return `${entry.methods.join(',')} ${entry.path}`;
}
