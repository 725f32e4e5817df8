import { Group, Loader } from '@mantine/core';
import { useRef } from 'react';
import { useDiscardGuard } from '../../../../components/confirm/use-discard-guard';
import { DialogLoadError } from '../../../../components/feedback/dialog-load-error';
import { Modal } from '../../../../components/modal/modal';
import { hostedDetailsQuery } from '../../api/hosted-settings';
import { HostedSettingsForm } from './hosted-settings-form';

interface Props {
  hostedId: number;
  serverName: string;
  onClose: () => void;
}

/**
 * Hosted server settings (spec-1 §2 dialogs, §3, §4 email verification, §5 SMTP, §8): tab Custom Domain (the
 * domain, whether it is used, Check DNS) and tab Email Setup (sender, SES or SMTP with a test, verification).
 */
export function HostedSettingsDialog({ hostedId, serverName, onClose }: Props) {
  const details = hostedDetailsQuery.useQuery({ target_hosted_server_id: hostedId });
  const dirty = useRef(false);
  const guard = useDiscardGuard(() => dirty.current, onClose);
  return (
    <Modal
      ref={guard.ref}
      opened
      onClose={guard.requestClose}
      title="Hosted server settings"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {details.data ? (
        <HostedSettingsForm
          details={details.data}
          serverName={serverName}
          onDirty={(d) => {
            dirty.current = d;
          }}
          onCancel={guard.requestClose}
          onSaved={onClose}
        />
      ) : details.error ? (
        <DialogLoadError error={details.error} onRetry={() => void details.refetch()} />
      ) : (
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label="Loading settings" />
        </Group>
      )}
    </Modal>
  );
}
