import type { CompanyState } from '@portal/contract/shared/fields';
import * as tenancy from '../domains/tenancy/service.ts';
import type { Database } from '../platform/db.ts';

const DAY_MS = 86_400_000;

interface Step {
  days_ago: number;
  state: CompanyState;
  reason: string;
}
interface ChurnedCompany {
  company_name: string;
  primary_email: string;
  plan_id: string;
  /** The first step is the company's creation. */
  steps: Step[];
}

const PENDING = 'Deleted (pending for 21 days)';
const PENDING_OVER = 'Pending deletion period over';
const TRIAL_ENDED = 'Trial ended without a plan';

/**
 * Companies that churned, with the state history the lifecycle would have written over the months, so the
 * Churn Tracking tab has paid churn (ACTIVE -> DELETED directly or through a pending delete, ACTIVE ->
 * SUSPENDED) and trial churn within the last 30 days (docs/decisions/0058).
 */
const CHURNED: ChurnedCompany[] = [
  {
    company_name: 'Harbour Dental Group',
    primary_email: 'owner@harbour-dental.example.com',
    plan_id: 'Growth',
    steps: [
      { days_ago: 300, state: 'ACTIVE', reason: 'Created by an admin (customer)' },
      { days_ago: 60, state: 'PENDING_DELETE', reason: PENDING },
      { days_ago: 39, state: 'DELETED', reason: PENDING_OVER },
    ],
  },
  {
    company_name: 'Kauri Accounting',
    primary_email: 'owner@kauri-accounting.example.com',
    plan_id: 'Starter',
    steps: [
      { days_ago: 400, state: 'ACTIVE', reason: 'Created by an admin (customer)' },
      { days_ago: 20, state: 'SUSPENDED', reason: 'Out of credit' },
    ],
  },
  {
    company_name: 'Tui Logistics',
    primary_email: 'owner@tui-logistics.example.com',
    plan_id: 'Advanced',
    steps: [
      { days_ago: 200, state: 'ACTIVE', reason: 'Created by an admin (customer)' },
      { days_ago: 100, state: 'DELETED', reason: 'Deleted permanently' },
    ],
  },
  {
    company_name: 'Pohutukawa Cafe',
    primary_email: 'owner@pohutukawa-cafe.example.com',
    plan_id: 'Trial',
    steps: [
      { days_ago: 40, state: 'TRIAL', reason: 'Created by its distributor (customer)' },
      { days_ago: 10, state: 'SUSPENDED', reason: TRIAL_ENDED },
    ],
  },
  {
    company_name: 'Matai Legal',
    primary_email: 'owner@matai-legal.example.com',
    plan_id: 'Trial',
    steps: [
      { days_ago: 45, state: 'TRIAL', reason: 'Created by an admin (customer)' },
      { days_ago: 28, state: 'PENDING_DELETE', reason: PENDING },
      { days_ago: 7, state: 'DELETED', reason: PENDING_OVER },
    ],
  },
  {
    company_name: 'Rimu Studio',
    primary_email: 'owner@rimu-studio.example.com',
    plan_id: 'Trial',
    steps: [
      { days_ago: 35, state: 'TRIAL', reason: 'Created by an admin (customer)' },
      { days_ago: 5, state: 'SUSPENDED', reason: TRIAL_ENDED },
    ],
  },
];

/** Seeds the churned companies through tenancy, as the lifecycle writes states; answers how many. */
export async function seedChurnHistory(db: Database, now: Date): Promise<number> {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
  for (const c of CHURNED) {
    const [first, ...later] = c.steps;
    if (!first) continue;
    const [company] = await tenancy.createCompanies(
      db,
      [
        {
          company_name: c.company_name,
          company_type: 'customer',
          current_state: first.state,
          current_state_applied_at: at(first.days_ago),
          plan_id: c.plan_id,
          country: 'NZ',
          primary_email: c.primary_email,
          trial_expires_at: first.state === 'TRIAL' ? at(first.days_ago - 30) : null,
          first_active_at: first.state === 'ACTIVE' ? at(first.days_ago) : null,
          created_at: at(first.days_ago),
        },
      ],
      first.reason,
    );
    if (!company) throw new Error('company insert returned nothing');
    let previous = first.state;
    for (const step of later) {
      await tenancy.changeState(db, company.id, step.state, at(step.days_ago), step.reason, {
        ...(step.state === 'PENDING_DELETE' ? { state_before_delete: previous } : {}),
        ...(step.state === 'DELETED' ? { deleted_at: at(step.days_ago) } : {}),
      });
      previous = step.state;
    }
  }
  return CHURNED.length;
}
