import {
  ATTACHMENT_MESSAGES,
  DOWNLOAD_SUPPORT_ATTACHMENT_PATH,
  UPLOAD_SUPPORT_FILE_PATH,
  type UploadedAttachment,
  uploadFailed,
} from '@portal/contract/tickets/ticket-attachments';
import { CSRF_HEADER, readCsrfToken } from '../../../lib/csrf';

export const attachmentUrl = (id: number) => `${DOWNLOAD_SUPPORT_ATTACHMENT_PATH}?id=${id}`;

/**
 * `upload_support_file` by XMLHttpRequest, whose upload events give the progress bar (fetch has none).
 * Rejects with the message to show: 'Too Large', 'Failed to upload attachment (reason)' or 'Internal Error'.
 */
export function uploadSupportFile(file: File, index: number, onProgress: (fraction: number) => void): Promise<UploadedAttachment> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_SUPPORT_FILE_PATH);
    const token = readCsrfToken();
    if (token) xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new Error(ATTACHMENT_MESSAGES.internal));
    xhr.onload = () => {
      let body: { status?: string; message?: string; data?: UploadedAttachment } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {}
      if (xhr.status === 200 && body.status === 'ok' && body.data) return resolve(body.data);
      if (body.message === ATTACHMENT_MESSAGES.tooLarge) return reject(new Error(ATTACHMENT_MESSAGES.tooLarge));
      if (xhr.status >= 500 || !body.message) return reject(new Error(ATTACHMENT_MESSAGES.internal));
      reject(new Error(uploadFailed(body.message)));
    };
    const form = new FormData();
    // The size goes before the file, so the server knows it before the first byte (docs/decisions/0038).
    form.append('index', String(index));
    form.append('size', String(file.size));
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
