import type { CompanyState, CompanyType } from '@portal/contract/shared/fields';
import type { StaffRole } from '@portal/contract/shared/roles';

/** The one password of every demo login (listed in the README). */
export const DEMO_PASSWORD = 'demo-password';

export interface DemoUser {
  email: string;
  contact_name: string;
  staff_role?: StaffRole;
}

export interface DemoCompany {
  key: string;
  company_name: string;
  company_type: CompanyType;
  state: CompanyState;
  distributor?: string;
  country: string;
  users: DemoUser[];
  is_vip?: boolean;
  is_partner_company?: boolean;
  is_internal_comet_company?: boolean;
  /** Days before the seed time; keeps the world's shape stable whenever it is seeded. */
  age_days: number;
}

const SUB_STATES: CompanyState[] = ['TRIAL', 'ACTIVE', 'SUSPENDED', 'PENDING_DELETE', 'DELETED', 'MIGRATED'];

function subAccounts(distributorKey: string, prefix: string, domain: string, country: string): DemoCompany[] {
  return SUB_STATES.map((state, i) => ({
    key: `${distributorKey}-${state.toLowerCase()}`,
    company_name: `${prefix} ${['Bakery', 'Clinic', 'Motors', 'Architects', 'Vineyard', 'Freight'][i]}`,
    company_type: 'customer',
    state,
    distributor: distributorKey,
    country,
    users: [{ email: `${state.toLowerCase().replace('_', '-')}@${domain}`, contact_name: `${prefix} Owner ${i + 1}` }],
    // A trial is younger than its 30 days, so that the expiry job leaves the demo trials alone.
    age_days: state === 'TRIAL' ? 10 : 400 - i * 40,
  }));
}

/** The hand-made part of the demo world: every role and every company state has a login. */
export const DEMO_COMPANIES: DemoCompany[] = [
  {
    key: 'admin',
    company_name: 'Comet Backup (Admin)',
    company_type: 'admin',
    state: 'ACTIVE',
    country: 'NZ',
    is_internal_comet_company: true,
    age_days: 2000,
    users: [
      { email: 'admin@example.com', contact_name: 'Ada Admin', staff_role: 'admin' },
      { email: 'support@example.com', contact_name: 'Sam Support', staff_role: 'support' },
      { email: 'sales@example.com', contact_name: 'Sally Sales', staff_role: 'sales' },
      { email: 'salesadmin@example.com', contact_name: 'Sean Sales-Admin', staff_role: 'sales_admin' },
    ],
  },
  {
    key: 'dist1',
    company_name: 'Southern Backup Partners',
    company_type: 'distributor',
    state: 'ACTIVE',
    country: 'AU',
    is_partner_company: true,
    age_days: 900,
    users: [{ email: 'distributor@example.com', contact_name: 'Dana Distributor' }],
  },
  {
    key: 'dist2',
    company_name: 'Northwind Resellers',
    company_type: 'distributor',
    state: 'ACTIVE',
    country: 'US',
    age_days: 700,
    users: [{ email: 'distributor2@example.com', contact_name: 'Noah Northwind' }],
  },
  ...subAccounts('dist1', 'Southern', 'southern.example.com', 'AU'),
  ...subAccounts('dist2', 'Northwind', 'northwind.example.com', 'US'),
  {
    key: 'acme',
    company_name: 'Acme Dental',
    company_type: 'customer',
    state: 'ACTIVE',
    country: 'NZ',
    is_vip: true,
    age_days: 500,
    users: [
      { email: 'customer@example.com', contact_name: 'Casey Customer' },
      { email: 'tech@acme.example.com', contact_name: 'Terry Technical' },
    ],
  },
  {
    key: 'trial',
    company_name: 'Kiwi Accounting',
    company_type: 'customer',
    state: 'TRIAL',
    country: 'NZ',
    age_days: 5,
    users: [{ email: 'trial@example.com', contact_name: 'Tia Trial' }],
  },
  {
    key: 'suspended',
    company_name: 'Harbour Legal',
    company_type: 'customer',
    state: 'SUSPENDED',
    country: 'NZ',
    age_days: 300,
    users: [{ email: 'suspended@example.com', contact_name: 'Sid Suspended' }],
  },
  {
    key: 'runout',
    company_name: 'Runout Ltd',
    company_type: 'customer',
    state: 'ACTIVE',
    country: 'NZ',
    age_days: 200,
    users: [{ email: 'runout@example.com', contact_name: 'Rory Runout' }],
  },
  {
    key: 'pending',
    company_name: 'Totara Logistics',
    company_type: 'customer',
    state: 'PENDING_DELETE',
    country: 'NZ',
    age_days: 250,
    users: [{ email: 'pending@example.com', contact_name: 'Pat Pending' }],
  },
];

/** The demo logins the README lists. */
export const DEMO_LOGINS = [
  ['admin@example.com', 'admin'],
  ['support@example.com', 'support'],
  ['sales@example.com', 'sales'],
  ['salesadmin@example.com', 'sales admin'],
  ['distributor@example.com', 'distributor'],
  ['distributor2@example.com', 'distributor'],
  ['customer@example.com', 'customer (active)'],
  ['trial@example.com', 'customer (trial)'],
  ['suspended@example.com', 'customer (suspended)'],
  ['pending@example.com', 'customer (pending delete)'],
  ['runout@example.com', 'customer (active; runs out of credit at the first charging run)'],
  ['active@southern.example.com', 'customer of a distributor'],
] as const;

const FIRST = [
  'Acorn',
  'Bluegum',
  'Cedar',
  'Delta',
  'Ember',
  'Fern',
  'Granite',
  'Harbor',
  'Iris',
  'Juniper',
  'Kauri',
  'Lumen',
  'Maple',
  'Nimbus',
  'Orchid',
  'Pohutukawa',
  'Quartz',
  'Rata',
  'Summit',
  'Tui',
];
const SECOND = [
  'Dental',
  'Logistics',
  'Legal',
  'Accounting',
  'Motors',
  'Health',
  'Builders',
  'Media',
  'Farms',
  'Design',
  'Robotics',
  'Travel',
  'Energy',
  'Foods',
  'Labs',
];
const SUFFIX = ['Ltd', 'LLC', 'Group', 'Inc', 'Co', 'Partners'];
const COUNTRIES = ['NZ', 'AU', 'US', 'GB', 'CA', 'DE', 'FR', 'JP', 'SG', 'ZA'];
/** Weighted so that most generated companies are active, as in a real portal. */
const STATE_WEIGHTS: [CompanyState, number][] = [
  ['ACTIVE', 0.55],
  ['TRIAL', 0.15],
  ['SUSPENDED', 0.1],
  ['PENDING_DELETE', 0.03],
  ['DELETED', 0.15],
  ['MIGRATED', 0.02],
];

export function generatedCompanyName(n: number, pick: <T>(x: readonly T[]) => T): string {
  return `${pick(FIRST)} ${pick(SECOND)} ${pick(SUFFIX)} ${n}`;
}

export function weightedState(r: number): CompanyState {
  let acc = 0;
  for (const [state, w] of STATE_WEIGHTS) {
    acc += w;
    if (r < acc) return state;
  }
  return 'ACTIVE';
}

export const pickCountry = <T>(pick: (x: readonly string[]) => T) => pick(COUNTRIES);
