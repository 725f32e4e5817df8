import { Stack } from '@mantine/core';
import { Fragment, use } from 'react';
import type { CompanyDetail } from '@portal/contract/companies/company-detail';
import { adminPatchCompany, distributorPatchCompany } from '@portal/contract/companies/company-patch';
import { notifySuccess } from '../../../../components/feedback/notify';
import { FormErrorAlert } from '../../../../components/form/form-error-alert';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { type CompanyViewer, usePatchCompany } from '../../api';
import { CompanyAdminExtras } from './company-admin-extras';
import { CompanyAdminSections, PlanFieldset } from './company-admin-sections';
import { CompanyDangerZone } from './company-danger-zone';
import { CompanyDetailsSection } from './company-details-section';
import { buildCompanyPatch, type CompanyFormValues, formValuesOf, isDirty, isReadOnly } from './company-form';
import { CompanyTrialSection } from './company-trial-section';
import { ExtraCompanySections } from './extra-tabs';
import { usePublishCompanyForm } from './dialog-form-state';

interface CompanyOverviewProps {
  company: CompanyDetail;
  viewer: CompanyViewer;
  /** Staff who may read but not change companies (support, sales) see the form disabled and no actions. */
  viewOnly?: boolean;
}

export const COMPANY_FORM_ID = 'company-edit-form';

/** The Overview tab: the edit form (saved from the drawer's action bar), then the trial, admin and danger-zone sections that act at once. */
export function CompanyOverview({ company, viewer, viewOnly = false }: CompanyOverviewProps) {
  const readOnly = isReadOnly(company);
  const isAdmin = viewer === 'admin';
  const sections = use(ExtraCompanySections).filter((section) => section.shows(company, { viewer, isAdmin }));
  return (
    <Stack>
      {/* Keyed by the form's values, so a reload after saving starts from the saved values, while a
          change elsewhere (a user added on the next tab) leaves unsaved edits alone. */}
      <CompanyEditForm key={JSON.stringify(formValuesOf(company))} company={company} viewer={viewer} viewOnly={viewOnly} />
      {!viewOnly && company.current_state === 'TRIAL' && <CompanyTrialSection company={company} viewer={viewer} disabled={readOnly} />}
      {!viewOnly && isAdmin && <CompanyAdminExtras company={company} />}
      {!viewOnly && sections.map((section) => <Fragment key={section.value}>{section.render(company, { viewer, isAdmin })}</Fragment>)}
      {!viewOnly && <CompanyDangerZone company={company} isAdmin={isAdmin} disabled={readOnly} />}
    </Stack>
  );
}

function CompanyEditForm({ company, viewer, viewOnly = false }: CompanyOverviewProps) {
  const isAdmin = viewer === 'admin';
  const patch = usePatchCompany(viewer);
  const form = useContractForm(isAdmin ? adminPatchCompany : distributorPatchCompany, {
    initialValues: formValuesOf(company),
    toInput: (values, initial) => buildCompanyPatch(company.id, initial, values, viewer),
    serverError: patch.error,
  });
  const readOnly = viewOnly || isReadOnly(company);
  const dirty = isDirty(form.initialValues, form.values);
  const set: <K extends keyof CompanyFormValues>(key: K, value: CompanyFormValues[K]) => void = form.setValue;
  const sectionProps = { company, values: form.values, set, errors: form.errors, limits: form };
  const submit = form.onSubmit((changes) => {
    // mutateAsync, not mutate's callbacks: the refetch after saving re-keys this form, and an unmounted
    // observer drops mutate's callbacks. A failure shows through patch.error.
    if (dirty)
      patch.mutateAsync(changes).then(
        () => notifySuccess('Company saved'),
        () => {},
      );
  });
  usePublishCompanyForm(!readOnly, dirty, patch.isPending, submit);

  return (
    <form id={COMPANY_FORM_ID} onSubmit={submit} noValidate>
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack>
          <CompanyDetailsSection {...sectionProps} isAdmin={isAdmin} />
          {isAdmin ? <CompanyAdminSections {...sectionProps} /> : <PlanFieldset {...sectionProps} withForce={false} />}
          <FormErrorAlert message={form.alert} />
        </Stack>
      </fieldset>
    </form>
  );
}
