import { useRef } from 'react';
import { confirmDiscardChanges } from './confirm-discard';

/** The dialog the user is in: the nearest dialog around the focused element. */
function focusedDialog(): Element | null {
  return document.activeElement?.closest('[role="dialog"]') ?? null;
}

/**
 * The close handler of a dialog that holds a form: with unsaved edits it asks "Discard unsaved changes?"
 * first, and closes only on Discard changes. Give `requestClose` to the dialog's onClose (Escape, ×, a click
 * outside) and to its Cancel button, and `ref` to the Modal or Drawer.
 *
 * Mantine closes every open modal on one Escape, so a dialog opened from another (Manage user over the
 * company drawer, the discard question itself) would close both. A request while the focus is in another
 * dialog is for that one, and this dialog stays open.
 */
export function useDiscardGuard(isDirty: () => boolean, onClose: () => void, what?: string) {
  const ref = useRef<HTMLDivElement>(null);
  const asking = useRef(false);
  const requestClose = async () => {
    const inside = focusedDialog();
    if (asking.current || (inside && inside !== ref.current?.querySelector('[role="dialog"]'))) return;
    if (isDirty()) {
      asking.current = true;
      const discard = await confirmDiscardChanges(what);
      asking.current = false;
      if (!discard) return;
    }
    onClose();
  };
  return { ref, requestClose: () => void requestClose() };
}
