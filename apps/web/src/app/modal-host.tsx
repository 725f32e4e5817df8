import { lazy, Suspense, useEffect, useRef, useState } from 'react';

// Mantine's modal manager brings the Modal, its scroll area and the floating-ui library: about 18 kB gzip
// that no page needs before its first dialog.
const ModalsProvider = lazy(() => import('@mantine/modals').then((m) => ({ default: m.ModalsProvider })));

// modals.open(), openConfirmModal() and openContextModal() only dispatch these window events.
const OPEN_EVENTS = ['mantine-modals:openModal', 'mantine-modals:openConfirmModal', 'mantine-modals:openContextModal'];

/**
 * Where the app's dialogs render (`modals.*` from @mantine/modals). The manager loads the first time a
 * dialog is opened: until it listens, the host catches the open events and replays them once it does.
 */
export function ModalHost() {
  const [wanted, setWanted] = useState(false);
  const queue = useRef<CustomEvent[]>([]);
  const stopCatching = useRef<() => void>(() => {});

  useEffect(() => {
    const catchOpen = (event: Event) => {
      queue.current.push(event as CustomEvent);
      setWanted(true);
    };
    for (const type of OPEN_EVENTS) window.addEventListener(type, catchOpen);
    stopCatching.current = () => {
      for (const type of OPEN_EVENTS) window.removeEventListener(type, catchOpen);
    };
    return () => stopCatching.current();
  }, []);

  if (!wanted) return null;
  const replay = () => {
    stopCatching.current();
    const events = queue.current.splice(0);
    for (const event of events) window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
  };
  return (
    <Suspense fallback={null}>
      <ModalsProvider />
      <Replay onMount={replay} />
    </Suspense>
  );
}

/** Mounts after the provider (a later sibling); its effect runs once the provider's listeners are in place. */
function Replay({ onMount }: { onMount: () => void }) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    onMount();
  }, [onMount]);
  return null;
}
