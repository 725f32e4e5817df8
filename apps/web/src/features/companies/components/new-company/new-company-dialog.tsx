import { Button, Checkbox, Group, PasswordInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { adminCreateCompany, distributorCreateCompany } from '@portal/contract/companies/company-create';
import { COMPANY_TYPES, type CompanyType } from '@portal/contract/shared/fields';
import { PLAN_IDS, type PlanId } from '@portal/contract/shared/plans';
import { useDiscardGuard } from '../../../../components/confirm/use-discard-guard';
import { notifySuccess } from '../../../../components/feedback/notify';
import { CountrySelect } from '../../../../components/form/country-select';
import { FormErrorAlert } from '../../../../components/form/form-error-alert';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { type CompanyViewer, useAdminCreateCompany, useDistributorCreateCompany, useDistributors } from '../../api';
import { NEW_COMPANY_DEFAULTS, type NewCompanyRequest, newCompanyRequest, withCompanyType } from './new-company-form';
import { Modal } from '../../../../components/modal/modal';

interface NewCompanyDialogProps {
  viewer: CompanyViewer;
  onClose: () => void;
  onCreated?: (companyId: number) => void;
}

export function NewCompanyDialog({ viewer, onClose, onCreated }: NewCompanyDialogProps) {
  const isAdmin = viewer === 'admin';
  const distributors = useDistributors(isAdmin);
  const createAsAdmin = useAdminCreateCompany();
  const createAsDistributor = useDistributorCreateCompany();
  const create = isAdmin ? createAsAdmin : createAsDistributor;
  const form = useContractForm(isAdmin ? adminCreateCompany : distributorCreateCompany, {
    initialValues: NEW_COMPANY_DEFAULTS,
    toInput: (values) => newCompanyRequest(viewer, values).input,
    serverError: create.error,
  });
  const { values, errors, setValue } = form;
  const title = isAdmin ? 'New company' : 'New sub-account';
  // A form dialog takes the whole screen on a phone (docs/design.md).
  const phone = useMediaQuery('(max-width: 48em)');
  // Escape, ×, Cancel and a click outside ask before throwing typed details away.
  const { ref: dialogRef, requestClose } = useDiscardGuard(() => form.isDirty, onClose, `the ${title.toLowerCase()}'s details`);

  const created = {
    onSuccess: (result: { company_id: number }) => {
      notifySuccess(`${values.company_name.trim()} created`);
      onClose();
      onCreated?.(result.company_id);
    },
  };
  // The viewer chose both the schema the input was checked with and the call it goes to.
  const send = (input: NewCompanyRequest['input']) =>
    isAdmin
      ? createAsAdmin.mutate(input as Extract<NewCompanyRequest, { viewer: 'admin' }>['input'], created)
      : createAsDistributor.mutate(input as Extract<NewCompanyRequest, { viewer: 'distributor' }>['input'], created);

  const text = (key: 'company_name' | 'country' | 'contact_name' | 'email' | 'password', inputKey: string) => ({
    value: values[key],
    error: errors[inputKey],
    maxLength: form.maxLength(inputKey),
    onChange: (event: { currentTarget: { value: string } }) => setValue(key, event.currentTarget.value),
  });

  return (
    <Modal
      ref={dialogRef}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened
      onClose={requestClose}
      title={title}
      size="lg"
    >
      <form onSubmit={form.onSubmit(send)} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Company name" required {...text('company_name', 'target_company_name')} />
            <CountrySelect value={values.country} onChange={(code) => setValue('country', code)} error={errors.target_country_code} />
            {isAdmin && (
              <Select
                label="Company type"
                data={[...COMPANY_TYPES]}
                value={values.company_type}
                allowDeselect={false}
                onChange={(value) => value && form.setValues((current) => withCompanyType(current, value as CompanyType))}
              />
            )}
            {isAdmin && (
              <Select
                label="Distributor"
                placeholder="None"
                clearable
                disabled={values.company_type !== 'customer'}
                data={(distributors.data ?? []).map((item) => ({ value: String(item.id), label: item.company_name }))}
                value={values.distributor_id}
                error={errors.target_distributor_id}
                onChange={(value) => setValue('distributor_id', value)}
              />
            )}
            {!isAdmin && (
              <Select
                label="Plan"
                data={[...PLAN_IDS]}
                value={values.plan_id}
                allowDeselect={false}
                onChange={(value) => value && setValue('plan_id', value as PlanId)}
              />
            )}
            <TextInput label="Contact name" {...text('contact_name', 'target_contact_name')} />
            <TextInput label="Email" type="email" required {...text('email', 'target_email')} />
            <PasswordInput label="Password" required autoComplete="new-password" {...text('password', 'target_password')} />
          </SimpleGrid>
          {isAdmin ? (
            <Group>
              <Checkbox label="Internal" {...form.checkboxProps('is_internal')} />
              <Checkbox label="Partner" {...form.checkboxProps('is_partner')} />
              <Checkbox label="VIP" {...form.checkboxProps('is_vip')} />
            </Group>
          ) : (
            <Textarea
              label="Notes"
              value={values.notes}
              maxLength={form.maxLength('target_company_notes')}
              error={errors.target_company_notes}
              onChange={(event) => setValue('notes', event.currentTarget.value)}
            />
          )}
          <FormErrorAlert message={form.alert} />
          <Group justify="flex-end">
            <Button variant="default" onClick={requestClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
