import type { AuthContext } from '@portal/contract/auth/auth-context';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { type ApiToken, TOKEN_MESSAGES, createToken, listTokenActions, listTokens, revokeToken } from '@portal/contract/tokens/tokens';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import { type FakeRoute, on } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { canCreate, expiresAt, permissionList, toggled } from '../lib/token-form';

const CUSTOMER: Partial<AuthContext> = { capabilities: ['use_api_tokens'] };

const token = (id: number, o: Partial<ApiToken> = {}): ApiToken => ({
  id,
  name: '',
  api_token: `pt_abcd000${id}••••••••••••`,
  permissions: 'USERS_READ',
  created_at: '2026-11-20T01:00:00.000Z',
  revoked_at: null,
  expires_at: null,
  last_used_at: null,
  last_used_ip: null,
  ...o,
});

const ACTIONS = on(listTokenActions, () => ({
  services: [
    {
      service: 'Users',
      actions: [
        { name: 'USERS_READ' as const, service: 'Users', description: "List the company's users" },
        { name: 'USERS_WRITE' as const, service: 'Users', description: "Add, change and delete the company's users" },
      ],
    },
    { service: 'Billing', actions: [{ name: 'BILLING_READ' as const, service: 'Billing', description: 'Read the balance' }] },
  ],
}));

function page(path: string, routes: FakeRoute[], auth: Partial<AuthContext> = CUSTOMER) {
  return renderApp(path, [on(getAuthContext, () => authContext(auth)), ...routes]);
}

describe('token form rules', () => {
  it('sends the chosen permissions as a comma list in the offered order, and enables create only once one is chosen', () => {
    const offered = ['USERS_READ', 'USERS_WRITE', 'BILLING_READ'];
    let chosen = new Set<string>();
    expect(canCreate(chosen)).toBe(false);
    chosen = toggled(toggled(chosen, 'BILLING_READ', true), 'USERS_READ', true);
    expect(permissionList(offered, chosen)).toBe('USERS_READ,BILLING_READ');
    expect(canCreate(chosen)).toBe(true);
    expect(canCreate(toggled(toggled(chosen, 'BILLING_READ', false), 'USERS_READ', false))).toBe(false);
  });
});

describe('token expiry', () => {
  it('sends no expiry for Never and a date that many days ahead otherwise', () => {
    const now = new Date('2026-11-24T00:00:00.000Z');
    expect(expiresAt('never', now)).toBeUndefined();
    expect(expiresAt('30', now)).toBe('2026-12-24T00:00:00.000Z');
    expect(expiresAt('365', now)).toBe('2027-11-24T00:00:00.000Z');
  });
});

