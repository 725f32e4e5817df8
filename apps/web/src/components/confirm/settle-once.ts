/**
 * A modal can close several ways (button, Escape, overlay click) and Mantine calls onClose after
 * onConfirm too; the first outcome wins so each prompt's promise settles exactly once.
 */
export function settleOnce<T>(resolve: (value: T) => void): (value: T) => void {
  let settled = false;
  return (value) => {
    if (settled) return;
    settled = true;
    resolve(value);
  };
}

let nextId = 0;

/** A unique modal id so a prompt's own buttons can close it. */
export function newModalId(prefix: string): string {
  nextId += 1;
  return `${prefix}-${nextId}`;
}
