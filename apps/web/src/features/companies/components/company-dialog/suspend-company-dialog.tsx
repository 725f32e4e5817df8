import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CompanyDetail } from '@portal/contract/companies/company-detail';
import { adminSuspendCompany } from '@portal/contract/companies/company-suspension';
import { notifySuccess } from '../../../../components/feedback/notify';
import { FormErrorAlert } from '../../../../components/form/form-error-alert';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { Modal } from '../../../../components/modal/modal';
import { useSuspendCompany } from '../../api';

interface SuspendCompanyDialogProps {
  company: Pick<CompanyDetail, 'id' | 'company_name'>;
  opened: boolean;
  onClose: () => void;
}

/** An admin suspends a company with a note its users are shown (decision 0087); only an admin lifts it. */
export function SuspendCompanyDialog({ company, opened, onClose }: SuspendCompanyDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const suspend = useSuspendCompany();
  const form = useContractForm(adminSuspendCompany, {
    initialValues: { target_note: '' },
    toInput: (values) => ({ target_id: company.id, target_note: values.target_note }),
    serverError: suspend.error,
  });
  const submit = form.onSubmit((input) =>
    suspend.mutate(input, {
      onSuccess: () => {
        notifySuccess(`${company.company_name} suspended`);
        onClose();
      },
    }),
  );
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={opened} onClose={onClose} fullScreen={phone} title="Suspend company">
      <Stack>
        <Text size="sm">
          {company.company_name}'s users see this note when they sign in; its backups, API tokens and customer portal stop. A payment does
          not lift this suspension; an admin does, here.
        </Text>
        <Textarea label="Note shown to the company's users" autosize minRows={3} {...form.textProps('target_note')} />
        <FormErrorAlert message={form.alert} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          {/* The theme's warning colour for each scheme, as the Suspend that opened this: white on Mantine's orange is 3:1. */}
          <Button color="var(--app-color-warning)" variant="outline" loading={suspend.isPending} onClick={() => submit()}>
            Suspend
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
