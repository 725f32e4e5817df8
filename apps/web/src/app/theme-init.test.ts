import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLOR_SCHEME_STORAGE_KEY } from './color-scheme';

// The script index.html loads before the app: it must set the scheme Mantine will pick, from the same key.
const script = readFileSync(path.join(import.meta.dirname, '../../public/theme-init.js'), 'utf8');

function run(systemDark: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: systemDark && query === '(prefers-color-scheme: dark)' }) as MediaQueryList,
  );
  new Function(script)();
  return document.documentElement.getAttribute('data-mantine-color-scheme');
}

afterEach(() => {
  window.localStorage.clear();
  document.documentElement.removeAttribute('data-mantine-color-scheme');
  vi.restoreAllMocks();
});

describe('public/theme-init.js', () => {
  it('follows the system when nothing is saved', () => {
    expect(run(true)).toBe('dark');
    expect(run(false)).toBe('light');
  });

  it('applies the saved choice under the key the provider uses', () => {
    window.localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'dark');
    expect(run(false)).toBe('dark');
    window.localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'light');
    expect(run(true)).toBe('light');
    window.localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'auto');
    expect(run(true)).toBe('dark');
  });

  it('is loaded by index.html before the app, with the favicon', () => {
    const html = readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
    const init = html.indexOf('<script src="/theme-init.js"></script>');
    expect(init).toBeGreaterThan(0);
    expect(init).toBeLessThan(html.indexOf('type="module"'));
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
  });

  it('ignores a value it does not know', () => {
    window.localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'purple');
    expect(run(false)).toBe('light');
  });
});
