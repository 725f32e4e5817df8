import type { DownloadVersion } from '@portal/contract/downloads/downloads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeXhr } from '../test/fake-xhr';
import { currentReleases, formatBytes, uploadWithProgress } from './downloads';

afterEach(() => vi.unstubAllGlobals());

const version = (v: string, is_prerelease: boolean): DownloadVersion => ({
  version: v,
  codename: '',
  release_date: '',
  release_notes: '',
  release_notes_html: '',
  is_prerelease,
  platforms: [],
});

describe('formatBytes', () => {
  it('uses decimal units with one decimal below ten', () => {
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1500)).toBe('1.5 kB');
    expect(formatBytes(123_456_789)).toBe('123 MB');
    expect(formatBytes(1_073_741_824)).toBe('1.1 GB');
  });
});

describe('currentReleases', () => {
  it('picks the newest stable and the newest prerelease from a newest-first list', () => {
    const list = [version('26.2.0', true), version('26.1.0', false), version('26.0.5', true), version('25.9.0', false)];
    const { stable, prerelease } = currentReleases(list);
    expect(stable?.version).toBe('26.1.0');
    expect(prerelease?.version).toBe('26.2.0');
    expect(currentReleases([version('26.1.0', false)]).prerelease).toBeNull();
  });
});

describe('uploadWithProgress', () => {
  it('PUTs the file and reports progress up to 1', async () => {
    const Xhr = installFakeXhr();
    const seen: number[] = [];
    const file = new Blob(['abcd']);
    const done = uploadWithProgress('/object-storage/upload?key=k', file, (f) => seen.push(f));
    const xhr = Xhr.sent[0];
    expect([xhr?.method, xhr?.url, xhr?.body]).toEqual(['PUT', '/object-storage/upload?key=k', file]);
    xhr?.progress(1, 4);
    xhr?.progress(3, 4);
    xhr?.finish(200);
    await done;
    expect(seen).toEqual([0.25, 0.75, 1]);
  });

  it('rejects on an error status or a lost connection', async () => {
    const Xhr = installFakeXhr();
    const refused = uploadWithProgress('/u', new Blob(['a']), () => {});
    Xhr.sent[0]?.finish(403);
    await expect(refused).rejects.toThrow('The upload failed (HTTP 403).');
    const lost = uploadWithProgress('/u', new Blob(['a']), () => {});
    Xhr.sent[1]?.fail();
    await expect(lost).rejects.toThrow('the connection was lost');
  });
});
