import type { AuthContext } from '@portal/contract/auth/auth-context';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import {
  adminCreateDownloadPresignedUrl,
  adminListDownloadsAll,
  adminPatchDownload,
  DOWNLOAD_MESSAGES,
  type DownloadAdmin,
  type DownloadVersion,
  listDownloads,
} from '@portal/contract/downloads/downloads';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import { type FakeRoute, on } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { installFakeXhr } from './fake-xhr';

afterEach(() => vi.unstubAllGlobals());

const file = (platform_id: DownloadVersion['platforms'][number]['platform_id'], name: string, version: string, size: number) => ({
  platform_id,
  platform_name: name,
  platform_icon: 'linux',
  filename: `cometd-${version}-x`,
  filesize_bytes: size,
  sha256: 'ab'.repeat(32),
});

const STABLE: DownloadVersion = {
  version: '26.1.0',
  codename: 'Voyager',
  release_date: '2026-11-02',
  release_notes: 'Faster restores.',
  release_notes_html: '<p>Faster restores.</p>',
  is_prerelease: false,
  platforms: [
    file('windows_x86_64', 'Windows', '26.1.0', 52_000_000),
    file('linux_x86_64_deb', 'Linux x86_64 (deb)', '26.1.0', 41_000_000),
  ],
};
const PRE: DownloadVersion = {
  ...STABLE,
  version: '26.2.0',
  codename: 'Pioneer',
  is_prerelease: true,
  release_notes: 'Weekly build.',
  release_notes_html: '<p>Weekly build.</p>',
};

function page(path: string, routes: FakeRoute[], auth: Partial<AuthContext> = {}) {
  return renderApp(path, [on(getAuthContext, () => authContext(auth)), ...routes]);
}

describe('/downloads', () => {
  it('shows the stable and prerelease releases, each with a platform picker and a Download link', async () => {
    await page('/downloads', [on(listDownloads, () => ({ rows: [PRE, STABLE], total: 2 }))]);
    const stable = await screen.findByRole('region', { name: 'Stable 26.1.0' });
    const pre = screen.getByRole('region', { name: 'Prerelease 26.2.0' });
    expect(within(stable).getByText(/Quarterly release · Voyager/)).toBeTruthy();
    expect(within(pre).getByText(/Weekly release · Pioneer/)).toBeTruthy();
    const link = within(stable).getByRole('link', { name: 'Download' });
    expect(link.getAttribute('href')).toBe('/api/v1/downloads/download_comet?version_key=26.1.0&platform=windows_x86_64');
    await userEvent.click(within(stable).getByRole('combobox', { name: 'Platform' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Linux x86_64 (deb) (41 MB)' }));
    expect(within(stable).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      '/api/v1/downloads/download_comet?version_key=26.1.0&platform=linux_x86_64_deb',
    );
  });

  it('says so when nothing is released', async () => {
    await page('/downloads', [on(listDownloads, () => ({ rows: [], total: 0 }))]);
    expect(await screen.findByText('No downloads yet')).toBeTruthy();
  });
});

describe('/oldversions', () => {
  it('lists every version with its notes rendered from markdown, codename, date and file sizes', async () => {
    const notes = { release_notes: '**Faster** restores.', release_notes_html: '<p><strong>Faster</strong> restores.</p>' };
    await page('/oldversions', [on(listDownloads, () => ({ rows: [PRE, { ...STABLE, ...notes }], total: 2 }))]);
    const stable = await screen.findByRole('region', { name: 'Version 26.1.0' });
    expect(within(stable).getByText('Voyager')).toBeTruthy();
    expect(within(stable).getByText('2026-11-02')).toBeTruthy();
    expect(within(stable).getByText('Faster').tagName).toBe('STRONG');
    expect(within(stable).queryByText(/\*\*/)).toBeNull();
    expect(within(stable).getByText('52 MB')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Version 26.2.0' })).getByText('Prerelease')).toBeTruthy();
  });
});

const ADMIN_ROW: DownloadAdmin = {
  ...STABLE,
  version: '26.3.0',
  version_key: '26.3.0',
  platforms: [],
  is_hidden: true,
  prefix: 'cometd-26.3.0',
  pending: [],
};

describe('/manage_downloads', () => {
  const ADMIN = { company_type: 'admin' as const, roles: ['any' as const, 'admin' as const] };

  it('refuses a wrongly named file before asking for an upload URL', async () => {
    const { api } = await page('/manage_downloads', [on(adminListDownloadsAll, () => ({ rows: [ADMIN_ROW], total: 1 }))], ADMIN);
    await userEvent.click(await screen.findByRole('button', { name: 'Manage 26.3.0' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Download 26.3.0' });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, [new File(['x'], 'cometd-26.3.0-macos.pkg'), new File(['x'], 'cometd-26.2.0-linux-x86_64.deb')]);
    expect(within(dialog).getByText(DOWNLOAD_MESSAGES.fileName)).toBeTruthy();
    expect(within(dialog).getByText(DOWNLOAD_MESSAGES.wrongVersion)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.callsTo(adminCreateDownloadPresignedUrl)).toEqual([]);
  });

  it('uploads to the presigned URL with progress, then Save attaches the file', async () => {
    const Xhr = installFakeXhr();
    const name = 'cometd-26.3.0-linux-x86_64.deb';
    const { api } = await page(
      '/manage_downloads',
      [
        on(adminListDownloadsAll, () => ({ rows: [ADMIN_ROW], total: 1 })),
        on(adminCreateDownloadPresignedUrl, () => ({
          url: '/object-storage/upload?key=k',
          platform_id: 'linux_x86_64_deb' as const,
          filename: name,
          expires_in_seconds: 3600,
        })),
        on(adminPatchDownload, () => ({ ...ADMIN_ROW, is_hidden: false })),
      ],
      ADMIN,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Manage 26.3.0' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Download 26.3.0' });
    await userEvent.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, new File(['0123456789'], name));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Hidden from customers' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(Xhr.sent).toHaveLength(1));
    expect(Xhr.sent[0]?.url).toBe('/object-storage/upload?key=k');
    act(() => Xhr.sent[0]?.progress(4, 10));
    expect(await within(dialog).findByText('40%')).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('progressbar', { name: `Upload of ${name}` })
        .getAttribute('aria-valuenow'),
    ).toBe('40');
    act(() => Xhr.sent[0]?.finish(200));
    expect(await within(dialog).findByText('Uploaded')).toBeTruthy();
    // An uploaded file is not "no files": the dialog says Save attaches it.
    expect(within(dialog).queryByText('No files yet.')).toBeNull();
    expect(within(dialog).getByText('None attached yet: Save attaches the uploaded files below.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(adminPatchDownload)).toHaveLength(1));
    expect(api.callsTo(adminPatchDownload)[0]?.body).toMatchObject({
      target_version_key: '26.3.0',
      is_hidden: false,
      file_linux_x86_64_deb: name,
    });
    expect(api.callsTo(adminCreateDownloadPresignedUrl)[0]?.body).toMatchObject({ target_version_key: '26.3.0', target_path: name });
  });
});
