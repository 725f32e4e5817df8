import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

interface FormErrorAlertProps {
  message: string | null;
}

/** The spec's form alert: 'Error: ' followed by the server's message. */
export function FormErrorAlert({ message }: FormErrorAlertProps) {
  if (message === null) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
      {`Error: ${message}`}
    </Alert>
  );
}
