import { expect, test } from '@playwright/test';
import { expectAccessible, screenshot, signIn } from '../support/journeys.ts';

test('a customer finds help on /resource and votes on the feature board, signed in by the portal', async ({ page }) => {
  test.slow();
  await signIn(page, 'customer@example.com');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible();
  const docs = page.getByRole('link', { name: 'Documentation (opens in a new tab)' });
  await expect(docs).toHaveAttribute('target', '_blank');
  await expectAccessible(page);
  await screenshot(page, 'help-resources');

  await page.getByRole('link', { name: 'Feature voting' }).click();
  await expect(page).toHaveURL(/\/feature_voting$/);
  const board = page.frameLocator('iframe[title="Feature voting board"]');
  await expect(board.getByText(/^Signed in as .+ \(customer@example\.com\)$/)).toBeVisible();

  // A vote by keyboard: the board counts it for the user its sign-in token names.
  const ideaId = await board.getByRole('button', { name: 'Vote: Restore single files from the web console' }).getAttribute('data-idea');
  const vote = board.locator(`button[data-idea="${ideaId}"]`);
  await vote.focus();
  await page.keyboard.press('Enter');
  await expect(vote).toHaveAttribute('aria-pressed', 'true');
  await expect(vote).toHaveText('Voted');
  await expect(vote).toBeFocused();
  await expect(board.getByRole('status')).toHaveText('Voted for Restore single files from the web console.');
  await expectAccessible(page);
  await screenshot(page, 'help-feature-voting');

  // The board's place in the portal's address opens that place on the board, still signed in.
  await page.goto(`/feature_voting/ideas/${ideaId}`);
  await expect(board.locator('button[data-idea]')).toHaveCount(1);
  await expect(board.getByRole('button', { name: 'Voted: Restore single files from the web console' })).toHaveAttribute('aria-pressed', 'true');
});
