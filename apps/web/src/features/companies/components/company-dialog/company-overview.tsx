import { Button, Group, Stack } from '@mantine/core';
import type { CompanyDetail } from '@portal/contract/companies/company-detail';
import { useState } from 'react';
import { formErrorState } from '../../../../components/form/form-errors';
import { FormErrorAlert } from '../../../../components/form/form-error-alert';
import type { CompanyViewer } from '../../api/describe-company';
import { usePatchCompany } from '../../api/patch-company';
import { CompanyAdminExtras } from './company-admin-extras';
import { CompanyAdminSections, PlanFieldset } from './company-admin-sections';
import { CompanyDangerZone } from './company-danger-zone';
import { CompanyDetailsSection } from './company-details-section';
import { buildCompanyPatch, type CompanyFormValues, formValuesOf, isDirty, isReadOnly } from './company-form';
import { CompanyTrialSection } from './company-trial-section';

interface CompanyOverviewProps {
  company: CompanyDetail;
  viewer: CompanyViewer;
  /** Staff who may read but not change companies (support, sales) see the form disabled and no actions. */
  viewOnly?: boolean;
}

/** The Overview tab: the edit form, then the trial, admin and danger-zone sections that act at once. */
export function CompanyOverview({ company, viewer, viewOnly = false }: CompanyOverviewProps) {
  const readOnly = isReadOnly(company);
  const isAdmin = viewer === 'admin';
  return (
    <Stack>
      {/* Keyed by the data, so a reload after saving starts the form from the saved values. */}
      <CompanyEditForm key={JSON.stringify(company)} company={company} viewer={viewer} viewOnly={viewOnly} />
      {!viewOnly && company.current_state === 'TRIAL' && <CompanyTrialSection company={company} viewer={viewer} disabled={readOnly} />}
      {!viewOnly && isAdmin && <CompanyAdminExtras company={company} />}
      {!viewOnly && <CompanyDangerZone company={company} isAdmin={isAdmin} disabled={readOnly} />}
    </Stack>
  );
}

function CompanyEditForm({ company, viewer, viewOnly = false }: CompanyOverviewProps) {
  const initial = formValuesOf(company);
  const [values, setValues] = useState<CompanyFormValues>(initial);
  const patch = usePatchCompany(viewer);
  const errors = formErrorState(patch.error);
  const readOnly = viewOnly || isReadOnly(company);
  const isAdmin = viewer === 'admin';
  const dirty = isDirty(initial, values);

  const set = <K extends keyof CompanyFormValues>(key: K, value: CompanyFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const sectionProps = { company, values, set, errors: errors.fields };

  const save = () => patch.mutate(buildCompanyPatch(company.id, initial, values, viewer));

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (dirty) save();
      }}
    >
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack>
          <CompanyDetailsSection {...sectionProps} isAdmin={isAdmin} />
          {isAdmin ? <CompanyAdminSections {...sectionProps} /> : <PlanFieldset {...sectionProps} withForce={false} />}
          <FormErrorAlert message={errors.alert} />
          <Group justify="flex-end">
            <Button variant="default" disabled={!dirty} onClick={() => setValues(initial)}>
              Reset
            </Button>
            <Button type="submit" disabled={!dirty || readOnly} loading={patch.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
