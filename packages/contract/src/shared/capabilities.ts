import type { CompanyType } from './fields.ts';
import type { Capability, Role } from './roles.ts';

/** What of a company decides its users' capabilities. */
export interface CapabilityCompany {
  company_type: CompanyType;
  can_have_comet_storage: boolean;
  has_contract_billing: boolean;
  distributor_id: number | null;
  myclient_portal_enabled: boolean;
}

/**
 * The spec's permission flags, derived from the company's type, flags and plan and the
 * user's roles. One place decides them; the auth context carries them to the page,
 * and contracts that need one declare it.
 */
export function capabilitiesFor(company: CapabilityCompany, roles: readonly Role[]): Capability[] {
  const caps = new Set<Capability>();
  const add = (...c: Capability[]) => {
    for (const x of c) caps.add(x);
  };
  if (roles.includes('admin')) {
    add('use_tickets_page', 'use_all_tickets_page', 'use_api_tokens', 'sales_commission', 'edit_users', 'manage_trial_usage');
    add('use_hosted', 'use_self_hosted', 'use_storage', 'use_customer_portal', 'use_billing_pages');
  }
  if (roles.includes('support')) add('use_tickets_page', 'use_all_tickets_page');
  if (roles.includes('sales')) add('sales_commission', 'use_tickets_page');
  const serviceCompany = company.company_type === 'customer' || company.company_type === 'distributor';
  if (serviceCompany) {
    add('use_tickets_page', 'use_api_tokens', 'edit_users', 'use_hosted', 'use_self_hosted');
    if (company.can_have_comet_storage) add('use_storage');
    // A distributor looks after its sub-accounts' portals; a customer has the capability with a portal of its own.
    if (company.company_type === 'distributor' || company.myclient_portal_enabled) add('use_customer_portal');
    if (!company.has_contract_billing) add('use_billing_pages');
  }
  if (company.company_type === 'distributor') add('manage_trial_usage');
  if (company.company_type === 'customer') {
    // A distributor's sub-account is priced and billed by the distributor, not through our plan and card pages.
    if (company.distributor_id === null) add('use_my_plan', 'use_new_card_dialog');
    else caps.delete('use_billing_pages');
  }
  if (roles.includes('admin_impersonating')) add('use_all_tickets_page');
  return [...caps];
}
