import { describe, expect, it } from 'vitest';
import {
  bumpMarks,
  canSubmitComment,
  closeFields,
  commenterLabel,
  hashChangedMessage,
  needsReadMore,
  osForServer,
  shortSubject,
  showsOutdatedAdvice,
  weeksSinceUpdate,
} from './ticket-rules';

const server = { version: '24.3.1', hosted_server_name: null, hosted_server_region: null };

describe('ticket rules', () => {
  it('cuts subjects at 90 characters', () => {
    expect(shortSubject('a'.repeat(90))).toBe('a'.repeat(90));
    expect(shortSubject('a'.repeat(91))).toBe(`${'a'.repeat(90)}…`);
  });
  it('groups by whole weeks since update, capped at 4+', () => {
    const now = new Date('2026-11-24T00:00:00Z');
    expect(weeksSinceUpdate('2026-11-20T00:00:00Z', now)).toBe('0');
    expect(weeksSinceUpdate('2026-11-10T00:00:00Z', now)).toBe('2');
    expect(weeksSinceUpdate('2026-01-01T00:00:00Z', now)).toBe('4+');
  });
  it('shows the bump count as exclamation marks', () => {
    expect(bumpMarks(3)).toBe('!!!');
    expect(bumpMarks(0)).toBe('');
  });
  it('disables submit for a blank comment and folds comments over 20 lines', () => {
    expect(canSubmitComment('  \n ')).toBe(false);
    expect(canSubmitComment(' hi ')).toBe(true);
    expect(needsReadMore(Array(20).fill('x').join('\n'))).toBe(false);
    expect(needsReadMore(Array(21).fill('x').join('\n'))).toBe(true);
  });
  it('names an unknown or deleted commenter', () => {
    expect(commenterLabel(null)).toBe('(Unknown or deleted user account)');
    expect(commenterLabel('Ada')).toBe('Ada');
  });
  it('close dialog: Other asks for its text, any other reason the update question', () => {
    expect(closeFields('other')).toEqual({ otherReason: true, updateQuestion: false });
    expect(closeFields('resolved')).toEqual({ otherReason: false, updateQuestion: true });
  });
  it('a hosted server locks the OS to N/A; an outdated one advises non-admins', () => {
    expect(osForServer({ ...server, type: 'comet-hosted', is_outdated: false })).toEqual({ os: 'N/A', locked: true });
    expect(osForServer({ ...server, type: 'self-hosted', is_outdated: false })).toEqual({ os: null, locked: false });
    expect(showsOutdatedAdvice({ ...server, type: 'self-hosted', is_outdated: true }, false)).toBe(true);
    expect(showsOutdatedAdvice({ ...server, type: 'self-hosted', is_outdated: true }, true)).toBe(false);
  });
  it('says what changed: staff and customers in their own words', () => {
    expect(hashChangedMessage(true)).toBe('A new update has been loaded');
    expect(hashChangedMessage(false)).toBe('A new comment has been added to the ticket');
  });
});
