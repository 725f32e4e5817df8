import { confirmYesNo } from './confirm-yes-no';

export const DISCARD_TITLE = 'Discard unsaved changes?';

/** Asked before a form with unsaved edits closes (Escape, ×, Cancel, a click outside); true means close anyway. */
export function confirmDiscardChanges(what = 'your changes'): Promise<boolean> {
  return confirmYesNo({
    title: DISCARD_TITLE,
    message: `You have not saved ${what}. Closing now throws them away.`,
    yesLabel: 'Discard changes',
    noLabel: 'Keep editing',
  });
}
