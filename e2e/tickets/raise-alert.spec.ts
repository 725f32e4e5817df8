import { expect, test } from '@playwright/test';
import { expectAccessible, screenshot, signIn } from '../support/journeys.ts';
import { receivePages } from '../support/pager.ts';

test('an admin raises a P1 alert from /mytickets and the on-call developer is paged', async ({ page }) => {
  const pager = await receivePages();
  try {
    await signIn(page, 'admin@example.com');
    // Signed in once the home page shows; going on before could race the sign-in and land back on /login.
    await expect(page).toHaveURL(/\/dashboard_admin/);
    await page.goto('/mytickets');
    await page.getByRole('main').getByRole('link', { name: 'Raise P1 Alert' }).click();
    await expect(page).toHaveURL(/\/raise_alert$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Raise P1 Alert' })).toBeVisible();
    await page.getByRole('button', { name: 'Raise P1 Alert' }).click();
    await expect(page.getByText('Please describe the problem')).toBeVisible();
    await page.getByLabel('Problem').fill('Hosted servers in eu-west do not start');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Raise P1 Alert' }).click();
    const banner = page.getByRole('status').filter({ hasText: 'P1 alert raised' });
    await expect(banner).toContainText('paging Olivia On-call, the on-call developer');
    await expectAccessible(page);
    await screenshot(page, 'tickets-raise-alert');
    await expect.poll(() => pager.deliveries.length).toBe(1);
    expect(pager.refused).toBe(0);
    expect(pager.deliveries[0]?.body).toMatchObject({
      kind: 'on_call',
      problem: 'Hosted servers in eu-west do not start',
      to: { name: 'Olivia On-call', address: '+15550001' },
    });
  } finally {
    await pager.close();
  }
});
