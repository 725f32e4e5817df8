import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { settleOnce } from './settle-once';

export interface ConfirmYesNoOptions {
  title: ReactNode;
  message: ReactNode;
  yesLabel?: string;
  noLabel?: string;
}

/** Asks a yes/no question; resolves true for Yes, false for No or for closing the dialog. */
export function confirmYesNo({ title, message, yesLabel = 'Yes', noLabel = 'No' }: ConfirmYesNoOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const settle = settleOnce(resolve);
    modals.openConfirmModal({
      title,
      children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
      labels: { confirm: yesLabel, cancel: noLabel },
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}