describe('/manage_api_tokens', () => {
  it("lists active tokens masked, switches to Revoked through the URL, and says 'No tokens found with that filter!'", async () => {
    const { api, router } = await page('/manage_api_tokens', [
      on(listTokens, (body) =>
        body.restrict === 'revoked'
          ? { tokens: [] }
          : {
              tokens: [
                token(1, {
                  name: 'Backup script on nas-01',
                  permissions: 'USERS_READ,BILLING_READ',
                  last_used_ip: '10.0.0.1',
                  last_used_at: '2026-11-21T01:00:00.000Z',
                }),
                token(3),
              ],
            },
      ),
    ]);
    const table = await screen.findByRole('table', { name: 'Active API tokens' });
    expect(within(table).getByText('pt_abcd0001••••••••••••')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toBeTruthy();
    expect(within(table).getByText('Backup script on nas-01')).toBeTruthy();
    expect(within(table).getByText('Unnamed')).toBeTruthy();
    expect(within(table).getByText('BILLING_READ')).toBeTruthy();
    expect(within(table).getByText(/from 10\.0\.0\.1/)).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Revoked' }));
    expect(await screen.findByText(TOKEN_MESSAGES.empty)).toBeTruthy();
    expect(router.state.location.search).toEqual({ restrict: 'revoked' });
    expect(api.callsTo(listTokens).map((c) => c.body.restrict)).toEqual(['active', 'revoked']);
  });

  it('opens on the Revoked tab from the URL', async () => {
    await page('/manage_api_tokens?restrict=revoked', [
      on(listTokens, () => ({ tokens: [token(2, { revoked_at: '2026-11-22T01:00:00.000Z' })] })),
    ]);
    expect(await screen.findByRole('table', { name: 'Revoked API tokens' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Revoke pt_/ })).toBeNull();
  });

  it('creates a token with permissions grouped by service, enabled only when changed, and shows it once with a copy button', async () => {
    const { api } = await page('/manage_api_tokens', [
      on(listTokens, () => ({ tokens: [] })),
      ACTIONS,
      on(createToken, (body) => ({
        id: 9,
        name: body.name ?? '',
        api_token: 'pt_secret-token-value',
        permissions: String(body.permissions),
      })),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'New Token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API token' });
    expect(await within(dialog).findByRole('group', { name: 'Users' })).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: 'Billing' })).toBeTruthy();
    const create = within(dialog).getByRole('button', { name: 'Create token' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /BILLING_READ/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /USERS_READ/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Backup script on nas-01');
    expect(create.disabled).toBe(false);
    await userEvent.click(create);
    await waitFor(() =>
      expect(api.callsTo(createToken)[0]?.body).toEqual({ name: 'Backup script on nas-01', permissions: 'USERS_READ,BILLING_READ' }),
    );
    const shown = await screen.findByRole('dialog', { name: 'Your new API token' });
    expect(within(shown).getByText('pt_secret-token-value')).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Copy token' })).toBeTruthy();
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('pt_secret-token-value')).toBeNull());
  });

  it('creates a token that expires in the chosen number of days', async () => {
    const { api } = await page('/manage_api_tokens', [
      on(listTokens, () => ({ tokens: [] })),
      ACTIONS,
      on(createToken, (body) => ({ id: 10, name: '', api_token: 'pt_expiring', permissions: String(body.permissions) })),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'New Token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API token' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /USERS_READ/ }));
    await userEvent.selectOptions(within(dialog).getByLabelText(/Expires/), 'In 90 days');
    const before = Date.now();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    await waitFor(() => expect(api.callsTo(createToken)).toHaveLength(1));
    const sent = Date.parse(String(api.callsTo(createToken)[0]?.body.expires_at));
    expect(sent - before).toBeGreaterThan(89 * 86_400_000);
    expect(sent - before).toBeLessThan(91 * 86_400_000);
  });

  it("says 'Failed to create token!' with the server's message", async () => {
    await page('/manage_api_tokens', [
      on(listTokens, () => ({ tokens: [] })),
      ACTIONS,
      on(createToken, () => ({ error: { code: 400, message: 'This permission is not offered to your account' } })),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'New Token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API token' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /USERS_WRITE/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to create token! This permission is not offered to your account',
    );
  });

  it('revokes only after confirmation', async () => {
    const { api } = await page('/manage_api_tokens', [
      on(listTokens, () => ({ tokens: [token(3)] })),
      on(revokeToken, () => ({ revoked_at: '2026-11-24T01:00:00.000Z' })),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke pt_abcd0003••••••••••••' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke pt_abcd0003••••••••••••?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(revokeToken)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Revoke pt_abcd0003••••••••••••' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: /Revoke pt_abcd0003/ })).getByRole('button', { name: 'Revoke' }),
    );
    await waitFor(() => expect(api.callsTo(revokeToken)[0]?.body).toEqual({ token: 3 }));
  });

  it("says 'Failed to revoke api token!' with the server's message", async () => {
    await page('/manage_api_tokens', [
      on(listTokens, () => ({ tokens: [token(4)] })),
      on(revokeToken, () => ({ error: { code: 400, message: 'This token has already been revoked' } })),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke pt_abcd0004••••••••••••' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: /Revoke pt_abcd0004/ })).getByRole('button', { name: 'Revoke' }),
    );
    expect(await screen.findByText(TOKEN_MESSAGES.revokeFailed)).toBeTruthy();
    expect(await screen.findByText('This token has already been revoked')).toBeTruthy();
  });

  it('is not offered to a user without the API tokens capability', async () => {
    const { router } = await page('/manage_api_tokens', [], { capabilities: [] });
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/manage_api_tokens'));
  });
});
