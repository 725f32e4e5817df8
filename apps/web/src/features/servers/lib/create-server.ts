import type { DownloadPlatformId, DownloadVersion } from '@portal/contract/downloads/downloads';

/**
 * The self-hosted download wizard's steps (spec-1 §2): 0 picks the installer; after the download a Linux
 * installer goes to 3, which fetches a licence key by itself, and any other to 2, the next steps. There is
 * no step 1 in the spec's numbering.
 */
export type WizardStep = 0 | 2 | 3;

export const stepAfterDownload = (platform: DownloadPlatformId): WizardStep => (platform.startsWith('linux_') ? 3 : 2);

/** The version step 0 offers first: the page data's newest stable one when listed, else the newest listed. */
export function defaultVersion(versions: readonly DownloadVersion[], latest: string | null): DownloadVersion | null {
  return versions.find((v) => v.version === latest) ?? versions.find((v) => !v.is_prerelease) ?? versions[0] ?? null;
}

/** How the installer is run once downloaded, by its kind (the licence key is asked for at the end). */
export function installCommand(filename: string): string | null {
  if (filename.endsWith('.deb')) return `sudo apt install ./${filename}`;
  if (filename.endsWith('.rpm')) return `sudo dnf install ./${filename}`;
  if (filename.endsWith('.tar.gz')) return `tar -xzf ${filename}`;
  return null;
}
