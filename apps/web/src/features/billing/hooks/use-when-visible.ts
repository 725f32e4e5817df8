import { startTransition, useEffect, useState } from 'react';

interface WhenVisibleOptions {
  /** How far outside the viewport still counts, so the content is ready by the time it is scrolled to. */
  rootMargin?: string;
  /** The longest wait for an idle moment before giving up on it (ms). */
  idleTimeout?: number;
}

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** Runs `callback` once the main thread is idle; where the browser cannot tell, after the current task. */
function whenIdle(callback: () => void, timeout: number): () => void {
  const w = window as IdleWindow;
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const handle = w.requestIdleCallback(callback, { timeout });
    return () => w.cancelIdleCallback?.(handle);
  }
  const handle = window.setTimeout(callback, 1);
  return () => window.clearTimeout(handle);
}

/**
 * True once the element has come near the viewport and the browser has had an idle moment since: heavy
 * content (a chart and its library) then starts loading after the page's first render and data, not in the
 * same wave, and not at all for a reader who never scrolls to it. Without IntersectionObserver it is
 * treated as visible. Stays true once set. Attach the returned ref to an element that is there from the start
 * and keeps the content's size, so that nothing moves when the content arrives.
 */
export function useWhenVisible<T extends Element>({
  rootMargin = '200px',
  idleTimeout = 2000,
}: WhenVisibleOptions = {}): [(element: T | null) => void, boolean] {
  // A callback ref: the element may mount after the hook's first render (once the data is there).
  const [element, setElement] = useState<T | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready || !element) return;
    let cancelIdle: (() => void) | undefined;
    const onVisible = () => {
      // A transition: React may then render the heavy content in slices, between the reader's input.
      cancelIdle ??= whenIdle(() => startTransition(() => setReady(true)), idleTimeout);
    };
    if (typeof IntersectionObserver === 'undefined') {
      onVisible();
      return () => cancelIdle?.();
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          onVisible();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelIdle?.();
    };
  }, [element, ready, rootMargin, idleTimeout]);
  return [setElement, ready];
}
