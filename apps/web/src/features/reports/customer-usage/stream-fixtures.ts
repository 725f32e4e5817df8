import type { CustomerUsageRow } from '@portal/contract/reports/customer-usage';

/** A company row of the Customer Usage stream, for the reader's and the tab's tests. */
export const usageRow = (id: number, company_name = `Company ${id}`): CustomerUsageRow => ({
  id,
  company_name,
  company_type: 'customer',
  distributor: null,
  is_vip: false,
  is_partner_company: false,
  is_internal_comet_company: false,
  is_managed: false,
  region: { code: 'us-east' },
  users: [{ email: `c${id}@example.com`, contact_name: 'Casey' }],
  balance: 2500,
  usage: [{ type: 'device', charge_total_cents: 1234, charge_count: 3, peak_quantity: 4 }],
  usage_total_cents: 1234,
  has_real_usage: true,
  state: 'ACTIVE',
  has_contract_billing: false,
  latest_plan: { name: 'Growth' },
  sales_id: null,
  first_active_at: null,
  created_at: '2026-01-10T00:00:00.000Z',
  deleted_at: null,
});

/** One event line of the stream as the server writes it: every event after the first starts with a comma. */
export const streamEvent = (event: unknown, first = false) => `${first ? '' : ','}${JSON.stringify(event)}\n`;

/** The envelope around the events. */
export const OPENING = '{"status":"ok","code":200,"data":[\n';
export const CLOSING = ']}\n';
