import { Button, Fieldset, Group, Text } from '@mantine/core';
import type { CompanyDetail } from '@portal/contract/companies/company-detail';
import { useState } from 'react';
import { confirmTyped } from '../../../../components/confirm/confirm-typed';
import { confirmYesNo } from '../../../../components/confirm/confirm-yes-no';
import { notifySuccess } from '../../../../components/feedback/notify';
import { formErrorState } from '../../../../components/form/form-errors';
import { FormErrorAlert } from '../../../../components/form/form-error-alert';
import { PENDING_DELETE_DAYS } from '@portal/contract/shared/plans';
import { formatDate, fromUnixSeconds } from '../../../../lib/dates';
import { useDeleteCompany, useLiftSuspension, useReactivateCompany } from '../../api';
import { MigrateCompanyDialog } from './migrate-company-dialog';
import { SuspendCompanyDialog } from './suspend-company-dialog';
import { SuspensionLine } from './suspension-line';

interface CompanyDangerZoneProps {
  company: CompanyDetail;
  isAdmin: boolean;
  disabled: boolean;
}

export function CompanyDangerZone({ company, isAdmin, disabled }: CompanyDangerZoneProps) {
  const remove = useDeleteCompany();
  const reactivate = useReactivateCompany();
  const lift = useLiftSuspension();
  const [migrating, setMigrating] = useState(false);
  const [suspending, setSuspending] = useState(false);
  const pending = company.current_state === 'PENDING_DELETE';
  const suspendable = company.current_state === 'ACTIVE' || company.current_state === 'TRIAL';
  const error = remove.error ?? reactivate.error ?? lift.error;

  const softDelete = async () => {
    const yes = await confirmYesNo({
      title: `Delete ${company.company_name}?`,
      message: `Its users can no longer sign in and it is marked pending delete. It is deleted for good after ${PENDING_DELETE_DAYS} days unless someone reactivates it before then.`,
      yesLabel: 'Delete company',
      noLabel: 'Cancel',
    });
    if (yes)
      remove.mutate(
        { target_company_id: company.id, target_force: false },
        { onSuccess: () => notifySuccess(`${company.company_name} will be deleted in ${PENDING_DELETE_DAYS} days`) },
      );
  };

  const forceDelete = async () => {
    const yes = await confirmTyped({
      title: 'Delete permanently — this cannot be undone',
      message: `${company.company_name} and its users are deleted now, with no ${PENDING_DELETE_DAYS}-day wait and no way to reactivate it.`,
      placeholder: company.company_name,
      okLabel: 'Delete permanently',
    });
    if (yes)
      remove.mutate(
        { target_company_id: company.id, target_force: true, target_confirm_company_name: company.company_name },
        { onSuccess: () => notifySuccess(`${company.company_name} deleted`) },
      );
  };

  return (
    <Fieldset legend="Danger zone" disabled={disabled}>
      {pending && company.will_delete_at !== null && (
        <Text size="sm" mb="sm">
          Permanent deletion on {formatDate(fromUnixSeconds(company.will_delete_at))}
        </Text>
      )}
      {company.suspension && <SuspensionLine suspension={company.suspension} />}
      <Group>
        {pending ? (
          <Button
            color="teal.9"
            loading={reactivate.isPending}
            onClick={() =>
              reactivate.mutate(
                { target_company_id: company.id },
                { onSuccess: () => notifySuccess(`${company.company_name} reactivated`) },
              )
            }
          >
            Reactivate
          </Button>
        ) : (
          <Button color="red" variant="outline" loading={remove.isPending} onClick={() => void softDelete()}>
            Delete
          </Button>
        )}
        {isAdmin && (
          <>
            <Button color="red.9" onClick={() => void forceDelete()}>
              Delete permanently
            </Button>
            <Button color="dark" variant="outline" onClick={() => setMigrating(true)}>
              Migrate
            </Button>
            {suspendable && (
              // The theme's warning colour for each scheme: Mantine's orange outline is 3.0:1 on white.
              <Button color="var(--app-color-warning)" variant="outline" onClick={() => setSuspending(true)}>
                Suspend
              </Button>
            )}
            {company.suspension?.reason === 'staff' && (
              <Button
                color="teal.9"
                variant="outline"
                loading={lift.isPending}
                onClick={() =>
                  lift.mutate({ target_id: company.id }, { onSuccess: () => notifySuccess(`${company.company_name}'s suspension lifted`) })
                }
              >
                Lift suspension
              </Button>
            )}
          </>
        )}
      </Group>
      <FormErrorAlert message={error ? (formErrorState(error).alert ?? Object.values(formErrorState(error).fields)[0] ?? null) : null} />
      {isAdmin && <MigrateCompanyDialog company={company} opened={migrating} onClose={() => setMigrating(false)} />}
      {isAdmin && <SuspendCompanyDialog company={company} opened={suspending} onClose={() => setSuspending(false)} />}
    </Fieldset>
  );
}
