import type { DemoCompany } from './demo-world.ts';

const owner = (email: string, contact_name: string) => [{ email, contact_name }];

/**
 * Companies that churned, each by its own story through the lifecycle's calls and jobs, so the Churn Tracking
 * tab has paid churn (a pending delete run out, a permanent delete, a company out of credit) and trial churn
 * within the last 30 days (trials ended without a plan, a trial deleted) (docs/decisions/0058).
 */
export const CHURNED: DemoCompany[] = [
  {
    key: 'churn-harbour-dental',
    company_name: 'Harbour Dental Group',
    company_type: 'customer',
    state: 'DELETED',
    country: 'NZ',
    age_days: 300,
    users: owner('owner@harbour-dental.example.com', 'Hana Harbour'),
    story: { plan: 'Growth', paid_days_ago: 295, deleted_days_ago: 60 },
  },
  {
    key: 'churn-kauri',
    company_name: 'Kauri Accounting',
    company_type: 'customer',
    state: 'SUSPENDED',
    country: 'NZ',
    age_days: 400,
    users: owner('owner@kauri-accounting.example.com', 'Kiri Kauri'),
    story: {
      paid_days_ago: 390,
      servers_days_ago: 50,
      servers: [{ name: 'Kauri PC', devices: [3, 3] }],
      payment: 'credit',
      welcome_cents: 1_000,
    },
  },
  {
    key: 'churn-tui',
    company_name: 'Tui Logistics',
    company_type: 'customer',
    state: 'DELETED',
    country: 'NZ',
    age_days: 200,
    users: owner('owner@tui-logistics.example.com', 'Tama Tui'),
    story: { plan: 'Advanced', paid_days_ago: 190, force_deleted_days_ago: 100 },
  },
  {
    key: 'churn-pohutukawa',
    company_name: 'Pohutukawa Cafe',
    company_type: 'customer',
    state: 'SUSPENDED',
    distributor: 'dist2',
    country: 'NZ',
    age_days: 40,
    users: owner('owner@pohutukawa-cafe.example.com', 'Pania Pohutukawa'),
  },
  {
    key: 'churn-matai',
    company_name: 'Matai Legal',
    company_type: 'customer',
    state: 'DELETED',
    country: 'NZ',
    age_days: 45,
    users: owner('owner@matai-legal.example.com', 'Mere Matai'),
    story: { deleted_days_ago: 28 },
  },
  {
    key: 'churn-rimu',
    company_name: 'Rimu Studio',
    company_type: 'customer',
    state: 'SUSPENDED',
    country: 'NZ',
    age_days: 35,
    users: owner('owner@rimu-studio.example.com', 'Rawiri Rimu'),
  },
];
