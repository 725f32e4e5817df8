import type { DownloadVersion } from '@portal/contract/downloads/downloads';

/** 1,234,567 bytes as "1.2 MB" (decimal units, as download pages show them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** /downloads' two releases: the newest stable (quarterly) and the newest prerelease (weekly), from a newest-first list. */
export function currentReleases(versions: readonly DownloadVersion[]): {
  stable: DownloadVersion | null;
  prerelease: DownloadVersion | null;
} {
  return {
    stable: versions.find((v) => !v.is_prerelease) ?? null,
    prerelease: versions.find((v) => v.is_prerelease) ?? null,
  };
}

/**
 * PUTs a file to a presigned URL, reporting progress from 0 to 1. XMLHttpRequest rather than fetch: only
 * it reports upload progress. Rejects on a network failure, an abort or a non-2xx answer.
 */
export function uploadWithProgress(url: string, file: Blob, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else reject(new Error(`The upload failed (HTTP ${xhr.status}).`));
    };
    xhr.onerror = () => reject(new Error('The upload failed: the connection was lost.'));
    xhr.onabort = () => reject(new Error('The upload was cancelled.'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}
