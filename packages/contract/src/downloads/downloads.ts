import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';
import { zPageOf } from '../shared/paging.ts';

/**
 * The installer platforms (spec-1 §5): Windows, and Linux x86_64 and AArch64 as deb, rpm and tar. A file's
 * name is `cometd-<version>` plus the platform's suffix, and nothing else is accepted (docs/decisions/0037).
 */
export const DOWNLOAD_PLATFORMS = [
  { id: 'windows_x86_64', name: 'Windows', icon: 'windows', suffix: '-windows-x86_64.exe' },
  { id: 'linux_x86_64_deb', name: 'Linux x86_64 (deb)', icon: 'linux', suffix: '-linux-x86_64.deb' },
  { id: 'linux_x86_64_rpm', name: 'Linux x86_64 (rpm)', icon: 'linux', suffix: '-linux-x86_64.rpm' },
  { id: 'linux_x86_64_tar', name: 'Linux x86_64 (tar)', icon: 'linux', suffix: '-linux-x86_64.tar.gz' },
  { id: 'linux_aarch64_deb', name: 'Linux AArch64 (deb)', icon: 'linux', suffix: '-linux-aarch64.deb' },
  { id: 'linux_aarch64_rpm', name: 'Linux AArch64 (rpm)', icon: 'linux', suffix: '-linux-aarch64.rpm' },
  { id: 'linux_aarch64_tar', name: 'Linux AArch64 (tar)', icon: 'linux', suffix: '-linux-aarch64.tar.gz' },
] as const;
export type DownloadPlatformId = (typeof DOWNLOAD_PLATFORMS)[number]['id'];
export const PLATFORM_IDS = DOWNLOAD_PLATFORMS.map((p) => p.id) as [DownloadPlatformId, ...DownloadPlatformId[]];
export const zPlatformId = z.enum(PLATFORM_IDS);

/** The largest installer accepted: 20 GB. */
export const MAX_INSTALLER_BYTES = 20 * 1024 ** 3;

export const DOWNLOAD_MESSAGES = {
  versionKey: 'The version must look like 24.12.3 (three numbers, the first two digits)',
  exists: 'This version already exists',
  notFound: 'Version not found',
  fileName: 'The file name must be cometd-<version> followed by one of the listed platform installer names',
  wrongVersion: 'The file name is for another version',
  notUploaded: 'This file has not finished uploading; upload it again',
  fileNotFound: 'File not found',
  date: 'Please enter a date as YYYY-MM-DD',
} as const;

/** A version string of exactly three parts, the first of two digits (spec-1 §5, spec-2 §5). */
export const VERSION_PATTERN = /^\d{2}\.\d{1,3}\.\d{1,4}$/;
export const zVersionKey = z.string().trim().regex(VERSION_PATTERN, { error: DOWNLOAD_MESSAGES.versionKey });

/** The platform a file name is for, when it is `cometd-<version>` plus a listed suffix; null otherwise. */
export function platformOfFileName(name: string): { version: string; platform: DownloadPlatformId } | null {
  const m = /^cometd-(\d{2}\.\d{1,3}\.\d{1,4})(-.+)$/.exec(name);
  if (!m) return null;
  const platform = DOWNLOAD_PLATFORMS.find((p) => p.suffix === m[2]);
  return platform ? { version: m[1] ?? '', platform: platform.id } : null;
}

const zDate = z.union([z.literal(''), z.iso.date({ error: DOWNLOAD_MESSAGES.date })]);

export const zDownloadFile = z.object({
  platform_id: zPlatformId,
  platform_name: z.string(),
  platform_icon: z.string(),
  filename: z.string(),
  filesize_bytes: z.number().int().min(0),
  sha256: z.string(),
});
export type DownloadFile = z.infer<typeof zDownloadFile>;

/** A version as customers see it (spec-2 §3, download version): only files that finished uploading. */
export const zDownloadVersion = z.object({
  version: z.string(),
  codename: z.string(),
  release_date: z.string(),
  release_notes: z.string(),
  /** The release notes' markdown as sanitized HTML, as the page shows them. */
  release_notes_html: z.string(),
  is_prerelease: z.boolean(),
  platforms: z.array(zDownloadFile),
});
export type DownloadVersion = z.infer<typeof zDownloadVersion>;

/** A version as admins manage it (spec-1 §3, download), with uploads still pending. */
export const zDownloadAdmin = zDownloadVersion.extend({
  version_key: z.string(),
  is_hidden: z.boolean(),
  prefix: z.string(),
  pending: z.array(z.object({ platform_id: zPlatformId, filename: z.string() })),
});
export type DownloadAdmin = z.infer<typeof zDownloadAdmin>;

