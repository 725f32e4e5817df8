import type { DownloadVersion } from '@portal/contract/downloads/downloads';
import { describe, expect, it } from 'vitest';
import { defaultVersion, installCommand, stepAfterDownload } from './create-server';

const version = (v: string, is_prerelease = false): DownloadVersion => ({
  version: v,
  is_prerelease,
  codename: '',
  release_notes: '',
  release_notes_html: '',
  release_date: '',
  platforms: [],
});

describe('the self-hosted download wizard', () => {
  it('sends Linux installers to step 3 (licence key) and every other to step 2 (next steps)', () => {
    expect(stepAfterDownload('linux_x86_64_deb')).toBe(3);
    expect(stepAfterDownload('linux_aarch64_tar')).toBe(3);
    expect(stepAfterDownload('windows_x86_64')).toBe(2);
  });

  it('offers the newest stable version first, falling back to the newest listed', () => {
    const listed = [version('26.2.0', true), version('26.1.0'), version('25.9.0')];
    expect(defaultVersion(listed, '25.9.0')?.version).toBe('25.9.0');
    expect(defaultVersion(listed, null)?.version).toBe('26.1.0');
    expect(defaultVersion([version('26.2.0', true)], null)?.version).toBe('26.2.0');
    expect(defaultVersion([], null)).toBeNull();
  });

  it('says how each Linux package is installed', () => {
    expect(installCommand('cometd-26.1.0-linux-x86_64.deb')).toBe('sudo apt install ./cometd-26.1.0-linux-x86_64.deb');
    expect(installCommand('cometd-26.1.0-linux-x86_64.rpm')).toBe('sudo dnf install ./cometd-26.1.0-linux-x86_64.rpm');
    expect(installCommand('cometd-26.1.0-windows-x86_64.exe')).toBeNull();
  });
});
