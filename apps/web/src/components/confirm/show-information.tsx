import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { newModalId, settleOnce } from './settle-once';

export interface ShowInformationOptions {
  title: ReactNode;
  message: ReactNode;
  okLabel?: string;
}

/** Shows a message with a single OK button; resolves once the dialog is closed, however it is closed. */
export function showInformation({ title, message, okLabel = 'OK' }: ShowInformationOptions): Promise<void> {
  return new Promise((resolve) => {
    const settle = settleOnce(resolve);
    const modalId = newModalId('information');
    modals.open({
      modalId,
      title,
      // Mantine's close button has only an icon: without a name, screen readers announce "button" (axe button-name).
      closeButtonProps: { 'aria-label': 'Close' },
      onClose: () => settle(),
      children: (
        <Stack>
          {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
          <Group justify="flex-end">
            <Button data-autofocus onClick={() => modals.close(modalId)}>
              {okLabel}
            </Button>
          </Group>
        </Stack>
      ),
    });
  });
}
