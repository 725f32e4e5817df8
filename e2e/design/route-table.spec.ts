import { expect, type Page, test } from '@playwright/test';
import { signIn } from '../support/journeys.ts';

/**
 * spec-2 §2.1's route table: every route renders for the roles that may open it, and sends a role that may not
 * to somewhere that renders (its home, or the page the route's rule names), never a blank page or an error.
 */
const ROUTES = [
  '/login',
  '/forgot_password',
  '/verify_email',
  '/update_password',
  '/complete_signup',
  '/dashboard',
  '/dashboard_distributor',
  '/dashboard_admin',
  '/reports',
  '/reports_distributor',
  '/reports/report_customers_by_server_version',
  '/reports_tv',
  '/raise_alert',
  '/provision_server',
  '/create_server',
  '/promo_campaigns',
  '/pending_delete',
  '/payment_methods',
  '/passphrase',
  '/oldversions',
  '/downloads',
  '/mytickets',
  '/support',
  '/tickets/create',
  '/mybill',
  '/myaccount',
  '/myaccount_verification',
  '/my_servers',
  '/my_plan',
  '/my_active_services',
  '/full_usage_history',
  '/topup',
  '/auto_payment',
  '/track_new_users',
  '/users',
  '/setup_two_factor',
  '/security_questions',
  '/resource',
  '/add_storage',
  '/storage/wasabi',
  '/manage_topup_options',
  '/manage_tenant_hosts',
  '/manage_storage',
  '/manage_servers',
  '/manage_email_templates',
  '/manage_downloads',
  '/manage_comet_hosted',
  '/manage_api_tokens',
  '/careers/tests',
  '/feature_voting',
] as const;

type Route = (typeof ROUTES)[number];

/** The routes each demo user opens and stays on; every other route sends them elsewhere. */
const OPENS: Record<string, readonly Route[]> = {
  // Staff also open the pages whose calls they may make for their own company (the dashboard, downloads, top-up).
  'admin@example.com': [
    '/dashboard_admin',
    '/dashboard',
    '/downloads',
    '/oldversions',
    '/provision_server',
    '/topup',
    '/reports',
    '/reports_distributor',
    '/reports/report_customers_by_server_version',
    '/reports_tv',
    '/raise_alert',
    '/promo_campaigns',
    '/passphrase',
    '/mytickets',
    '/tickets/create',
    '/myaccount',
    '/setup_two_factor',
    '/security_questions',
    '/resource',
    '/manage_topup_options',
    '/manage_tenant_hosts',
    '/manage_storage',
    '/manage_servers',
    '/manage_email_templates',
    '/manage_downloads',
    '/manage_comet_hosted',
    '/manage_api_tokens',
    '/careers/tests',
    '/feature_voting',
  ],
  // A distributor buys its own credit, so it has the billing pages and the dashboard of its own company too.
  'distributor@example.com': [
    '/dashboard_distributor',
    '/dashboard',
    '/auto_payment',
    '/mybill',
    '/payment_methods',
    '/downloads',
    '/oldversions',
    '/topup',
    '/reports_distributor',
    '/reports_tv',
    '/passphrase',
    '/support',
    '/tickets/create',
    '/myaccount',
    '/setup_two_factor',
    '/security_questions',
    '/resource',
    '/storage/wasabi',
    '/add_storage',
    '/manage_api_tokens',
    '/feature_voting',
  ],
  'customer@example.com': [
    '/dashboard',
    '/reports_tv',
    '/provision_server',
    '/create_server',
    '/payment_methods',
    '/passphrase',
    '/oldversions',
    '/downloads',
    '/support',
    '/tickets/create',
    '/mybill',
    '/myaccount',
    '/my_servers',
    '/my_plan',
    '/my_active_services',
    '/full_usage_history',
    '/topup',
    '/auto_payment',
    '/track_new_users',
    '/users',
    '/setup_two_factor',
    '/security_questions',
    '/resource',
    '/add_storage',
    '/storage/wasabi',
    '/manage_api_tokens',
    '/feature_voting',
  ],
};

/** The page has settled on something a person can read: a heading, or a form, and no error or not-found page. */
async function expectRendered(page: Page, route: string) {
  const main = page.locator('h1, form, input').first();
  await expect(main, `${route} shows nothing`).toBeVisible();
  await expect(page.getByText('Something went wrong!'), `${route} failed`).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Page not found' }), `${route} is not found`).toHaveCount(0);
}

for (const [email, opens] of Object.entries(OPENS)) {
  test(`every route of the table renders for ${email}`, async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, email);
    await expect(page).not.toHaveURL(/\/login/);
    const stayed: string[] = [];
    for (const route of ROUTES) {
      await page.goto(route);
      await expectRendered(page, route);
      if (new URL(page.url()).pathname === route) stayed.push(route);
    }
    // Sign-in pages and one-off pages (a token's, a state's) send a signed-in user on, so they are left out.
    const oneOff = new Set<string>([
      '/login',
      '/forgot_password',
      '/verify_email',
      '/update_password',
      '/complete_signup',
      '/pending_delete',
      '/myaccount_verification',
    ]);
    expect(stayed.filter((r) => !oneOff.has(r)).sort()).toEqual([...opens].sort());
  });
}

test('the signed-out pages render for a visitor, and a signed-in page sends the visitor to log in', async ({ page }) => {
  for (const route of ['/login', '/forgot_password', '/update_password', '/verify_email', '/reports_tv'] as const) {
    await page.goto(route);
    await expectRendered(page, route);
  }
  for (const route of ['/dashboard', '/reports', '/manage_servers'] as const) {
    await page.goto(route);
    await expect(page).toHaveURL(/\/login/);
    await expectRendered(page, route);
  }
});
