import { Badge, Button, Group } from '@mantine/core';
import { CARD_PAGE_SIZE, NO_CARDS_TEXT, type PaymentCard } from '@portal/contract/payments/cards';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { confirmYesNo } from '../../../components/confirm/confirm-yes-no';
import { DataTable } from '../../../components/data-table/data-table';
import { notifyFailure, notifySuccess } from '../../../components/feedback/notify';
import { PageHeader } from '../../../components/page/page-header';
import { cardsSource, useDeleteCard, useSetDefaultCard } from '../api';
import { AuthorizeCardDialog } from './authorize-card-dialog';

const cardLabel = (card: PaymentCard) => `${card.card_type} ending ${card.card_number.slice(-4)}`;

function CardActions({ card }: { card: PaymentCard }) {
  const makeDefault = useSetDefaultCard();
  const remove = useDeleteCard();
  const runDelete = async () => {
    const confirmed = await confirmYesNo({
      title: `Delete ${cardLabel(card)}?`,
      message: card.is_default
        ? 'It is your default card: your newest other card becomes the default, and automatic payments use it.'
        : 'It can no longer be charged. You can add it again later.',
      yesLabel: 'Delete',
      noLabel: 'Cancel',
    });
    if (!confirmed) return;
    remove.mutate(
      { card_id: card.id },
      {
        onSuccess: () => notifySuccess(`${cardLabel(card)} deleted`),
        onError: (error) => notifyFailure('Could not delete the card', error),
      },
    );
  };
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {!card.is_default && (
        <Button
          size="xs"
          variant="light"
          loading={makeDefault.isPending}
          aria-label={`Make ${cardLabel(card)} the default`}
          onClick={() =>
            makeDefault.mutate(
              { card_id: card.id },
              {
                onSuccess: () => notifySuccess(`${cardLabel(card)} is now the default card`),
                onError: (error) => notifyFailure('Could not change the default card', error),
              },
            )
          }
        >
          Make default
        </Button>
      )}
      <Button
        size="xs"
        variant="light"
        color="red"
        loading={remove.isPending}
        aria-label={`Delete ${cardLabel(card)}`}
        onClick={() => void runDelete()}
      >
        Delete
      </Button>
    </Group>
  );
}

/** /payment_methods: the company's saved cards, paged, with Make default, Delete and Add a card (spec-2 §2.10). */
export function PaymentMethodsPage() {
  const [adding, setAdding] = useState(false);
  const source = useMemo(() => cardsSource(), []);
  const columns: DataTableColumn<PaymentCard>[] = [
    { accessor: 'card_type', title: 'Type' },
    { accessor: 'card_number', title: 'Number', render: (card) => <span style={{ whiteSpace: 'nowrap' }}>{card.card_number}</span> },
    { accessor: 'card_expiry', title: 'Expiry' },
    {
      accessor: 'is_default',
      title: 'Default',
      render: (card) => (card.is_default ? <Badge>Default</Badge> : null),
    },
    { accessor: 'actions', title: 'Actions', textAlign: 'right', render: (card) => <CardActions card={card} /> },
  ];
  const add = <Button onClick={() => setAdding(true)}>Add a card</Button>;
  return (
    <>
      <PageHeader
        title="Payment methods"
        description="The cards your company pays for credit with. The default card pays automatic top-ups."
        actions={add}
      />
      <DataTable
        label="Saved cards"
        source={source}
        columns={columns}
        defaultPageSize={CARD_PAGE_SIZE}
        searchable={false}
        emptyText={NO_CARDS_TEXT}
        emptyDescription="Add a card to top up your credit."
        emptyAction={add}
      />
      {adding ? <AuthorizeCardDialog onClose={() => setAdding(false)} /> : null}
    </>
  );
}
