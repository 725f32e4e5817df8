import type { AuthContext } from '@portal/contract/auth/auth-context';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { createServerPage, type DownloadVersion, listDownloads } from '@portal/contract/downloads/downloads';
import { hostedCreate, hostedListRegions } from '@portal/contract/servers/hosted';
import { SERVER_REGIONS } from '@portal/contract/shared/plans';
import { LICENCE_FAILURES, createLicense } from '@portal/contract/servers/licences';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import { type FakeRoute, on } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const file = (version: string, platform_id: 'linux_x86_64_deb' | 'windows_x86_64', suffix: string) => ({
  platform_id,
  platform_name: platform_id === 'windows_x86_64' ? 'Windows' : 'Linux x86_64 (deb)',
  platform_icon: platform_id === 'windows_x86_64' ? 'windows' : 'linux',
  filename: `cometd-${version}${suffix}`,
  filesize_bytes: 1000,
  sha256: 'ab'.repeat(32),
});

const VERSIONS: DownloadVersion[] = [
  {
    version: '26.2.0',
    codename: '',
    release_date: '',
    release_notes: '',
    release_notes_html: '',
    is_prerelease: true,
    platforms: [file('26.2.0', 'windows_x86_64', '-windows-x86_64.exe')],
  },
  {
    version: '26.1.0',
    codename: 'Kea',
    release_date: '2026-11-01',
    release_notes: '',
    release_notes_html: '',
    is_prerelease: false,
    platforms: [file('26.1.0', 'windows_x86_64', '-windows-x86_64.exe'), file('26.1.0', 'linux_x86_64_deb', '-linux-x86_64.deb')],
  },
];

function page(routes: FakeRoute[], o: { downloaded?: boolean; capabilities?: AuthContext['capabilities'] } = {}) {
  return renderApp('/create_server', [
    on(getAuthContext, () => authContext({ capabilities: o.capabilities ?? ['use_self_hosted'] })),
    on(createServerPage, () => ({ server_downloaded: o.downloaded ?? false, server_latest_version: '26.1.0' })),
    on(listDownloads, () => ({ rows: VERSIONS, total: VERSIONS.length })),
    on(hostedListRegions, () => ({ regions: SERVER_REGIONS.map((r) => ({ code: r.code, name: r.name })), default_region: 'us-east' })),
    ...routes,
  ]);
}

// The Download button is a link to the file; the test stops the browser following it.
const stopNavigation = (e: MouseEvent) => e.preventDefault();

