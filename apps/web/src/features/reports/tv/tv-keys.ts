import { useEffect, useEffectEvent } from 'react';

/** The wall's tabs, in the order the keys 1 and 2 and the arrows go through them. */
export const TV_TABS = [
  { value: 'monthly-totals', label: 'Monthly Totals' },
  { value: 'signups-by-month', label: 'Signups By Month' },
] as const;
export type TvTab = (typeof TV_TABS)[number]['value'];

export type TvKeyAction = { kind: 'tab'; tab: TvTab } | { kind: 'logout' } | null;

/** What a key does on the wall: 1 and 2 pick a tab, the arrows cycle, L signs the wall out (spec-2 §2.9). */
export function tvKeyAction(key: string, current: TvTab): TvKeyAction {
  const index = TV_TABS.findIndex((t) => t.value === current);
  const at = (i: number) => TV_TABS[(i + TV_TABS.length) % TV_TABS.length]?.value ?? current;
  if (/^[1-9]$/.test(key)) {
    const tab = TV_TABS[Number(key) - 1];
    return tab ? { kind: 'tab', tab: tab.value } : null;
  }
  if (key === 'ArrowRight') return { kind: 'tab', tab: at(index + 1) };
  if (key === 'ArrowLeft') return { kind: 'tab', tab: at(index - 1) };
  if (key === 'l' || key === 'L') return { kind: 'logout' };
  return null;
}

/** Listens to the whole page's keys, except while typing in a field or with a modifier held. */
export function useTvKeys(current: TvTab, onTab: (tab: TvTab) => void, onLogout: () => void): void {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target instanceof Element && target.closest('input, textarea, select, [contenteditable="true"]')) return;
    // A focused tab moves along with the arrows itself.
    if (target instanceof Element && target.closest('[role="tab"]') && event.key.startsWith('Arrow')) return;
    const action = tvKeyAction(event.key, current);
    if (!action) return;
    event.preventDefault();
    if (action.kind === 'tab') onTab(action.tab);
    else onLogout();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
