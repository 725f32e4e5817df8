import { Alert, Button, Group, Loader, Radio, Select, Stack, Text } from '@mantine/core';
import { UNLIMITED_PAGE_SIZE } from '@portal/contract/shared/paging';
import { PAYMENT_FAILED, SELECT_CARD, SELECT_TOPUP } from '@portal/contract/payments/charges';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useReducer, useRef, useState } from 'react';
import { notifySuccess } from '../../../components/feedback/notify';
import { DialogLoadError } from '../../../components/feedback/dialog-load-error';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { EmptyState } from '../../../components/page/empty-state';
import { CardSkeleton } from '../../../components/page/page-skeleton';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { formatCents } from '../../../lib/money';
import { allCardsQuery, customerTopupsQuery, useChargeCard } from '../api';
import { newIdempotencyKey } from '../lib/card-dialog';
import { challengeReport, INITIAL_PAY_ONCE, type PaymentInput, payOnceReducer } from '../lib/pay-once-dialog';
import { optionsShownToUser } from '../lib/admin-forms';
import { Modal } from '../../../components/modal/modal';

interface PayOnceDialogProps {
  onClose: () => void;
}

/**
 * Topup payment (spec-2 §2.10, §4): init, then success or fail; with a card that needs 3-D Secure, the
 * issuer's challenge in between (decision 0041). Mounted while open: one idempotency key per opening.
 */
