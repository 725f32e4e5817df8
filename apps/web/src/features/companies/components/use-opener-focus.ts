import { useCallback, useMemo, useRef } from 'react';

/**
 * Puts focus back where a drawer or dialog was opened from. The company drawer and the new company
 * dialog unmount when they close (rather than animate closed), so Mantine's own focus return never
 * runs and focus would fall to <body>. If the opener itself is gone (the table re-rendered its rows),
 * the element matching `fallback` takes focus instead.
 */
export function useOpenerFocus() {
  const opener = useRef<HTMLElement | null>(null);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const remember = useCallback(() => {
    opener.current =
      document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  }, []);
  const restore = useCallback((fallback?: string) => {
    const target = opener.current;
    // After the closing dialog has left the page, so its focus trap has let go.
    pending.current = setTimeout(() => {
      const element = target?.isConnected ? target : fallback ? document.querySelector<HTMLElement>(fallback) : null;
      element?.focus();
    }, 0);
  }, []);
  /** One dialog hands over to another (a created company opens in the drawer): focus stays for the next one to return. */
  const handOver = useCallback(() => clearTimeout(pending.current), []);
  // One object for the page's life, so callbacks built on it (the table's columns) stay the same.
  return useMemo(() => ({ remember, restore, handOver }), [remember, restore, handOver]);
}

/** The selector of a company's name button in a list, the fallback when its row was re-rendered. */
export const companyOpenerSelector = (id: number) => `[data-company-id="${id}"]`;
