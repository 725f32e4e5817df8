/**
 * Ticket attachments (spec-1 §7 Attachments). Not ordinary calls: the upload is a multipart stream and the
 * download a file, so both are routes of their own (docs/decisions/0038).
 */
export const UPLOAD_SUPPORT_FILE_ACTION = 'upload_support_file';
/**
 * The status word of a failed upload through the page action (spec-1 §7: "A response status of FAILED is an
 * error"); the upload's own path answers the usual envelope, whose word is `error`.
 */
export const UPLOAD_FAILED_STATUS = 'FAILED';
/** The upload's own path; `POST /` with doAction=upload_support_file reaches the same handler. */
export const UPLOAD_SUPPORT_FILE_PATH = '/api/v1/tickets/upload_support_file';
/**
 * Resumable uploads (tus 1.0.0, docs/decisions/0043): `POST` here creates one, `HEAD`/`PATCH`/`DELETE` on
 * `<path>/<id>` resume, continue and drop it. The last PATCH answers the same envelope as the upload route.
 */
export const RESUMABLE_UPLOADS_PATH = '/api/v1/tickets/uploads';
/** The size of each PATCH the web sends: an interrupted upload resumes from the last whole chunk. */
export const RESUMABLE_CHUNK_BYTES = 8 * 1024 * 1024;
/** The download's page path, with `?id=`. */
export const DOWNLOAD_SUPPORT_ATTACHMENT_PATH = '/download_support_attachment';

export const ATTACHMENT_MESSAGES = {
  tooLarge: 'Too Large',
  internal: 'Internal Error',
  notFound: 'Attachment not found',
  noFile: 'No file was sent',
  sizeMissing: 'The file size must be sent before the file',
  sizeMismatch: 'The file was not the size announced',
  uploadNotFound: 'Upload not found',
} as const;

/** The web's wording of a failed upload (spec-1 §8). */
export const uploadFailed = (reason: string) => `Failed to upload attachment (${reason})`;

/** What the upload answers: the new attachment's id, and the index the browser sent, to match it up. */
export interface UploadedAttachment {
  id: number;
  index: number;
  filename: string;
  filesize: number;
  mime_type: string;
}
