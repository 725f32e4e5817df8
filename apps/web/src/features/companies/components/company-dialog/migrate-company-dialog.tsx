import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import type { CompanyDetail } from '@portal/contract/companies/company-detail';
import { useState } from 'react';
import { formErrorState } from '../../../../components/form/form-errors';
import { FormErrorAlert } from '../../../../components/form/form-error-alert';
import { useDistributors } from '../../api/list-distributors';
import { useMigrateCompany } from '../../api/migrate-company';

interface MigrateCompanyDialogProps {
  company: Pick<CompanyDetail, 'id' | 'company_name'>;
  opened: boolean;
  onClose: () => void;
  onMigrated?: (newCompanyId: number) => void;
}

/** Migrate is enabled only when the typed text equals the company name exactly. */
export function MigrateCompanyDialog({ company, opened, onClose, onMigrated }: MigrateCompanyDialogProps) {
  const distributors = useDistributors(opened);
  const migrate = useMigrateCompany();
  const [distributorId, setDistributorId] = useState<string | null>(null);
  const [confirmText, setConfirmText] = useState('');
  const errors = formErrorState(migrate.error);

  const submit = () =>
    migrate.mutate(
      {
        target_id: company.id,
        target_distributor_id: distributorId === null ? null : Number(distributorId),
        target_confirm_company_name: confirmText,
      },
      {
        onSuccess: (result) => {
          onMigrated?.(result.new_company_id);
          onClose();
        },
      },
    );

  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={opened} onClose={onClose} title="Migrate Company">
      <Stack>
        <Text size="sm">
          A new company is created for {company.company_name}, under the chosen distributor or self-managed; this one stays for its history.
        </Text>
        <Select
          label="Distributor"
          placeholder="None (self-managed)"
          clearable
          data={(distributors.data ?? []).map((item) => ({ value: String(item.id), label: item.company_name }))}
          value={distributorId}
          onChange={setDistributorId}
          error={errors.fields.target_distributor_id}
        />
        <TextInput
          label={`Type ${company.company_name} to confirm`}
          placeholder={company.company_name}
          value={confirmText}
          autoComplete="off"
          spellCheck={false}
          error={errors.fields.target_confirm_company_name}
          onChange={(event) => setConfirmText(event.currentTarget.value)}
        />
        <FormErrorAlert message={errors.alert} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red.9" disabled={confirmText !== company.company_name} loading={migrate.isPending} onClick={submit}>
            Migrate
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
