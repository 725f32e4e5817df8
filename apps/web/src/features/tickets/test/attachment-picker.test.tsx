import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AttachmentPicker, useAttachments } from '../components/attachment-picker';
import { CommentAttachments } from '../components/comment-attachments';
import { uploadedIds } from '../lib/attachment-rules';

/**
 * A stand-in XMLHttpRequest (the browser's edge): records each request tus-js-client sends and lets the
 * test drive its upload progress and answer it as the server would.
 */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  responseHeaders: Record<string, string> = {};
  body: Blob | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send(body: Blob | null) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {}
  answer(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = body === '' ? '' : JSON.stringify(body);
    this.responseHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    this.onload?.();
  }
}

/** The n-th request, once tus-js-client (loaded when the file is chosen) has sent it. */
async function request(n: number): Promise<FakeXhr> {
  await waitFor(() => expect(FakeXhr.sent.length).toBeGreaterThan(n));
  return FakeXhr.sent[n] as FakeXhr;
}
const TUS = { 'Tus-Resumable': '1.0.0' };
const LOCATION = '/api/v1/tickets/uploads/0123456789abcdef0123456789abcdef';

let sentIds: number[] = [];
function Harness() {
  const files = useAttachments();
  sentIds = uploadedIds(files.items);
  return <AttachmentPicker items={files.items} add={files.add} remove={files.remove} />;
}

const sized = (name: string, size: number) => new File([new Uint8Array(size)], name, { type: 'text/plain' });
/** A file that says it is `size` bytes without holding them, for the limit. */
const claimed = (name: string, size: number) => {
  const f = new File(['x'], name, { type: 'text/plain' });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

beforeEach(() => {
  FakeXhr.sent = [];
  localStorage.clear();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('the attachment picker', () => {
  it('uploads each chosen file resumably with a progress bar that follows the bytes sent, ignores a repeated name, and lists the size', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server, which sets the CSRF cookie at sign-in
    document.cookie = 'portal_csrf=token-1';
    renderWithProviders(<Harness />);
    const input = screen.getByTestId('attachment-input');
    await userEvent.upload(input, [sized('a.log', 2_000_000), sized('a.log', 10)]);
    expect(screen.getByText('(2 MB)')).toBeTruthy();
    const create = await request(0);
    expect(create.method).toBe('POST');
    expect(create.url).toBe('/api/v1/tickets/uploads');
    expect(create.headers['upload-length']).toBe('2000000');
    expect(create.headers['x-csrf-token']).toBe('token-1');
    create.answer(201, '', { ...TUS, Location: LOCATION });

    const patch = await request(1);
    expect(patch.method).toBe('PATCH');
    expect(patch.url).toBe(LOCATION);
    expect(patch.headers['upload-offset']).toBe('0');
    expect(patch.body?.size).toBe(2_000_000);
    patch.upload.onprogress?.({ lengthComputable: true, loaded: 1_200_000, total: 2_000_000 });
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Upload of a.log' }).getAttribute('aria-valuenow')).toBe('60'));
    expect(sentIds).toEqual([]);
    patch.answer(
      200,
      { status: 'ok', code: 200, data: { id: 41, index: 0, filename: 'a.log', filesize: 2_000_000, mime_type: 'text/plain' } },
      { ...TUS, 'Upload-Offset': '2000000' },
    );
    await waitFor(() => expect(sentIds).toEqual([41]));
    expect(screen.getByRole('progressbar', { name: 'Upload of a.log' }).getAttribute('aria-valuenow')).toBe('100');
    expect(FakeXhr.sent).toHaveLength(2);
  });

  it('refuses 500 MB or more as Too Large before any upload starts', async () => {
    renderWithProviders(<Harness />);
    await userEvent.upload(screen.getByTestId('attachment-input'), [claimed('huge.iso', 500_000_000)]);
    expect(await screen.findByText('Too Large')).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('shows the server’s refusal as Failed to upload attachment (reason), its Too Large as Too Large', async () => {
    renderWithProviders(<Harness />);
    await userEvent.upload(screen.getByTestId('attachment-input'), [sized('a.txt', 5)]);
    (await request(0)).answer(404, { status: 'error', code: 404, message: 'Ticket not found' });
    expect(await screen.findByText('Failed to upload attachment (Ticket not found)')).toBeTruthy();
    await userEvent.upload(screen.getByTestId('attachment-input'), [sized('b.txt', 5)]);
    (await request(1)).answer(413, { status: 'error', code: 413, message: 'Too Large' });
    expect(await screen.findByText('Too Large')).toBeTruthy();
  });

  it('removes a file before sending', async () => {
    renderWithProviders(<Harness />);
    await userEvent.upload(screen.getByTestId('attachment-input'), [sized('a.txt', 5)]);
    (await request(0)).answer(201, '', { ...TUS, Location: LOCATION });
    (await request(1)).answer(
      200,
      { status: 'ok', code: 200, data: { id: 5, index: 0, filename: 'a.txt', filesize: 5, mime_type: 'text/plain' } },
      { ...TUS, 'Upload-Offset': '5' },
    );
    await waitFor(() => expect(sentIds).toEqual([5]));
    const list = screen.getByRole('list', { name: 'Attachments to send' });
    await userEvent.click(within(list).getByRole('button', { name: 'Remove a.txt' }));
    expect(screen.queryByRole('list', { name: 'Attachments to send' })).toBeNull();
    expect(sentIds).toEqual([]);
  });
});

describe('a comment’s attachments', () => {
  it('lists each with its size and a download link', () => {
    renderWithProviders(
      <CommentAttachments attachments={[{ id: 9, filename: 'backup.log', filesize: 1_500_000, mime_type: 'text/plain' }]} />,
    );
    const link = screen.getByRole('link', { name: 'backup.log' });
    expect(link.getAttribute('href')).toBe('/download_support_attachment?id=9');
    expect(screen.getByText('(1.5 MB)')).toBeTruthy();
  });
});
