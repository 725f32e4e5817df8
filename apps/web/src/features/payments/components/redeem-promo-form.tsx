import { Button, Group, Text, TextInput } from '@mantine/core';
import { redeemPromoCode } from '@portal/contract/payments/promo-codes';
import { useState } from 'react';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useRedeemPromoCode } from '../api';

/** Redeem a promo code (spec-2 §2.10): every refusal shows under the one field, the server's words included. */
export function RedeemPromoForm() {
  const redeem = useRedeemPromoCode();
  const [done, setDone] = useState<string | null>(null);
  const form = useContractForm(redeemPromoCode, { initialValues: { promo_code: '' }, serverError: redeem.error });
  const field = form.textProps('promo_code');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        setDone(null);
        form.onSubmit((input) =>
          redeem.mutate(input, {
            // The line under the field says so, once: a toast beside it outlived a later refusal.
            onSuccess: (answer) => {
              setDone(answer.message);
              form.reset();
            },
          }),
        )(event);
      }}
    >
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Promo code"
          {...field}
          onChange={(event) => {
            field.onChange(event);
            setDone(null);
          }}
          error={field.error ?? form.alert}
          style={{ flex: 1 }}
        />
        <Button type="submit" mt={25} variant="default" loading={redeem.isPending}>
          Redeem
        </Button>
      </Group>
      {done ? (
        <Text size="sm" c="green.8" mt="xs" role="status">
          {done}
        </Text>
      ) : null}
    </form>
  );
}
