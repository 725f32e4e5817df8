import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { AUTHORIZE_FAILED_TITLE, BILLING_DETAILS_NEEDED, CARD_HOLD_CENTS } from '@portal/contract/payments/cards';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useReducer, useRef } from 'react';
import { notifySuccess } from '../../../components/feedback/notify';
import { isApiError } from '../../../lib/api-error';
import { formatCents } from '../../../lib/money';
import { useAuthorizeCard, useCompleteCard } from '../api';
import { cardDialogReducer, cardPageReport, INITIAL_CARD_DIALOG } from '../lib/card-dialog';
import { BillingDetailsDialog } from './billing-details-dialog';
import { Modal } from '../../../components/modal/modal';

interface AuthorizeCardDialogProps {
  onClose: () => void;
}

/** Authorize New Card (spec-2 §2.10, §4): mounted while open, so each opening starts at init. */
export function AuthorizeCardDialog({ onClose }: AuthorizeCardDialogProps) {
  const [state, dispatch] = useReducer(cardDialogReducer, INITIAL_CARD_DIALOG);
  const authorize = useAuthorizeCard();
  const complete = useCompleteCard();
  // The page may report more than once (ready, then its result); only the first result completes.
  const reported = useRef<string | null>(null);

  const start = () =>
    authorize.mutate(undefined, {
      onSuccess: ({ url, session }) => dispatch({ type: 'started', url, session }),
      onError: (error) => {
        if (isApiError(error) && error.code === 400 && error.message === BILLING_DETAILS_NEEDED) {
          dispatch({ type: 'needs_billing_details', fields: error.fields });
        } else {
          dispatch({ type: 'failed', message: isApiError(error) ? error.message : undefined });
        }
      },
    });

  const session = state.step === 'processing' ? state.session : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one listener per card page session; complete and dispatch are stable enough for it.
  useEffect(() => {
    if (session === null) return;
    const listener = (event: MessageEvent) => {
      const report = cardPageReport(event, { origin: window.location.origin, session });
      if (!report || report.state === 'ready' || reported.current === session) return;
      reported.current = session;
      if (report.state === 'error') {
        dispatch({ type: 'completed', result: 'error', response_text: report.response_text, card: null });
        return;
      }
      dispatch({ type: 'reported' });
      complete.mutate(
        { session },
        {
          onSuccess: (answer) => {
            if (answer.result === 'success') notifySuccess('Card added');
            dispatch({ type: 'completed', ...answer });
          },
          onError: (error) => dispatch({ type: 'failed', message: isApiError(error) && error.code < 500 ? error.message : undefined }),
        },
      );
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [session]);

  if (state.step === 'billing_details') {
    return <BillingDetailsDialog missing={state.fields} onSaved={start} onClose={onClose} />;
  }

  const restart = () => dispatch({ type: 'restart' });
  return (
    <Modal
      opened
      onClose={onClose}
      title="Authorize new card"
      closeButtonProps={{ 'aria-label': 'Close' }}
      size={state.step === 'processing' ? 'lg' : 'md'}
    >
      {state.step === 'init' && (
        <Stack gap="sm">
          <Text size="sm">
            You enter the card on our payment processor&apos;s secure page. To check the card, a temporary hold of{' '}
            {formatCents(CARD_HOLD_CENTS)} is placed on it and released at once.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={start} loading={authorize.isPending} data-autofocus>
              Continue
            </Button>
          </Group>
        </Stack>
      )}
      {state.step === 'processing' && (
        <Stack gap="sm">
          {state.completing ? (
            <Group gap="sm" role="status">
              <Loader size="sm" />
              <Text size="sm">Checking your card…</Text>
            </Group>
          ) : (
            <iframe title="Card details" src={state.url} style={{ width: '100%', height: 440, border: 0 }} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={restart} disabled={state.completing}>
              Go back
            </Button>
          </Group>
        </Stack>
      )}
      {state.step === 'success' && (
        <Stack gap="sm">
          <Alert color="green" icon={<IconCircleCheck aria-hidden />} title="Card added">
            {state.card ? `${state.card.card_type} ${state.card.card_number} is saved.` : 'Your card is saved.'}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      )}
      {state.step === 'fail' && (
        <Stack gap="sm">
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={AUTHORIZE_FAILED_TITLE} role="alert">
            <Text size="sm">{state.response_text}</Text>
            <Text size="sm" mt="xs">
              If this keeps happening, {/* The tickets screens arrive with their issue; a plain link reaches them then. */}
              <Anchor href="/support" size="sm">
                file a ticket
              </Anchor>
              .
            </Text>
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button onClick={restart} data-autofocus>
              Try again
            </Button>
          </Group>
        </Stack>
      )}
      {state.step === 'error' && (
        <Stack gap="sm">
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {state.message}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button onClick={restart} data-autofocus>
              Go back
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
