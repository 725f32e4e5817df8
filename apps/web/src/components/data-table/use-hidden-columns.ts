import { useCallback, useState } from 'react';

interface StoredTableSettings {
  hidden: string[];
}

function read(storageKey: string | undefined): string[] {
  if (!storageKey) return [];
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey) ?? 'null');
    const hidden = (stored as Partial<StoredTableSettings> | null)?.hidden;
    return Array.isArray(hidden) ? hidden.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    // A corrupt or foreign value must not break the page; fall back to showing every column.
    return [];
  }
}

function write(storageKey: string | undefined, hidden: string[]): void {
  if (!storageKey) return;
  try {
    const settings: StoredTableSettings = { hidden };
    localStorage.setItem(storageKey, JSON.stringify(settings));
  } catch {
    // Storage can be full or disabled (private mode); the choice then lasts for this page only.
  }
}

/** The accessors of the columns a user hid in one table, remembered in localStorage under `storageKey`. */
export function useHiddenColumns(storageKey: string | undefined): [string[], (hidden: string[]) => void] {
  const [hidden, setHiddenState] = useState(() => read(storageKey));
  const setHidden = useCallback(
    (next: string[]) => {
      setHiddenState(next);
      write(storageKey, next);
    },
    [storageKey],
  );
  return [hidden, setHidden];
}
