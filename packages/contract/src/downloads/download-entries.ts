import { z } from 'zod';
import { defineEntry } from '../shared/define-entry.ts';
import { DOWNLOAD_COMET_PATH } from './downloads.ts';

/** The installer itself (docs/decisions/0037): streamed from object storage, Range requests answered. */
export const downloadComet = defineEntry({
  kind: 'download',
  path: DOWNLOAD_COMET_PATH,
  methods: ['GET'],
  summary:
    'An installer file, for any signed-in user, with its SHA-256 as ETag and in x-content-sha256; Range and If-Range are answered. A hidden or missing version answers as a missing file.',
  access: { roles: ['any'] },
  // Text, not the enums: a version or platform that is not one answers as a missing file, as the links always did.
  input: z.object({ version_key: z.string().max(40).optional(), platform: z.string().max(40).optional() }),
  headers: z.object({ range: z.string().optional(), 'if-range': z.string().optional() }),
  answers: 'application/octet-stream',
  ranges: true,
  example: { version_key: '99.0.0', platform: 'windows_x86_64' },
});

export const DOWNLOAD_ENTRIES = [downloadComet];
