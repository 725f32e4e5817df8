import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AttachmentPicker, useAttachments } from '../components/attachment-picker';
import { CommentAttachments } from '../components/comment-attachments';
import { uploadedIds } from '../lib/attachment-rules';

/** A stand-in XMLHttpRequest: records each upload and lets the test drive its progress and answer. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

let sentIds: number[] = [];
function Harness() {
  const files = useAttachments();
  sentIds = uploadedIds(files.items);
  return <AttachmentPicker items={files.items} add={files.add} remove={files.remove} />;
}

const sized = (name: string, size: number) => {
  const f = new File(['x'], name, { type: 'text/plain' });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('the attachment picker', () => {
  it('uploads each chosen file with a progress bar, ignores a repeated name, and lists the size', async () => {
    renderWithProviders(<Harness />);
    const input = screen.getByTestId('attachment-input');
    await userEvent.upload(input, [sized('a.log', 2_000_000), sized('a.log', 10)]);
    expect(FakeXhr.sent).toHaveLength(1);
    const xhr = FakeXhr.sent[0];
    expect(xhr?.url).toBe('/api/v1/tickets/upload_support_file');
    expect(xhr?.body?.get('size')).toBe('2000000');
    expect(screen.getByText('(2 MB)')).toBeTruthy();
    xhr?.upload.onprogress?.({ lengthComputable: true, loaded: 60, total: 100 });
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Upload of a.log' }).getAttribute('aria-valuenow')).toBe('60'));
    expect(sentIds).toEqual([]);
    xhr?.answer(200, {
      status: 'ok',
      code: 200,
      data: { id: 41, index: 0, filename: 'a.log', filesize: 2_000_000, mime_type: 'text/plain' },
    });
    await waitFor(() => expect(sentIds).toEqual([41]));
  });

  it('refuses 500 MB or more as Too Large before any upload starts', async () => {
    renderWithProviders(<Harness />);
    await userEvent.upload(screen.getByTestId('attachment-input'), [sized('huge.iso', 500_000_000)]);
    expect(await screen.findByText('Too Large')).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('shows the server’s refusal as Failed to upload attachment (reason), a crash as Internal Error', async () => {
    renderWithProviders(<Harness />);
    await userEvent.upload(screen.getByTestId('attachment-input'), [sized('a.txt', 5), sized('b.txt', 5)]);
    FakeXhr.sent[0]?.answer(400, { status: 'error', code: 400, message: 'The file was not the size announced' });
    FakeXhr.sent[1]?.answer(500, { status: 'error', code: 500, message: 'Internal Error' });
    expect(await screen.findByText('Failed to upload attachment (The file was not the size announced)')).toBeTruthy();
    expect(await screen.findByText('Internal Error')).toBeTruthy();
  });

  it('removes a file before sending', async () => {
    renderWithProviders(<Harness />);
    await userEvent.upload(screen.getByTestId('attachment-input'), [sized('a.txt', 5)]);
    FakeXhr.sent[0]?.answer(200, {
      status: 'ok',
      code: 200,
      data: { id: 5, index: 0, filename: 'a.txt', filesize: 5, mime_type: 'text/plain' },
    });
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
