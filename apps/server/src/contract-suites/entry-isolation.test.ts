import { ALL_ENTRIES } from '@portal/contract/all-entries';
import { entryKey } from '@portal/contract/shared/define-entry';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The cross-tenant suite sends calls; entry points (downloads, uploads, streams, pages) carry files and
 * sessions, so each one's isolation is proven by a test written for it, against a real client where one
 * exists. This reviewed list names, for every entry, either those tests (file and title) or why it names no
 * company's rows. A new entry fails here until it is added; a test renamed or deleted fails here too.
 */
type Isolation = { tests: [file: string, title: string][] } | { namesNoCompanyRows: string };

const ISOLATION: Record<string, Isolation> = {
  'POST /api/v1/tickets/upload_support_file': {
    tests: [
      [
        'domains/tickets/attachments.test.ts',
        'another company’s attachment answers exactly as a missing one; an unattached upload is its uploader’s alone',
      ],
      ['domains/tickets/attachments.test.ts', 'a customer cannot attach to another company’s ticket, nor attach someone else’s upload'],
    ],
  },
  'POST /api/v1/tickets/uploads': {
    tests: [
      [
        'domains/tickets/attachment-resume.test.ts',
        "an upload for another company's ticket is refused as a missing ticket before it starts",
      ],
    ],
  },
  'HEAD,PATCH,DELETE /api/v1/tickets/uploads/{id}': {
    tests: [
      [
        'domains/tickets/attachment-resume.test.ts',
        "another company's user, or a colleague, cannot resume, continue or drop someone's upload; no session or CSRF token is refused",
      ],
    ],
  },
  'GET /download_support_attachment': {
    tests: [
      [
        'domains/tickets/attachments.test.ts',
        'another company’s attachment answers exactly as a missing one; an unattached upload is its uploader’s alone',
      ],
    ],
  },
  'GET /api/v1/tickets/events': {
    tests: [
      ['domains/tickets/live.test.ts', 'another company’s stream answers exactly as a missing ticket’s'],
      [
        'domains/tickets/live.test.ts',
        'staff see the customer’s comment and a status change the same way; another ticket’s news is not sent',
      ],
    ],
  },
  'GET /api/v1/downloads/download_comet': {
    namesNoCompanyRows: 'the installers are the same files for every company; a hidden version answers as a missing one to all',
  },
  'GET /sandbox-gateway/card': {
    namesNoCompanyRows:
      'the stand-in processor’s page: its session is an unguessable token the portal gave that company’s browser, as the real hosted page’s is',
  },
  'GET /sandbox-gateway/challenge': { namesNoCompanyRows: 'the stand-in processor’s 3-D Secure page, reached by its unguessable session' },
  'POST /sandbox-gateway/card/enter': { namesNoCompanyRows: 'the card page’s post, to its unguessable session' },
  'POST /sandbox-gateway/card/challenge': { namesNoCompanyRows: 'the challenge page’s post, to its unguessable session' },
  'GET /sandbox-feature-board/{board_path}': {
    namesNoCompanyRows: 'the stand-in feature board is one board for every customer; who votes is the signed token’s user',
  },
  'POST /sandbox-feature-board/vote': { namesNoCompanyRows: 'a vote on the one board, counted once per token’s user' },
  'GET /cloudview-local/{id}': { namesNoCompanyRows: 'the stand-in portal instance’s front page, public as a real instance’s is' },
  'POST /cloudview-local/{id}/login': {
    tests: [['domains/customer-portal/portal.test.ts', 'refuses an expired, altered, forged or misdirected token, and an empty post']],
  },
};

const source = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');

describe('entry points: each one’s isolation is reviewed', () => {
  it('lists every entry point, and only those', () => {
    expect(Object.keys(ISOLATION).sort()).toEqual(ALL_ENTRIES.map(entryKey).sort());
  });

  it.each(Object.entries(ISOLATION).flatMap(([key, i]) => ('tests' in i ? i.tests.map((test) => [key, ...test] as const) : [])))(
    '%s: %s has the test “%s”',
    (_key, file, title) => {
      const quoted = [`'${title}'`, `"${title}"`, `\`${title}\``];
      expect(quoted.some((q) => source(file).includes(`it(${q}`) || source(file).includes(`it.skipIf(!ON_POSTGRES)(${q}`))).toBe(true);
    },
  );
});
