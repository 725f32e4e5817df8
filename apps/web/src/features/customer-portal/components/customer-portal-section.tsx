import { Fieldset } from '@mantine/core';
import { CustomerPortalPanel } from './customer-portal-panel';

/** The company dialog's customer portal section (spec-1 §3): the company's portal fields and its actions. */
export function CustomerPortalSection({ companyId, isAdmin, readOnly }: { companyId: number; isAdmin: boolean; readOnly: boolean }) {
  return (
    <Fieldset legend="Customer portal">
      <CustomerPortalPanel companyId={companyId} canEnable={isAdmin} readOnly={readOnly} />
    </Fieldset>
  );
}
