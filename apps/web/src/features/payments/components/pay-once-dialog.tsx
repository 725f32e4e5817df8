import { Alert, Button, Group, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import { UNLIMITED_PAGE_SIZE } from '@portal/contract/shared/paging';
import { PAYMENT_FAILED, SELECT_CARD, SELECT_TOPUP } from '@portal/contract/payments/charges';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { notifySuccess } from '../../../components/feedback/notify';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { CardSkeleton } from '../../../components/page/page-skeleton';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { formatCents } from '../../../lib/money';
import { allCardsQuery, customerTopupsQuery, useChargeCard } from '../api';
import { newIdempotencyKey } from '../lib/card-dialog';
import { optionsShownToUser } from '../lib/admin-forms';

interface PayOnceDialogProps {
  onClose: () => void;
}

type Outcome = { kind: 'success'; amount: number; balance: number } | { kind: 'fail'; response_text: string };

/** Topup payment (spec-2 §2.10, §4): init, then success or fail. Mounted while open: one idempotency key per opening. */
export function PayOnceDialog({ onClose }: PayOnceDialogProps) {
  const topups = customerTopupsQuery.useQuery();
  const cards = allCardsQuery.useQuery({ page: 1, page_size: UNLIMITED_PAGE_SIZE });
  const charge = useChargeCard();
  const [key, setKey] = useState(newIdempotencyKey);
  const [topupId, setTopupId] = useState<string | null>(null);
  const [cardId, setCardId] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ topup?: string; card?: string }>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const options = topups.data ? optionsShownToUser(topups.data.options, topups.data.minimum_topup) : [];
  const cardRows = cards.data?.rows ?? [];
  const chosenTopup = topupId ?? String(options.find((o) => o.is_default)?.id ?? '');
  const chosenCard = cardId ?? String(cardRows.find((c) => c.is_default)?.id ?? cardRows[0]?.id ?? '');

  const pay = () => {
    if (charge.isPending) return;
    const next = { topup: chosenTopup ? undefined : SELECT_TOPUP, card: chosenCard ? undefined : SELECT_CARD };
    setErrors(next);
    if (next.topup || next.card) return;
    charge.mutate(
      { target_topup_id: Number(chosenTopup), target_card_id: Number(chosenCard), idempotency_key: key },
      {
        onSuccess: (answer) => {
          if (answer.success) {
            notifySuccess(`${formatCents(answer.amount)} credit added`);
            setOutcome({ kind: 'success', amount: answer.amount, balance: answer.balance });
          } else {
            // A decline charged nothing: the next attempt is a new payment with a key of its own.
            setKey(newIdempotencyKey());
            setOutcome({ kind: 'fail', response_text: answer.response_text });
          }
        },
        // The outcome of a failed send is unknown (a timeout, a lost answer): the key stays, so sending again answers the first charge.
      },
    );
  };

  const loading = !topups.data || !cards.data;
  const loadError = topups.error ?? cards.error;
  return (
    <Modal opened onClose={onClose} title="Topup payment" closeButtonProps={{ 'aria-label': 'Close' }}>
      {outcome?.kind === 'success' ? (
        <Stack gap="sm">
          <Alert color="green" icon={<IconCircleCheck aria-hidden />} title="Payment received">
            {formatCents(outcome.amount)} credit was added. Your balance is now {formatCents(outcome.balance)}.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      ) : outcome?.kind === 'fail' ? (
        <Stack gap="sm">
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" title={PAYMENT_FAILED}>
            {outcome.response_text}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button onClick={() => setOutcome(null)} data-autofocus>
              Try again
            </Button>
          </Group>
        </Stack>
      ) : loadError ? (
        <FormErrorAlert message={errorMessage(loadError)} />
      ) : loading ? (
        <CardSkeleton label="Loading top-up amounts" />
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
