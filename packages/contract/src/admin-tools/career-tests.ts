import { z } from 'zod';
import { defineCall } from '../shared/define-call.ts';

/** The skills tests an applicant can be sent (spec-1 §4); general_developer is the page's default. */
export const CAREER_TEST_ROLES = ['frontend_developer', 'general_developer', 'junior_developer', 'php_developer'] as const;
export type CareerTestRole = (typeof CAREER_TEST_ROLES)[number];
export const DEFAULT_CAREER_TEST_ROLE: CareerTestRole = 'general_developer';

export const CAREER_TEST_MESSAGES = {
  noEmails: 'Please enter at least one email address',
  badEmails: 'Please enter valid email addresses (separate multiple emails by line)',
  noRole: 'Please select a role',
} as const;

/** One send reaches at most this many applicants, so a pasted list cannot flood the outbox. */
export const CAREER_TEST_MAX_EMAILS = 100;

// The same rule as zEmail, line by line.
const isEmail = (text: string) => text.length <= 254 && z.email().safeParse(text).success;

/** The addresses of the text, one a line: trimmed, blank lines skipped, each once (case-insensitively). */
export function emailLines(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const email = line.trim();
    if (!email || seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    out.push(email);
  }
  return out;
}

/** The textarea's text; checked line by line with the spec's messages, and sent back one address a line. */
export const zEmailLines = z
  .string({ error: CAREER_TEST_MESSAGES.noEmails })
  .max(CAREER_TEST_MAX_EMAILS * 256, { error: CAREER_TEST_MESSAGES.badEmails })
  .transform((text) => emailLines(text).join('\n'))
  .superRefine((text, issue) => {
    const emails = text ? text.split('\n') : [];
    if (emails.length === 0) issue.addIssue({ code: 'custom', message: CAREER_TEST_MESSAGES.noEmails });
    else if (emails.length > CAREER_TEST_MAX_EMAILS || !emails.every(isEmail)) {
      issue.addIssue({ code: 'custom', message: CAREER_TEST_MESSAGES.badEmails });
    }
  });

export const sendCareerTests = defineCall({
  path: '/api/v1/admin/career_tests',
  summary: 'Mail each address (one a line) the invitation to the skills test of the chosen role.',
  input: z.object({
    emails: zEmailLines,
    test_selection: z.enum(CAREER_TEST_ROLES, { error: CAREER_TEST_MESSAGES.noRole }),
  }),
  output: z.object({ sent: z.number().int().min(0) }),
  access: { roles: ['admin'] },
  example: { emails: 'applicant@example.com', test_selection: 'general_developer' },
});