describe('/create_server, self-hosted card', () => {
  it('starts on the newest stable version; a Linux installer goes to step 3 and fetches one licence key by itself', async () => {
    document.addEventListener('click', stopNavigation);
    const { api } = await page([on(createLicense, () => ({ serial_number: 'KEY11-KEY22-KEY33-KEY44-KEY55', message: '' }))]);
    const card = await screen.findByRole('region', { name: 'Self-hosted server' });
    expect(((await within(card).findByRole('combobox', { name: 'Version' })) as HTMLInputElement).value).toBe('26.1.0');
    await userEvent.click(within(card).getByRole('combobox', { name: 'Platform' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Linux x86_64 (deb)' }));
    const download = within(card).getByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe('/api/v1/downloads/download_comet?version_key=26.1.0&platform=linux_x86_64_deb');
    await userEvent.click(download);
    expect(await within(card).findByText('KEY11-KEY22-KEY33-KEY44-KEY55')).toBeTruthy();
    expect(within(card).getByText('sudo apt install ./cometd-26.1.0-linux-x86_64.deb')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Go to My servers' }).getAttribute('href')).toBe('/my_servers');
    expect(api.callsTo(createLicense)).toHaveLength(1);
    document.removeEventListener('click', stopNavigation);
  });

  it('sends any other installer to the next steps (step 2), without making a key', async () => {
    document.addEventListener('click', stopNavigation);
    const { api } = await page([]);
    const card = await screen.findByRole('region', { name: 'Self-hosted server' });
    await userEvent.click(await within(card).findByRole('link', { name: 'Download' }));
    expect(await within(card).findByText(/When it asks for a licence key/)).toBeTruthy();
    expect(api.callsTo(createLicense)).toHaveLength(0);
    document.removeEventListener('click', stopNavigation);
  });

  it("says why a key could not be made, with the spec's sentence", async () => {
    document.addEventListener('click', stopNavigation);
    await page([on(createLicense, () => ({ error: { code: 400, message: 'Your plan allows 1 server' } }))]);
    const card = await screen.findByRole('region', { name: 'Self-hosted server' });
    await userEvent.click(await within(card).findByRole('combobox', { name: 'Platform' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Linux x86_64 (deb)' }));
    await userEvent.click(within(card).getByRole('link', { name: 'Download' }));
    expect((await within(card).findByRole('alert')).textContent).toContain(`${LICENCE_FAILURES.create} Your plan allows 1 server`);
    document.removeEventListener('click', stopNavigation);
  });

  it('a company that has downloaded goes to /downloads or generates a serial number in a dialog', async () => {
    const { api } = await page([on(createLicense, () => ({ serial_number: 'SERIAL-NUMBER', message: '' }))], { downloaded: true });
    const card = await screen.findByRole('region', { name: 'Self-hosted server' });
    expect(within(card).getByRole('link', { name: 'Go to downloads' }).getAttribute('href')).toBe('/downloads');
    await userEvent.click(within(card).getByRole('button', { name: 'Generate a serial number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate a serial number' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Office');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(api.callsTo(createLicense)).toHaveLength(1));
    expect(await within(dialog).findByText('SERIAL-NUMBER')).toBeTruthy();
    expect(api.callsTo(createLicense)[0]?.body).toEqual({ target_name: 'Office' });
    expect(api.callsTo(listDownloads)).toHaveLength(0);
  });

  it('without the self-hosted capability, offers an upgrade instead of the download', async () => {
    await page([], { capabilities: [] });
    const card = await screen.findByRole('region', { name: 'Self-hosted server' });
    expect(within(card).getByRole('button', { name: 'Download the server' }).getAttribute('aria-disabled')).toBe('true');
    expect(within(card).getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('/my_plan');
  });
});

describe('/create_server, hosted card', () => {
  it('a first-time company picks a region and creates a console sending as itself, then watches it on /provision_server', async () => {
    const { api, router } = await page([on(hostedCreate, () => ({ async_task_id: 41, hosted_server_id: 5 }))], {
      capabilities: ['use_hosted', 'use_self_hosted'],
    });
    const card = await screen.findByRole('region', { name: 'Hosted server' });
    await userEvent.click(await within(card).findByRole('combobox', { name: 'Region' }));
    await userEvent.click(await screen.findByRole('option', { name: 'New Zealand (Auckland)' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Create hosted server' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/provision_server'));
    expect(router.state.location.search).toEqual({ task: 41 });
    expect(api.callsTo(hostedCreate)[0]?.body).toEqual({
      target_region: 'nz-north',
      target_email_from: 'ann@example.com',
      target_email_send_as: 'Acme Backups',
      target_storage_type: 'none',
    });
  });

  it('otherwise Create opens the full dialog', async () => {
    await page([], { downloaded: true, capabilities: ['use_hosted'] });
    const card = await screen.findByRole('region', { name: 'Hosted server' });
    expect(within(card).queryByRole('combobox', { name: 'Region' })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Create hosted server' }));
    expect(await screen.findByRole('dialog', { name: 'Create a hosted management console' })).toBeTruthy();
  });

  it('without the hosted capability, offers an upgrade instead', async () => {
    await page([], { capabilities: ['use_self_hosted'] });
    const card = await screen.findByRole('region', { name: 'Hosted server' });
    expect(within(card).getByRole('button', { name: 'Create hosted server' }).getAttribute('aria-disabled')).toBe('true');
    expect(within(card).getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('/my_plan');
  });
});
