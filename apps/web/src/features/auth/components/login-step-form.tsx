import { Stack } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';

/** A ref for the step's first field, focused when the step appears, so each step continues from the keyboard. */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

/** The form every sign-in step shares: no browser validation (the page shows the spec's messages), one submit. */
export function LoginStepForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>{children}</Stack>
    </form>
  );
}