const zDetails = {
  codename: z.string().trim().max(100).optional(),
  release_notes: z.string().max(20_000).optional(),
  release_date: zDate.optional(),
};

export const adminDescribeDownload = defineCall({
  path: '/api/v1/admin/describe_download',
  summary: 'One version with its files, hidden or not, and the uploads not yet attached.',
  input: z.object({ version_key: z.string().max(40) }),
  output: zDownloadAdmin,
  access: { roles: ['admin'] },
  example: { version_key: '24.12.3' },
});

export const adminCreateDownload = defineCall({
  path: '/api/v1/admin/create_download',
  summary: 'A new version with no files yet; customers see it once it is not hidden and a file is attached.',
  input: z.object({
    target_version_key: zVersionKey,
    is_hidden: z.boolean().default(true),
    is_prerelease: z.boolean().default(false),
    ...zDetails,
  }),
  output: zDownloadAdmin,
  access: { roles: ['admin'] },
  example: { target_version_key: '24.12.9', is_hidden: true, is_prerelease: false },
});

export const adminCreateDownloadPresignedUrl = defineCall({
  path: '/api/v1/admin/create_download_presigned_url',
  summary:
    'A URL to PUT one installer to, for 1 hour. The name must be cometd-<version> and a listed platform installer name; patch_download attaches it once uploaded.',
  input: z.object({
    target_version_key: z.string().max(40),
    target_path: z.string().trim().max(200),
  }),
  output: z.object({ url: z.string(), platform_id: zPlatformId, filename: z.string(), expires_in_seconds: z.number().int() }),
  access: { roles: ['admin'] },
  example: { target_version_key: '24.12.3', target_path: 'cometd-24.12.3-linux-x86_64.deb' },
});

const zFileFields = Object.fromEntries(PLATFORM_IDS.map((id) => [`file_${id}`, z.string().trim().max(200).optional()])) as Record<
  `file_${DownloadPlatformId}`,
  z.ZodOptional<z.ZodString>
>;

export const adminPatchDownload = defineCall({
  path: '/api/v1/admin/patch_download',
  summary:
    'Changes a version: hidden, prerelease, codename, notes, date, and one file name per platform (file_<platform>): an uploaded file is attached, an empty name removes the platform.',
  input: z.object({
    target_version_key: z.string().max(40),
    is_hidden: z.boolean().optional(),
    is_prerelease: z.boolean().optional(),
    ...zDetails,
    ...zFileFields,
  }),
  output: zDownloadAdmin,
  access: { roles: ['admin'] },
  example: { target_version_key: '24.12.3', is_hidden: false },
});

export const adminListDownloadsAll = defineCall({
  path: '/api/v1/admin/list_downloads_all',
  summary: 'Every version, hidden ones too, newest first.',
  input: z.object({ page: z.number().int().min(1).max(100_000).default(1), page_size: z.number().int().min(1).max(1000).default(20) }),
  output: zPageOf(zDownloadAdmin),
  access: { roles: ['admin'] },
});

export const listDownloads = defineCall({
  path: '/api/v1/downloads/list_downloads',
  summary: 'The versions customers may download, newest first, with their files; hidden versions and versions without a file are left out.',
  input: z.object({
    page: z.number().int().min(1).max(100_000).default(1),
    page_size: z.number().int().min(1).max(1000).default(20),
    target_search_query: z.string().max(200).default(''),
  }),
  output: zPageOf(zDownloadVersion),
  access: { roles: ['any'] },
});

export const downloadsMeta = defineCall({
  path: '/api/v1/downloads/meta',
  summary: 'One downloadable version; a hidden one answers as a missing one.',
  input: z.object({ version_key: z.string().max(40) }),
  output: zDownloadVersion,
  access: { roles: ['any'] },
  example: { version_key: '24.12.3' },
});

export const createServerPage = defineCall({
  path: '/api/v1/web/CreateServerPage.json',
  summary:
    "/create_server's page data: whether the caller's company has downloaded an installer (then the self-hosted card sends it to /downloads), and the newest stable version.",
  input: z.object({}),
  output: z.object({ server_downloaded: z.boolean(), server_latest_version: z.string().nullable() }),
  access: { roles: ['customer'] },
});

/** The file itself: `GET` with version_key and platform, Range requests answered (not a JSON call). */
export const DOWNLOAD_COMET_PATH = '/api/v1/downloads/download_comet';

export function downloadCometUrl(version: string, platform: DownloadPlatformId): string {
  return `${DOWNLOAD_COMET_PATH}?${new URLSearchParams({ version_key: version, platform })}`;
}
