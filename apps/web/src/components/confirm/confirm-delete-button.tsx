import { Button } from '@mantine/core';
import { confirmYesNo } from './confirm-yes-no';

interface ConfirmDeleteButtonProps {
  /** What is deleted, for the button's accessible name ('Delete …'). */
  name: string;
  title: string;
  /** What deleting does, so the admin knows before saying yes. */
  message: string;
  loading: boolean;
  onConfirmed: () => void;
}

/** A table row's Delete: asks first, then calls onConfirmed. */
export function ConfirmDeleteButton({ name, title, message, loading, onConfirmed }: ConfirmDeleteButtonProps) {
  const run = async () => {
    if (await confirmYesNo({ title, message, yesLabel: 'Delete', noLabel: 'Cancel' })) onConfirmed();
  };
  return (
    <Button size="xs" variant="light" color="red" loading={loading} onClick={() => void run()} aria-label={`Delete ${name}`}>
      Delete
    </Button>
  );
}
