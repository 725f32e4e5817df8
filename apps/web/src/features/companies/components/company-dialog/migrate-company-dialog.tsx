import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CompanyDetail } from '@portal/contract/companies/company-detail';
import { migrateCompany } from '@portal/contract/companies/company-lifecycle';
import { notifySuccess } from '../../../../components/feedback/notify';
import { FormErrorAlert } from '../../../../components/form/form-error-alert';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { useDistributors, useMigrateCompany } from '../../api';
import { Modal } from '../../../../components/modal/modal';

interface MigrateCompanyDialogProps {
  company: Pick<CompanyDetail, 'id' | 'company_name'>;
  opened: boolean;
  onClose: () => void;
  onMigrated?: (newCompanyId: number) => void;
}

/** Migrate is enabled only when the typed text equals the company name exactly. */
export function MigrateCompanyDialog({ company, opened, onClose, onMigrated }: MigrateCompanyDialogProps) {
  const distributors = useDistributors(opened);
  // A form dialog takes the whole screen on a phone (docs/design.md).
  const phone = useMediaQuery('(max-width: 48em)');
  const migrate = useMigrateCompany();
  const form = useContractForm(migrateCompany, {
    initialValues: { target_distributor_id: null as string | null, target_confirm_company_name: '' },
    toInput: (values) => ({
      target_id: company.id,
      target_distributor_id: values.target_distributor_id === null ? null : Number(values.target_distributor_id),
      target_confirm_company_name: values.target_confirm_company_name,
    }),
    serverError: migrate.error,
  });
  const confirmText = form.values.target_confirm_company_name;

  const submit = form.onSubmit((input) =>
    migrate.mutate(input, {
      onSuccess: (result) => {
        notifySuccess(`${company.company_name} migrated`);
        onMigrated?.(result.new_company_id);
        onClose();
      },
    }),
  );

  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={opened} onClose={onClose} fullScreen={phone} title="Migrate company">
      <Stack>
        <Text size="sm">
          A new company is created for {company.company_name}, under the chosen distributor or self-managed; this one stays for its history.
        </Text>
        <Select
          label="Distributor"
          placeholder="None (self-managed)"
          clearable
          data={(distributors.data ?? []).map((item) => ({ value: String(item.id), label: item.company_name }))}
          value={form.values.target_distributor_id}
          onChange={(value) => form.setValue('target_distributor_id', value)}
          error={form.errors.target_distributor_id}
        />
        <TextInput
          label={`Type ${company.company_name} to confirm`}
          placeholder={company.company_name}
          autoComplete="off"
          spellCheck={false}
          {...form.textProps('target_confirm_company_name')}
        />
        <FormErrorAlert message={form.alert} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red.9" disabled={confirmText !== company.company_name} loading={migrate.isPending} onClick={() => submit()}>
            Migrate
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
