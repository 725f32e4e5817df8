import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Page, expect } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-password';
const shots = path.join(process.env.E2E_ARTIFACTS ?? path.join(import.meta.dirname, '..', '.artifacts'), 'screenshots');

/** Finds a company on the admin companies page by its name and opens its dialog, loaded (its Overview). */
export async function openCompany(page: Page, name: string) {
  // The list applies a search 500 ms after the last key, and while that page loads its rows are covered: a click
  // then is lost. So the click waits for the searched page to be in.
  const box = page.getByLabel('Search Companies');
  // After a reload the address still holds the search, and the page came with it.
  if ((await box.inputValue()) !== name) {
    const searched = page.waitForResponse((r) => r.url().endsWith('/list') && (r.request().postData() ?? '').includes(name));
    await box.fill(name);
    await searched;
  }
  await expect(page.getByRole('table', { name: 'Companies' })).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('button', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByLabel('Company name')).toHaveValue(name);
  return dialog;
}

/** Signs in through the two-step form, as a person would. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password').fill(password);
  // Waits for the password's answer, which sets the session cookie: a journey that goes to a page at once
  // would otherwise abort the sign-in in flight and land back on /login.
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/user/login') && r.request().postDataJSON()?.target_type === 'password',
  );
  await page.getByRole('button', { name: 'Log in' }).click();
  await answered;
}

/**
 * Fails on any serious or critical accessibility violation of the page as it stands. `exclude` names parts
 * that are not the portal's own markup, such as a sandboxed frame showing a mail (axe cannot run in it).
 */
export async function expectAccessible(page: Page, exclude: readonly string[] = []) {
  // A table refetching in the background is veiled by its translucent loader; judge the page once it settles.
  await expect(page.locator('.mantine-datatable-loader-fetching')).toHaveCount(0);
  // Legacy mode runs axe in the page's own frames; the default opens a new blank page to merge frames' results on
  // every check, a second or so each here. The portal's frames are same-origin, or excluded when they are not its own.
  // resultTypes: axe details only the violations, not every node that passed.
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  for (const selector of exclude) builder.exclude(selector);
  const { violations } = await builder.analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join(', ')})`),
  ).toEqual([]);
}

/**
 * Saves a full-page screenshot for a person to review. E2E_SCREENSHOTS=0 skips them (the CI run, which no one
 * looks at); a failing test still gets its own.
 */
export async function screenshot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

/** Opens the header's account menu and chooses Log out. */
export async function clickLogOut(page: Page) {
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
}

/** Logs out from the header, as a person would, and waits for the login page. */
export async function logOut(page: Page) {
  await clickLogOut(page);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel('Email')).toBeVisible();
}
