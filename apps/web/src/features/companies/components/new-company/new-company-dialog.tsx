import { Button, Checkbox, Group, Modal, PasswordInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { COMPANY_TYPES, type CompanyType } from '@portal/contract/shared/fields';
import { PLAN_IDS, type PlanId } from '@portal/contract/shared/plans';
import { type FormEvent, useState } from 'react';
import { formErrorState } from '../../../../components/form/form-errors';
import { FormErrorAlert } from '../../../../components/form/form-error-alert';
import { useCreateCompany } from '../../api/create-company';
import type { CompanyViewer } from '../../api/describe-company';
import { useDistributors } from '../../api/list-distributors';
import { NEW_COMPANY_DEFAULTS, type NewCompanyValues, newCompanyRequest, withCompanyType } from './new-company-form';

interface NewCompanyDialogProps {
  viewer: CompanyViewer;
  onClose: () => void;
  onCreated?: (companyId: number) => void;
}

export function NewCompanyDialog({ viewer, onClose, onCreated }: NewCompanyDialogProps) {
  const [values, setValues] = useState<NewCompanyValues>(NEW_COMPANY_DEFAULTS);
  const distributors = useDistributors(viewer === 'admin');
  const create = useCreateCompany();
  const errors = formErrorState(create.error);
  const isAdmin = viewer === 'admin';

  const set = <K extends keyof NewCompanyValues>(key: K, value: NewCompanyValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(newCompanyRequest(viewer, values), {
      onSuccess: (result) => {
        onClose();
        onCreated?.(result.company_id);
      },
    });
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened
      onClose={onClose}
      title={isAdmin ? 'New Company' : 'New Sub-Account'}
      size="lg"
    >
      <form onSubmit={submit}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Company name"
              required
              maxLength={200}
              value={values.company_name}
              error={errors.fields.target_company_name}
              onChange={(event) => set('company_name', event.currentTarget.value)}
            />
            <TextInput
              label="Country"
              maxLength={2}
              value={values.country}
              error={errors.fields.target_country_code}
              onChange={(event) => set('country', event.currentTarget.value.toUpperCase())}
            />
            {isAdmin && (
              <Select
                label="Company type"
                data={[...COMPANY_TYPES]}
                value={values.company_type}
                allowDeselect={false}
                onChange={(value) => value && setValues((current) => withCompanyType(current, value as CompanyType))}
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
                error={errors.fields.target_distributor_id}
                onChange={(value) => set('distributor_id', value)}
              />
            )}
            {!isAdmin && (
              <Select
                label="Plan"
                data={[...PLAN_IDS]}
                value={values.plan_id}
                allowDeselect={false}
                onChange={(value) => value && set('plan_id', value as PlanId)}
              />
            )}
            <TextInput
              label="Contact name"
              maxLength={200}
              value={values.contact_name}
              error={errors.fields.target_contact_name}
              onChange={(event) => set('contact_name', event.currentTarget.value)}
            />
            <TextInput
              label="Email"
              type="email"
              required
              maxLength={320}
              value={values.email}
              error={errors.fields.target_email}
              onChange={(event) => set('email', event.currentTarget.value)}
            />
            <PasswordInput
              label="Password"
              required
              maxLength={1024}
              autoComplete="new-password"
              value={values.password}
              error={errors.fields.target_password}
              onChange={(event) => set('password', event.currentTarget.value)}
            />
          </SimpleGrid>
          {isAdmin ? (
            <Group>
              <Checkbox
                label="Internal"
                checked={values.is_internal}
                onChange={(event) => set('is_internal', event.currentTarget.checked)}
              />
              <Checkbox label="Partner" checked={values.is_partner} onChange={(event) => set('is_partner', event.currentTarget.checked)} />
              <Checkbox label="VIP" checked={values.is_vip} onChange={(event) => set('is_vip', event.currentTarget.checked)} />
            </Group>
          ) : (
            <Textarea
              label="Notes"
              maxLength={10_000}
              value={values.notes}
              error={errors.fields.target_company_notes}
              onChange={(event) => set('notes', event.currentTarget.value)}
            />
          )}
          <FormErrorAlert message={errors.alert} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
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
