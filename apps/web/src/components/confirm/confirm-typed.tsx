import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type FormEvent, type ReactNode, useState } from 'react';
import { newModalId, settleOnce } from './settle-once';

export const DEFAULT_CONFIRM_TEXT = 'CONFIRM';

export interface ConfirmTypedOptions {
  title: ReactNode;
  message: ReactNode;
  /** The exact text the user must type, e.g. a company name; CONFIRM by default. */
  placeholder?: string;
  okLabel?: string;
  cancelLabel?: string;
}

interface TypedConfirmBodyProps {
  message: ReactNode;
  placeholder: string;
  okLabel: string;
  cancelLabel: string;
  onAnswer: (confirmed: boolean) => void;
}

function TypedConfirmBody({ message, placeholder, okLabel, cancelLabel, onAnswer }: TypedConfirmBodyProps) {
  const [typed, setTyped] = useState('');
  // Exact match on purpose: no trimming or case folding, the point is deliberate typing.
  const matches = typed === placeholder;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (matches) onAnswer(true);
  };

  return (
    <form onSubmit={submit}>
      <Stack>
        {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
        <TextInput
          data-autofocus
          label={`Type ${placeholder} to confirm`}
          placeholder={placeholder}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onAnswer(false)}>
            {cancelLabel}
          </Button>
          <Button type="submit" color="red" disabled={!matches}>
            {okLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Type-to-confirm: OK is enabled only when the input equals the placeholder exactly. */
export function confirmTyped({
  title,
  message,
  placeholder = DEFAULT_CONFIRM_TEXT,
  okLabel = 'OK',
  cancelLabel = 'Cancel',
}: ConfirmTypedOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const settle = settleOnce(resolve);
    const modalId = newModalId('confirm-typed');
    const answer = (confirmed: boolean) => {
      settle(confirmed);
      modals.close(modalId);
    };
    modals.open({
      modalId,
      title,
      onClose: () => settle(false),
      children: (
        <TypedConfirmBody message={message} placeholder={placeholder} okLabel={okLabel} cancelLabel={cancelLabel} onAnswer={answer} />
      ),
    });
  });
}
