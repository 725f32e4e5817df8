import { Alert, Button, Code, CopyButton, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { confirmYesNo } from '../../../components/confirm/confirm-yes-no';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/dates';
import { type Passphrase, usePassphrase, useRegeneratePassphrase, useTwoFactor } from '../api';
import { downloadPassphrase } from './passphrase-download';
import { PageHeader } from '../../../components/page/page-header';
import { CardSkeleton } from '../../../components/page/page-skeleton';

declare module '@tanstack/history' {
  interface HistoryState {
    /** Set by the login page when the recovery passphrase signed in (it works once). */
    passphraseUsed?: true;
  }
}

export const PASSPHRASE_USED = 'Your recovery passphrase signed you in, so it no longer works. Keep the new one below somewhere safe.';

/** The spec's 'Copied' tooltip stays for two seconds. */
export const COPIED_MS = 2000;

function NewPassphrase({ passphrase }: { passphrase: string }) {
  return (
    <Alert color="yellow" title="Your new recovery passphrase" role="status">
      <Stack>
        <Text size="sm">Write it down or store it somewhere safe. It is shown only this once.</Text>
        <Code block fz="md" data-testid="passphrase" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {passphrase}
        </Code>
        <Group>
          <CopyButton value={passphrase} timeout={COPIED_MS}>
            {({ copied, copy }) => (
              <Tooltip label="Copied" opened={copied} withArrow>
                <Button variant="default" onClick={copy}>
                  Copy
                </Button>
              </Tooltip>
            )}
          </CopyButton>
          <Button variant="default" onClick={() => downloadPassphrase(passphrase)}>
            Download
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function PassphraseDetails({ passphrase }: { passphrase: Passphrase }) {
  if (passphrase.passphrase_raw !== null) return <NewPassphrase passphrase={passphrase.passphrase_raw} />;
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Text>{`Created: ${formatDateTime(passphrase.created_at)}`}</Text>
        <Text>{`Hint: ${passphrase.passphrase_hint}`}</Text>
      </Stack>
    </Paper>
  );
}

/** /passphrase: a recovery passphrase, made on the first visit and shown once; Regenerate replaces it. */
export function PassphrasePage() {
  const passphrase = usePassphrase();
  const twoFactor = useTwoFactor();
  const regenerate = useRegeneratePassphrase(twoFactor.data?.method);
  // The note explains the new phrase below it; once that phrase has been shown, a return visit has nothing to explain.
  const usedToSignIn =
    useRouterState({ select: (state) => state.location.state.passphraseUsed === true }) && Boolean(passphrase.data?.passphrase_raw);

  const askAndRegenerate = async () => {
    const yes = await confirmYesNo({
      title: 'Regenerate passphrase',
      message: 'Make a new recovery passphrase? The current one will stop working.',
      yesLabel: 'Regenerate',
      noLabel: 'Cancel',
    });
    if (yes) regenerate.mutate({ regenerate: true });
  };

  return (
    <Stack maw={760}>
      <PageHeader title="Recovery passphrase" description="A recovery passphrase lets you sign in if you lose your two-factor device." />
      {usedToSignIn && (
        <Alert color="yellow" role="alert" title="Recovery passphrase used">
          {PASSPHRASE_USED}
        </Alert>
      )}
      {passphrase.error && (
        <Alert color="red" role="alert" title="Error">
          {errorMessage(passphrase.error)}
        </Alert>
      )}
      {passphrase.isPending && <CardSkeleton label="Loading recovery passphrase" />}
      {passphrase.data && <PassphraseDetails passphrase={passphrase.data} />}
      {regenerate.isError && (
        <Alert color="red" role="alert">
          {errorMessage(regenerate.error)}
        </Alert>
      )}
      {passphrase.data && (
        <Group>
          <Button color="red" variant="outline" loading={regenerate.isPending} onClick={() => void askAndRegenerate()}>
            Regenerate
          </Button>
        </Group>
      )}
    </Stack>
  );
}
