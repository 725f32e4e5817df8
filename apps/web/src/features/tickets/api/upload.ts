import {
  ATTACHMENT_MESSAGES,
  DOWNLOAD_SUPPORT_ATTACHMENT_PATH,
  RESUMABLE_CHUNK_BYTES,
  RESUMABLE_UPLOADS_PATH,
  type UploadedAttachment,
  uploadFailed,
} from '@portal/contract/tickets/ticket-attachments';
import { CSRF_HEADER, readCsrfToken } from '../../../lib/csrf';

export const attachmentUrl = (id: number) => `${DOWNLOAD_SUPPORT_ATTACHMENT_PATH}?id=${id}`;

/** The message to show for a failed tus request: the server's envelope when it answered one. */
function failure(status: number, body: string): string {
  let message: string | undefined;
  try {
    message = (JSON.parse(body) as { message?: string }).message;
  } catch {}
  if (message === ATTACHMENT_MESSAGES.tooLarge) return ATTACHMENT_MESSAGES.tooLarge;
  if (status === 0 || status >= 500 || !message) return ATTACHMENT_MESSAGES.internal;
  return uploadFailed(message);
}

/**
 * Uploads one file resumably (tus, docs/decisions/0043) in 8 MB PATCHes: a dropped connection is retried
 * from the last whole part, and a reload resumes an upload of the same file. tus-js-client is loaded here,
 * when a file is chosen, so no page's first load carries it. The last PATCH answers the attachment as
 * `upload_support_file` does. Rejects with the message to show: 'Too Large', 'Failed to upload attachment
 * (reason)' or 'Internal Error'.
 */
export async function uploadSupportFile(
  file: File,
  index: number,
  onProgress: (fraction: number) => void,
  ticketId?: number,
): Promise<UploadedAttachment> {
  const { Upload } = await import('tus-js-client');
  const token = readCsrfToken();
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: RESUMABLE_UPLOADS_PATH,
      chunkSize: RESUMABLE_CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      removeFingerprintOnSuccess: true,
      headers: token ? { [CSRF_HEADER]: token } : {},
      metadata: {
        filename: file.name,
        filetype: file.type,
        index: String(index),
        ...(ticketId ? { ticket_id: String(ticketId) } : {}),
      },
      onProgress: (sent, total) => {
        if (total > 0) onProgress(sent / total);
      },
      onSuccess: ({ lastResponse }) => {
        try {
          const body = JSON.parse(lastResponse.getBody()) as { status?: string; data?: UploadedAttachment };
          if (body.status === 'ok' && body.data) return resolve(body.data);
        } catch {}
        // A finished upload resumed after a reload answers no attachment: the file is sent again.
        reject(new Error(ATTACHMENT_MESSAGES.internal));
      },
      onError: (err) => {
        const res = 'originalResponse' in err ? err.originalResponse : null;
        reject(new Error(res ? failure(res.getStatus(), res.getBody()) : ATTACHMENT_MESSAGES.internal));
      },
    });
    upload.findPreviousUploads().then(
      (previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      },
      () => upload.start(),
    );
  });
}
