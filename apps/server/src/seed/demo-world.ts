import type { CompanyState, CompanyType } from '@portal/contract/shared/fields';
import type { StaffRole } from '@portal/contract/shared/roles';

/** The one password of every demo login (listed in the README). */
export const DEMO_PASSWORD = 'demo-password';

export interface DemoUser {
  email: string;
  contact_name: string;
  staff_role?: StaffRole;
}

type Booster = 'microsoft365' | 'hyperv' | 'disk_image';

/** A self-hosted server the company runs: its devices and boosters drift from the first figure to the second. */
export interface DemoServer {
  name: string;
  devices: [number, number];
  boosters?: Partial<Record<Booster, [number, number]>>;
}

/**
 * What happens to a customer, in days before the seed time; the simulation does each through the product's
 * calls and jobs (seed/simulation.ts), and the state the company ends in follows from it.
 */
export interface DemoStory {
  /** The plan it picks during its trial; it is converted to paid this many days ago (unset: stays a trial). */
  plan?: 'Starter' | 'Growth' | 'Advanced';
  paid_days_ago?: number;
  /** Its licences are created and its servers check in from this day on. */
  servers_days_ago?: number;
  servers?: DemoServer[];
  /** A hosted console asked for on that day (built by the provisioner job, then billed). */
  hosted_days_ago?: number;
  /** Storage enabled on that day, a bucket made, and backups uploaded to it day by day. */
  storage_days_ago?: number;
  /**
   * How it pays: `card` saves a card and pays once whenever its credit would not last a month; `auto` turns
   * on automatic top-up instead; `credit` lives on the welcome credit an admin gives; `exact` is given just enough for
   * every charge up to yesterday and 10 cents over (so the first charging run of today takes it below zero).
   */
  payment?: 'card' | 'auto' | 'credit' | 'exact';
  /** The admin's welcome credit when it turns paid, in cents. */
  welcome_cents?: number;
  /** A card payer pays no more from this day on (its first payment aside), and runs out of credit. */
  stops_paying_days_ago?: number;
  /** Deleted by its own user (or its distributor) that day: pending for 21 days, then deleted by the job. */
  deleted_days_ago?: number;
  /** Migrated by an admin that day, to a self-managed copy that keeps its users. */
  migrated_days_ago?: number;
  /** Deleted for good by an admin that day. */
  force_deleted_days_ago?: number;
}

export interface DemoCompany {
  key: string;
  company_name: string;
  company_type: CompanyType;
  /** The state the story leaves it in (the README's table); the demo tests check that it does. */
  state: CompanyState;
  distributor?: string;
  country: string;
  users: DemoUser[];
  is_vip?: boolean;
  is_partner_company?: boolean;
  is_internal_comet_company?: boolean;
  /** Days before the seed time it was created; keeps the world's shape stable whenever it is seeded. */
  age_days: number;
  story?: DemoStory;
  /** A distributor's discount and indirect commission, set by the vendor (an admin), so its report has figures. */
  rates?: { discount_percent: number; indirect_commission_percent: number };
}

const SUB_STATES: CompanyState[] = ['TRIAL', 'ACTIVE', 'SUSPENDED', 'PENDING_DELETE', 'DELETED', 'MIGRATED'];

/** A distributor's sub-account in each state, each reaching it by its own story. */
const SUB_STORIES: DemoStory[] = [
  {},
  {
    plan: 'Growth',
    paid_days_ago: 340,
    servers_days_ago: 58,
    servers: [{ name: 'Clinic server', devices: [3, 8], boosters: { microsoft365: [4, 10] } }],
    payment: 'credit',
    welcome_cents: 30_000,
  },
  {
    paid_days_ago: 300,
    servers_days_ago: 58,
    servers: [{ name: 'Workshop PC', devices: [4, 5] }],
    payment: 'credit',
    welcome_cents: 2_000,
  },
  {
    paid_days_ago: 260,
    servers_days_ago: 55,
    servers: [{ name: 'Office server', devices: [4, 6] }],
    payment: 'credit',
    welcome_cents: 10_000,
    deleted_days_ago: 12,
  },
  { paid_days_ago: 220, payment: 'credit', welcome_cents: 5_000, deleted_days_ago: 60 },
  { paid_days_ago: 180, payment: 'credit', welcome_cents: 5_000, migrated_days_ago: 30 },
];

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
    story: SUB_STORIES[i] ?? {},
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
    rates: { discount_percent: 10, indirect_commission_percent: 15 },
  },
  {
    key: 'dist2',
    company_name: 'Northwind Resellers',
    company_type: 'distributor',
    state: 'ACTIVE',
    country: 'US',
    age_days: 700,
    users: [{ email: 'distributor2@example.com', contact_name: 'Noah Northwind' }],
    rates: { discount_percent: 5, indirect_commission_percent: 12 },
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
    story: {
      plan: 'Growth',
      paid_days_ago: 480,
      servers_days_ago: 60,
      servers: [
        { name: 'Surgery server', devices: [10, 17], boosters: { microsoft365: [15, 32], hyperv: [2, 4] } },
        { name: 'Head office', devices: [4, 7], boosters: { microsoft365: [5, 9], disk_image: [1, 2] } },
      ],
      hosted_days_ago: 45,
      storage_days_ago: 55,
      payment: 'auto',
      welcome_cents: 5_000,
    },
  },
  {
    key: 'trial',
    company_name: 'Kiwi Accounting',
    company_type: 'customer',
    state: 'TRIAL',
    country: 'NZ',
    age_days: 5,
    users: [{ email: 'trial@example.com', contact_name: 'Tia Trial' }],
    story: { servers_days_ago: 4, servers: [{ name: 'Accounts PC', devices: [2, 3] }] },
  },
  {
    key: 'suspended',
    company_name: 'Harbour Legal',
    company_type: 'customer',
    state: 'SUSPENDED',
    country: 'NZ',
    age_days: 300,
    users: [{ email: 'suspended@example.com', contact_name: 'Sid Suspended' }],
    story: {
      paid_days_ago: 280,
      servers_days_ago: 60,
      servers: [{ name: 'Chambers server', devices: [8, 10], boosters: { hyperv: [16, 20] } }],
      payment: 'card',
      stops_paying_days_ago: 60,
    },
  },
  {
    key: 'runout',
    company_name: 'Runout Ltd',
    company_type: 'customer',
    state: 'ACTIVE',
    country: 'NZ',
    age_days: 200,
    users: [{ email: 'runout@example.com', contact_name: 'Rory Runout' }],
    story: {
      paid_days_ago: 190,
      servers_days_ago: 20,
      servers: [{ name: 'Runout server', devices: [3, 3], boosters: { hyperv: [4, 4] } }],
      payment: 'exact',
    },
  },
  {
    key: 'pending',
    company_name: 'Totara Logistics',
    company_type: 'customer',
    state: 'PENDING_DELETE',
    country: 'NZ',
    age_days: 250,
    users: [{ email: 'pending@example.com', contact_name: 'Pat Pending' }],
    story: {
      plan: 'Growth',
      paid_days_ago: 240,
      servers_days_ago: 60,
      servers: [{ name: 'Depot server', devices: [6, 9] }],
      payment: 'card',
      deleted_days_ago: 7,
    },
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
