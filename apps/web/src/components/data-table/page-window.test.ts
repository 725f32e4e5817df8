import { describe, expect, it } from 'vitest';
import { pageCount, pageWindow } from './page-window';

describe('pageWindow', () => {
  it('shows up to 7 links either side of the current page', () => {
    expect(pageWindow(20, 100)).toEqual([13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27]);
  });

  it('does not borrow links from the other side near the edges', () => {
    expect(pageWindow(1, 100)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(pageWindow(100, 100)).toEqual([93, 94, 95, 96, 97, 98, 99, 100]);
    expect(pageWindow(3, 100)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('lists every page of a short result', () => {
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 0)).toEqual([1]);
  });

  it('clamps a page beyond the end', () => {
    expect(pageWindow(50, 3)).toEqual([1, 2, 3]);
  });
});

describe('pageCount', () => {
  it('rounds up and never goes below one page', () => {
    expect(pageCount(101, 50)).toBe(3);
    expect(pageCount(100, 50)).toBe(2);
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(5, 9_999_999)).toBe(1);
  });
});
