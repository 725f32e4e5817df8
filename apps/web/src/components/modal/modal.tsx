import { Modal as MantineModal, type ModalProps } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';

/**
 * Mantine's Modal gives focus back to what opened it only when `opened` turns false. Most of our dialogs are
 * mounted open and unmounted to close (`{open ? <Dialog … /> : null}`), which Mantine never sees: focus fell to
 * the page's body and a keyboard user started again from the top. This one remembers what had focus when it
 * was mounted open and, once unmounted, focuses it again if focus was left nowhere.
 */
export function Modal(props: ModalProps) {
  useFocusBackOnUnmount(props.opened);
  return <MantineModal {...props} />;
}

function useFocusBackOnUnmount(opened: boolean) {
  const openedAtMount = useRef(opened);
  // A layout effect runs before the focus trap moves focus into the dialog: what has focus is the opener.
  useLayoutEffect(() => {
    if (!openedAtMount.current) return;
    const opener = document.activeElement;
    return () => {
      // After the dialog's nodes are gone, as Mantine's own return waits for its transition.
      window.setTimeout(() => {
        const lost = document.activeElement === null || document.activeElement === document.body;
        if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus({ preventScroll: true });
      }, 0);
    };
  }, []);
}
