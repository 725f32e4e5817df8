import { setupAccount } from '@portal/contract/account/account-settings';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import { renderApp } from '../../../test/render-app';
import { on } from '../../../test/fake-api';

const AUTH = getAuthContext;

/** Pastes instead of typing key by key: the form re-renders a long country list on every keystroke. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}
const SETUP = setupAccount;

describe('/complete_signup', () => {
  it("starts from the company's name and asks for every detail with the spec messages", async () => {
    const { api } = await renderApp('/complete_signup', [on(AUTH, () => authContext({ has_provided_address_info: false }))]);
    const name = (await screen.findByLabelText(/^Company name/)) as HTMLInputElement;
    expect(name.value).toBe('Acme Backups');
    expect(screen.getByRole('heading', { level: 1, name: 'Complete signup' })).toBeTruthy();
    expect(document.title).toBe('Complete signup · Backup Portal');
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Please enter your company name')).toBeTruthy();
    for (const message of [
      'Please enter your phone number',
      'Please enter your street address',
      'Please enter your city',
      'Please enter your zip or postal code',
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(api.callsTo(SETUP)).toHaveLength(0);
  });

  it("sends the details trimmed, NZ by default, shows 'Account Updated', then opens the dashboard", async () => {
    const { api, router } = await renderApp('/complete_signup', [
      on(AUTH, () => authContext({ has_provided_address_info: false })),
      on(SETUP, () => null),
    ]);
    const country = (await screen.findAllByLabelText(/^Country/)).find((element) => element.tagName === 'INPUT');
    expect((country as HTMLInputElement).value).toBe('New Zealand');
    await userEvent.clear(screen.getByLabelText(/^Company name/));
    await fill(screen.getByLabelText(/^Company name/), ' Acme Backups ');
    await fill(screen.getByLabelText(/^Phone number/), ' 09 555 0100 ');
    await fill(screen.getByLabelText(/^Street address/), '1 Queen Street');
    await fill(screen.getByLabelText(/^City/), 'Auckland');
    await fill(screen.getByLabelText(/^Zip or postal code/), '1010');
    await fill(screen.getByLabelText('Promo code'), 'WELCOME');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Account Updated')).toBeTruthy();
    expect(api.callsTo(SETUP)[0]?.body).toEqual({
      company_name: 'Acme Backups',
      company_phone_number: '09 555 0100',
      company_address_street: '1 Queen Street',
      company_address_city: 'Auckland',
      company_address_postcode: '1010',
      company_address_country: 'NZ',
      user_promo_code: 'WELCOME',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows a refused promo code under its field', async () => {
    await renderApp('/complete_signup', [
      on(AUTH, () => authContext({ has_provided_address_info: false })),
      on(SETUP, () => ({
        error: { code: 400, message: 'Please check the highlighted fields', fields: { user_promo_code: 'This promo code is not valid' } },
      })),
    ]);
    await fill(await screen.findByLabelText(/^Phone number/), '09 555 0100');
    await fill(screen.getByLabelText(/^Street address/), '1 Queen Street');
    await fill(screen.getByLabelText(/^City/), 'Auckland');
    await fill(screen.getByLabelText(/^Zip or postal code/), '1010');
    await fill(screen.getByLabelText('Promo code'), 'NOPE');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This promo code is not valid')).toBeTruthy();
  });
});
