import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import type { getAccountSettings } from '@portal/contract/account/account-settings';
import { POSTCODE_LABEL, setAccountSettings } from '@portal/contract/account/account-settings';
import { BILLING_DETAILS_NEEDED } from '@portal/contract/payments/cards';
import type { CallOutput } from '@portal/contract/shared/define-call';
import { CardSkeleton } from '../../../components/page/page-skeleton';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useContractForm } from '../../../components/form/use-contract-form';
import { notifySuccess } from '../../../components/feedback/notify';
import { billingDetailsQuery, useSaveBillingDetails } from '../api';
import { Modal } from '../../../components/modal/modal';
import { DialogLoadError } from '../../../components/feedback/dialog-load-error';

type Settings = CallOutput<typeof getAccountSettings>;

const BILLING_FIELDS = [
  'company_name',
  'company_phone_number',
  'company_address_street',
  'company_address_city',
  'company_address_postcode',
] as const;

type BillingDetails = Pick<Settings, (typeof BILLING_FIELDS)[number]>;

const detailsOf = (settings: Settings): BillingDetails =>
  Object.fromEntries(BILLING_FIELDS.map((key) => [key, settings[key]])) as BillingDetails;

interface BillingDetailsDialogProps {
  /** The fields the card authorization found missing, shown under their inputs until the user types. */
  missing: Readonly<Record<string, string>>;
  onSaved: () => void;
  onClose: () => void;
}

function BillingDetailsForm({ settings, missing, onSaved, onClose }: BillingDetailsDialogProps & { settings: Settings }) {
  const save = useSaveBillingDetails();
  const form = useContractForm(setAccountSettings, {
    initialValues: detailsOf(settings),
    fields: [...BILLING_FIELDS],
    serverError: save.error,
  });
  const errorOf = (key: (typeof BILLING_FIELDS)[number]) =>
    form.errors[key] ?? (form.values[key] === settings[key] ? missing[key] : undefined);
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((input) =>
        save.mutate(input, {
          onSuccess: () => {
            notifySuccess('Billing details saved');
            onSaved();
          },
        }),
      )}
    >
      <Stack gap="sm">
        <Alert color="blue">{BILLING_DETAILS_NEEDED}.</Alert>
        {/* The company name is the account's; it is changed on My account, not here. */}
        <TextInput label="Company name" required readOnly value={form.values.company_name} error={errorOf('company_name')} />
        <TextInput
          label="Phone number"
          required
          data-autofocus
          {...form.textProps('company_phone_number')}
          error={errorOf('company_phone_number')}
        />
        <TextInput
          label="Street address"
          required
          {...form.textProps('company_address_street')}
          error={errorOf('company_address_street')}
        />
        <Group grow>
          <TextInput label="City" required {...form.textProps('company_address_city')} error={errorOf('company_address_city')} />
          <TextInput
            label={POSTCODE_LABEL}
            required
            {...form.textProps('company_address_postcode')}
            error={errorOf('company_address_postcode')}
          />
        </Group>
        <FormErrorAlert message={form.alert} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save and continue
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Billing Details: what the card processor needs before a card is added; closing it without saving closes the card dialog too. */
export function BillingDetailsDialog(props: BillingDetailsDialogProps) {
  const settings = billingDetailsQuery.useQuery();
  return (
    <Modal opened onClose={props.onClose} title="Billing details" closeButtonProps={{ 'aria-label': 'Close' }}>
      {settings.data ? (
        <BillingDetailsForm settings={settings.data} {...props} />
      ) : settings.error ? (
        <DialogLoadError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <CardSkeleton label="Loading billing details" />
      )}
    </Modal>
  );
}
