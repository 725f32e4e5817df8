import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { UNLIMITED_PAGE_SIZE } from '@portal/contract/shared/paging';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { allCardsQuery } from '../api';
import { AuthorizeCardDialog } from './authorize-card-dialog';
import { PayOnceDialog } from './pay-once-dialog';
import { RedeemPromoForm } from './redeem-promo-form';

interface TopupPaymentsProps {
  /** Only customers redeem promo codes; a distributor pays but has no code to use. */
  canRedeem: boolean;
}

/** The payment part of /topup (spec-2 §2.10): cards, Pay once, automatic payments, a promo code and the terms. */
export function TopupPayments({ canRedeem }: TopupPaymentsProps) {
  const [dialog, setDialog] = useState<'card' | 'pay' | null>(null);
  // The card list itself (the Pay once dialog's, so one request serves both) says whether a card is saved;
  // it is refreshed the moment a card is added or removed.
  const cards = allCardsQuery.useQuery({ page: 1, page_size: UNLIMITED_PAGE_SIZE });
  const hasSavedCard = (cards.data?.total ?? 0) > 0;
  return (
    <>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            Add credit
          </Title>
          {cards.data && !hasSavedCard && <Alert color="blue">Add a card to pay for credit.</Alert>}
          <Group gap="sm">
            {hasSavedCard ? (
              <Button component={Link} to="/payment_methods" variant="default">
                Manage cards
              </Button>
            ) : (
              <Button variant="default" onClick={() => setDialog('card')} disabled={!cards.data}>
                Add a new card
              </Button>
            )}
            <Button onClick={() => setDialog('pay')} disabled={!hasSavedCard}>
              Pay once
            </Button>
            {hasSavedCard ? (
              <Button component={Link} to="/auto_payment" variant="default">
                Configure automatic payments
              </Button>
            ) : (
              <Button variant="default" disabled>
                Configure automatic payments
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            Payments are charged in US dollars to the card you choose and are not refundable, except as the trial guarantee allows. Credit
            is used daily for the services on your account; credit packs do not expire unless their option says so. By paying you agree to
            the terms of service.
          </Text>
        </Stack>
      </Card>
      {canRedeem && (
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Redeem a promo code
            </Title>
            <RedeemPromoForm />
          </Stack>
        </Card>
      )}
      {dialog === 'card' ? <AuthorizeCardDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'pay' ? <PayOnceDialog onClose={() => setDialog(null)} /> : null}
    </>
  );
}
