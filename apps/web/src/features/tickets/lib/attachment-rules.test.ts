import { describe, expect, it } from 'vitest';
import { droppedFiles, formatSize, isTooLarge, newFiles, stillUploading, uploadedIds } from './attachment-rules';

const file = (name: string, body = 'x') => new File([body], name);

describe('attachment rules', () => {
  it('refuses 5e8 bytes or more, not one byte less', () => {
    expect(isTooLarge(500_000_000)).toBe(true);
    expect(isTooLarge(499_999_999)).toBe(false);
  });

  it('ignores a file whose name is already listed, or repeated in the same choice', () => {
    const picked = newFiles([{ name: 'a.log' }], [file('a.log'), file('b.log'), file('b.log'), file('c.log')]);
    expect(picked.map((f) => f.name)).toEqual(['b.log', 'c.log']);
  });

  it('ignores dropped directories', () => {
    const entry = (isDirectory: boolean) => ({ isDirectory }) as FileSystemEntry;
    const items = [
      { kind: 'file', getAsFile: () => file('a.txt'), webkitGetAsEntry: () => entry(false) },
      { kind: 'file', getAsFile: () => file('folder'), webkitGetAsEntry: () => entry(true) },
      { kind: 'string', getAsFile: () => null, webkitGetAsEntry: () => null },
    ];
    const dropped = droppedFiles({ items, files: [] } as unknown as DataTransfer);
    expect(dropped.map((f) => f.name)).toEqual(['a.txt']);
  });

  it('sends only finished uploads, and knows when one is still going', () => {
    const list = [
      { key: 1, name: 'a', size: 1, progress: 1, state: 'done' as const, id: 10 },
      { key: 2, name: 'b', size: 1, progress: 0.5, state: 'uploading' as const },
      { key: 3, name: 'c', size: 1, progress: 0, state: 'failed' as const, error: 'Internal Error' },
    ];
    expect(uploadedIds(list)).toEqual([10]);
    expect(stillUploading(list)).toBe(true);
    expect(stillUploading(list.filter((a) => a.state !== 'uploading'))).toBe(false);
  });

  it('shows sizes in decimal units', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1_500_000)).toBe('1.5 MB');
    expect(formatSize(499_999_999)).toBe('500 MB');
  });
});
