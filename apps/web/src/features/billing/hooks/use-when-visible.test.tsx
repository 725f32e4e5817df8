import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useWhenVisible } from './use-when-visible';

function Probe() {
  const [ref, ready] = useWhenVisible<HTMLDivElement>();
  return <div ref={ref}>{ready ? 'loaded' : 'waiting'}</div>;
}

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;

describe('useWhenVisible', () => {
  const observers: { callback: Callback; disconnected: boolean }[] = [];
  const idle: (() => void)[] = [];

  beforeEach(() => {
    observers.length = 0;
    idle.length = 0;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        record: { callback: Callback; disconnected: boolean };
        constructor(callback: Callback) {
          this.record = { callback, disconnected: false };
          observers.push(this.record);
        }
        observe() {}
        disconnect() {
          this.record.disconnected = true;
        }
      },
    );
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => {});
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('waits while the element is off screen, then loads at the next idle moment once it is near', () => {
    render(<Probe />);
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(idle).toHaveLength(0);

    act(() => observers[0]?.callback([{ isIntersecting: false }]));
    expect(idle).toHaveLength(0);

    act(() => observers[0]?.callback([{ isIntersecting: true }]));
    expect(observers[0]?.disconnected).toBe(true);
    expect(screen.getByText('waiting')).toBeTruthy();

    act(() => idle[0]?.());
    expect(screen.getByText('loaded')).toBeTruthy();
  });

  it('loads when idle where the browser cannot observe visibility', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('waiting')).toBeTruthy();
    act(() => idle[0]?.());
    expect(screen.getByText('loaded')).toBeTruthy();
  });
});
