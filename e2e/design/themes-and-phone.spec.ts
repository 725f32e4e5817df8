import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, openCompany, screenshot, signIn } from '../support/journeys.ts';

/** Nothing may make the page scroll sideways: tables scroll or collapse inside their own container. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The focused element's box (or the box it names) shows the app's 2 px ring, and nothing around it cuts it off. */
async function expectWholeRing(page: Page, box: string) {
  const ring = await page.locator(box).evaluate((element) => {
    const style = getComputedStyle(element);
    const rect = element.getBoundingClientRect();
    const reach = Number.parseFloat(style.outlineWidth) + Number.parseFloat(style.outlineOffset);
    let clippedBy = '';
    for (let parent = element.parentElement; parent && !clippedBy; parent = parent.parentElement) {
      const around = getComputedStyle(parent);
      if (around.overflowX === 'visible' && around.overflowY === 'visible') continue;
      const edge = parent.getBoundingClientRect();
      if (
        rect.left - reach < edge.left ||
        rect.right + reach > edge.right ||
        rect.top - reach < edge.top ||
        rect.bottom + reach > edge.bottom
      )
        clippedBy = parent.className;
    }
    return { outline: `${style.outlineStyle} ${style.outlineWidth}`, clippedBy };
  });
  expect(ring).toEqual({ outline: 'solid 2px', clippedBy: '' });
}

/** Every cell of a table shows its content whole: no state badge cut to 'Suspend…', no text clipped by its box. */
async function expectNoClippedCells(page: Page, table: string) {
  const clipped = await page.getByRole('table', { name: table }).evaluate((element) =>
    [...element.querySelectorAll('tbody td, tbody td *')].flatMap((cell) => {
      const style = getComputedStyle(cell);
      const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      return clips && cell.scrollWidth > cell.clientWidth + 1
        ? [`${cell.textContent?.trim()} (${cell.scrollWidth} > ${cell.clientWidth})`]
        : [];
    }),
  );
  expect(clipped).toEqual([]);
}

async function check(page: Page, name: string) {
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await screenshot(page, name);
}

const VIEWPORTS = [
  { label: 'desktop', viewport: { width: 1280, height: 900 } },
  { label: 'phone', viewport: { width: 390, height: 844 } },
] as const;

// The theme follows the system's colour scheme until the user picks one, so emulating it is how a user gets it.
for (const colorScheme of ['light', 'dark'] as const) {
  for (const { label, viewport } of VIEWPORTS) {
    test.describe(`${colorScheme} at ${label} width`, () => {
      test.use({ colorScheme, viewport });

      test('login, the customer dashboard, the admin companies and the company dialog pass axe', async ({ page }) => {
        // Four pages and two tabs, each with axe and a screenshot: about 26 s on a quiet CI machine, so the
        // default 30 s left no margin (the CI run on PostgreSQL needed a retry).
        test.setTimeout(90_000);
        const suffix = `${colorScheme}-${label}`;
        await page.goto('/login');
        await expect(page.getByLabel('Email')).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
        await check(page, `theme-login-${suffix}`);
        // A password field's text box sits in a box that clips it: the box carries the ring.
        await page.getByLabel('Email').fill('customer@example.com');
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByLabel('Password').focus();
        await expectWholeRing(page, '.mantine-PasswordInput-input:focus-within');

        await signIn(page, 'customer@example.com');
        await expect(page).toHaveURL(/\/dashboard$/);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await check(page, `theme-dashboard-${suffix}`);

        await page.context().clearCookies();
        await signIn(page, 'admin@example.com');
        await expect(page).toHaveURL(/\/dashboard_admin/);
        await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible();
        await check(page, `theme-companies-${suffix}`);
        await page.getByRole('tab', { name: /^Suspended/ }).click();
        await expect(page.getByRole('table', { name: 'Companies' }).getByText('Suspended', { exact: true }).first()).toBeVisible();
        await expectNoClippedCells(page, 'Companies');
        await page.getByRole('tab', { name: /^Current/ }).click();
        await expectNoClippedCells(page, 'Companies');

        await openCompany(page, 'Kiwi Accounting');
        await check(page, `theme-company-dialog-${suffix}`);
      });
    });
  }
}