export function PayOnceDialog({ onClose }: PayOnceDialogProps) {
  const topups = customerTopupsQuery.useQuery();
  const cards = allCardsQuery.useQuery({ page: 1, page_size: UNLIMITED_PAGE_SIZE });
  const charge = useChargeCard();
  const [key, setKey] = useState(newIdempotencyKey);
  const [topupId, setTopupId] = useState<string | null>(null);
  const [cardId, setCardId] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ topup?: string; card?: string }>({});
  const [state, dispatch] = useReducer(payOnceReducer, INITIAL_PAY_ONCE);
  // The issuer's page may report more than once (ready, then its result); only the first result is acted on.
  const reported = useRef<string | null>(null);

  const options = topups.data ? optionsShownToUser(topups.data.options, topups.data.minimum_topup) : [];
  const cardRows = cards.data?.rows ?? [];
  const chosenTopup = topupId ?? String(options.find((o) => o.is_default)?.id ?? '');
  const chosenCard = cardId ?? String(cardRows.find((c) => c.is_default)?.id ?? cardRows[0]?.id ?? '');

  const pay = () => {
    if (charge.isPending) return;
    const next = { topup: chosenTopup ? undefined : SELECT_TOPUP, card: chosenCard ? undefined : SELECT_CARD };
    setErrors(next);
    if (next.topup || next.card) return;
    send({ target_topup_id: Number(chosenTopup), target_card_id: Number(chosenCard), idempotency_key: key });
  };

  /** Sends a payment; after a challenge the same one again, so the server asks the gateway for its outcome. */
  const send = (payment: PaymentInput, o: { onChallengeAgain?: () => void } = {}) =>
    charge.mutate(payment, {
      onSuccess: (answer) => {
        if (answer.success) notifySuccess(`${formatCents(answer.amount)} credit added`);
        // A decline charged nothing: the next attempt is a new payment with a key of its own.
        else if (!answer.challenge) setKey(newIdempotencyKey());
        if (answer.challenge && o.onChallengeAgain) return o.onChallengeAgain();
        dispatch({ type: 'answered', answer, payment });
      },
      // The outcome of a failed send is unknown (a timeout, a lost answer): the key stays, so sending again answers the first charge.
      // Within a challenge the dialog says so (the reducer ignores it elsewhere, where the form shows the error).
      onError: () => dispatch({ type: 'challenge_error', response_text: CHECK_UNKNOWN }),
    });

  const challenge = state.step === 'challenge' ? state : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one listener per challenge; send and dispatch are stable enough for it.
  useEffect(() => {
    if (!challenge) return;
    const { session, payment } = challenge;
    const listener = (event: MessageEvent) => {
      const report = challengeReport(event, { origin: window.location.origin, session });
      if (!report || report.state === 'ready' || reported.current === session) return;
      reported.current = session;
      if (report.state === 'error') {
        dispatch({ type: 'challenge_error', response_text: report.response_text || CHECK_UNKNOWN });
        return;
      }
      // Passed or failed, the server learns the outcome from the gateway, never from this message.
      dispatch({ type: 'checking' });
      send(payment);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [challenge?.session]);

  /**
   * Leaving the challenge: the payment is asked about once more, in case the check was answered just before;
   * still open, it is left to expire and the next try is a new payment.
   */
  const cancelChallenge = () => {
    if (!challenge) return;
    dispatch({ type: 'checking' });
    send(challenge.payment, {
      onChallengeAgain: () => {
        setKey(newIdempotencyKey());
        dispatch({ type: 'restart' });
      },
    });
  };

  /**
   * Closing mid-challenge asks about the payment once more on the way out, so a check answered just before
   * still gets its credit (the server writes it; the dialog is gone by then).
   */
  const close = () => {
    if (challenge && !challenge.checking) charge.mutate(challenge.payment);
    onClose();
  };

  const loading = !topups.data || !cards.data;
  const loadError = topups.error ?? cards.error;
  return (
    <Modal
      opened
      onClose={close}
      title="Topup payment"
      closeButtonProps={{ 'aria-label': 'Close' }}
      size={state.step === 'challenge' ? 'lg' : 'md'}
    >
      {state.step === 'challenge' ? (
        <Stack gap="sm">
          {state.checking ? (
            <Group gap="sm" role="status">
              <Loader size="sm" />
              <Text size="sm">Completing your payment…</Text>
            </Group>
          ) : (
            <>
              <Text size="sm">Your bank asks you to confirm this payment. Nothing is charged until you do.</Text>
              <iframe title="3-D Secure check" src={state.url} style={{ width: '100%', height: 240, border: 0 }} />
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={cancelChallenge} disabled={state.checking}>
              Cancel payment
            </Button>
          </Group>
        </Stack>
      ) : state.step === 'success' ? (
        <Stack gap="sm">
          <Alert color="green" icon={<IconCircleCheck aria-hidden />} title="Payment received">
            {formatCents(state.amount)} credit was added. Your balance is now {formatCents(state.balance)}.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      ) : state.step === 'fail' ? (
        <Stack gap="sm">
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" title={PAYMENT_FAILED}>
            {state.response_text}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button
              onClick={() => {
                charge.reset();
                dispatch({ type: 'restart' });
              }}
              data-autofocus
            >
              Try again
            </Button>
          </Group>
        </Stack>
      ) : loadError ? (
        <DialogLoadError
          error={loadError}
          onRetry={() => {
            if (topups.error) void topups.refetch();
            if (cards.error) void cards.refetch();
          }}
        />
      ) : loading ? (
        <CardSkeleton label="Loading top-up amounts" />
      ) : options.length === 0 ? (
        <EmptyState
          title="No top-up amounts are offered right now"
          description="Please try again later, or contact support to add credit to your account."
          action={
            <Button variant="default" onClick={onClose} data-autofocus>
              Close
            </Button>
          }
        />
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            pay();
          }}
        >
          <Stack gap="md">
            <Radio.Group label="Topup amount" required value={chosenTopup} onChange={setTopupId} error={errors.topup}>
              <Stack gap="xs" mt="xs">
                {options.map((option) => (
                  <Radio
                    key={option.id}
                    value={String(option.id)}
                    label={`${formatCents(option.amount)} credit for ${formatCents(option.cost)}`}
                    description={option.extra_credit > 0 ? `Includes ${formatCents(option.extra_credit)} extra free credit` : undefined}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <Select
              label="Pay with"
              required
              allowDeselect={false}
              data={cardRows.map((card) => ({
                value: String(card.id),
                label: `${card.card_type} ${card.card_number} (expires ${card.card_expiry})`,
              }))}
              value={chosenCard || null}
              onChange={setCardId}
              error={errors.card}
            />
            {charge.error ? (
              <FormErrorAlert
                message={
                  isApiError(charge.error) && charge.error.code < 500
                    ? charge.error.message
                    : `${errorMessage(charge.error)} You can send it again: you will not be charged twice.`
                }
              />
            ) : null}
            <Text size="xs" c="dimmed">
              Your card is charged in US dollars now. Credit is added to your account at once.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={charge.isPending}>
                Pay now
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** The challenge ended without a known outcome: the payment stays unfinished, and nothing is credited. */
const CHECK_UNKNOWN = 'The 3-D Secure check could not be completed. You have not been charged for it; please try again.';
