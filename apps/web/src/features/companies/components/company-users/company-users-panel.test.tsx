import { createUser, deleteUser, listCompanyUsers, patchUser } from '@portal/contract/users/company-users';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, on } from '../../../../test/fake-api';
import { reauthGate } from '../../../../test/reauth';
import { renderWithProviders } from '../../../../test/render';
import { companyDetail } from '../company-dialog/company-detail.fixture';
import { CompanyUsersPanel } from './company-users-panel';

const USERS = listCompanyUsers;
const DELETE = deleteUser;
// As the owner sees the list: the server says whose sign-in the caller may change.
const users = [
  ...companyDetail().users.map((u) => ({ ...u, can_change_sign_in: true })),
  {
    id: 13,
    contact_name: 'Me',
    email: 'me@bakery.example',
    is_primary_contact: false,
    is_technical: false,
    is_billing: false,
    can_change_sign_in: true,
  },
];

afterEach(() => act(() => notifications.clean()));

describe('CompanyUsersPanel', () => {
  it('disables Delete for the primary contact and for the signed-in user', async () => {
    fakeApi([on(USERS, () => users)]);
    renderWithProviders(<CompanyUsersPanel companyId={7} listCompanyId={7} currentEmail="ME@bakery.example" />);
    expect(await screen.findByRole('button', { name: 'Delete owner@bakery.example' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Delete me@bakery.example' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Delete tech@bakery.example' })).toHaveProperty('disabled', false);
  });

  it("asks first, then shows the server's refusal after 'Failed to revoke delete user! '", async () => {
    const api = fakeApi([
      on(USERS, () => users),
      on(DELETE, () => ({ error: { code: 403, message: 'The primary contact cannot be deleted' } })),
    ]);
    renderWithProviders(<CompanyUsersPanel companyId={7} listCompanyId={7} currentEmail="me@bakery.example" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete tech@bakery.example' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete user' }));
    expect(await screen.findByText('Failed to revoke delete user! The primary contact cannot be deleted')).toBeTruthy();
    expect(api.callsTo(DELETE)[0]?.body).toEqual({ target_company_id: 7, target_id: 12 });
  });

  it('creates a user and sends a verification mail unless unticked', async () => {
    const CREATE = createUser;
    const api = fakeApi([on(USERS, () => users), on(CREATE, () => ({ id: 99 }))]);
    renderWithProviders(<CompanyUsersPanel companyId={7} listCompanyId={7} currentEmail="me@bakery.example" />);
    await userEvent.type(await screen.findByLabelText(/^Email/), 'new@bakery.example');
    await userEvent.type(screen.getByLabelText(/^Password/), 'long-enough-password');
    expect(screen.getByLabelText('Send verification email')).toHaveProperty('checked', true);
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await userEvent.type(await screen.findByLabelText(/^Email/), 'quiet@bakery.example');
    await userEvent.type(screen.getByLabelText(/^Password/), 'long-enough-password');
    await userEvent.click(screen.getByLabelText('Send verification email'));
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    const sent = api.callsTo(CREATE).map((c) => c.body as Record<string, unknown>);
    expect(sent.map((b) => [b.target_email, b.send_verification_email])).toEqual([
      ['new@bakery.example', true],
      ['quiet@bakery.example', false],
    ]);
  });

  it("offers a user's password and email exactly where the server's list allows it", async () => {
    const allowed = new Set(['tech@bakery.example', 'me@bakery.example']);
    fakeApi([on(USERS, () => users.map((u) => ({ ...u, can_change_sign_in: allowed.has(u.email) })))]);
    renderWithProviders(<CompanyUsersPanel companyId={7} listCompanyId={7} currentEmail="me@bakery.example" />);
    for (const user of users) {
      await userEvent.click(await screen.findByRole('button', { name: `Edit ${user.email}` }));
      const dialog = await screen.findByRole('dialog', { name: 'Manage user' });
      const enabled = [/^Email/, /^New password/].map((label) => !within(dialog).getByLabelText(label).hasAttribute('disabled'));
      expect(enabled, user.email).toEqual([allowed.has(user.email), allowed.has(user.email)]);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    }
  });

  it('asks the user to confirm it is them before a password change goes through', async () => {
    const gate = reauthGate();
    const api = fakeApi([on(USERS, () => users), on(patchUser, () => gate.answer(null)), gate.route]);
    renderWithProviders(<CompanyUsersPanel companyId={7} listCompanyId={7} currentEmail="owner@bakery.example" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit tech@bakery.example' }));
    const manage = await screen.findByRole('dialog', { name: 'Manage user' });
    await userEvent.type(within(manage).getByLabelText(/^New password/), 'fennel-lantern-cobalt-9');
    await userEvent.click(within(manage).getByRole('button', { name: 'Save' }));
    const check = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await userEvent.type(within(check).getByLabelText(/^Password/), 'owner-password');
    await userEvent.click(within(check).getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('button', { name: 'Edit tech@bakery.example' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Manage user' })).toBeNull());
    expect(api.callsTo(patchUser).map((c) => c.body)).toEqual([
      { target_company_id: 7, target_id: 12, target_password: 'fennel-lantern-cobalt-9' },
      { target_company_id: 7, target_id: 12, target_password: 'fennel-lantern-cobalt-9' },
    ]);
  });

  it('says what Delete does first, and confirms the deletion with a toast', async () => {
    const api = fakeApi([on(USERS, () => users), on(DELETE, () => null)]);
    renderWithProviders(<CompanyUsersPanel companyId={7} listCompanyId={7} currentEmail="me@bakery.example" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete tech@bakery.example' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete tech@bakery.example?' });
    expect(ask.textContent).toContain('They can no longer sign in');
    await userEvent.click(within(ask).getByRole('button', { name: 'Delete user' }));
    expect(await screen.findAllByText('tech@bakery.example deleted')).not.toHaveLength(0);
    expect(api.callsTo(DELETE)).toHaveLength(1);
  });

  it('confirms a created user with a toast', async () => {
    fakeApi([on(USERS, () => users), on(createUser, () => ({ id: 99 }))]);
    renderWithProviders(<CompanyUsersPanel companyId={7} listCompanyId={7} currentEmail="me@bakery.example" />);
    await userEvent.type(await screen.findByLabelText(/^Email/), 'new@bakery.example');
    await userEvent.type(screen.getByLabelText(/^Password/), 'long-enough-password');
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findAllByText('User new@bakery.example created')).not.toHaveLength(0);
  });

  it('confirms an updated user with a toast', async () => {
    fakeApi([on(USERS, () => users), on(patchUser, () => null)]);
    renderWithProviders(<CompanyUsersPanel companyId={7} listCompanyId={7} currentEmail="owner@bakery.example" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit tech@bakery.example' }));
    const manage = await screen.findByRole('dialog', { name: 'Manage user' });
    await userEvent.type(within(manage).getByLabelText('Contact name'), ' Two');
    await userEvent.click(within(manage).getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('tech@bakery.example updated')).not.toHaveLength(0);
  });

  it('closes Manage user at once when nothing changed, and puts focus back on the Edit button that opened it', async () => {
    fakeApi([on(USERS, () => users)]);
    renderWithProviders(<CompanyUsersPanel companyId={7} listCompanyId={7} currentEmail="owner@bakery.example" />);
    const edit = await screen.findByRole('button', { name: 'Edit tech@bakery.example' });
    await userEvent.click(edit);
    await screen.findByRole('dialog', { name: 'Manage user' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('Discard unsaved changes?')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(edit));
  });

  it('asks before Escape, the close button or a click outside throws Manage user edits away', async () => {
    fakeApi([on(USERS, () => users)]);
    renderWithProviders(<CompanyUsersPanel companyId={7} listCompanyId={7} currentEmail="owner@bakery.example" />);
    const edit = await screen.findByRole('button', { name: 'Edit tech@bakery.example' });
    await userEvent.click(edit);
    const manage = await screen.findByRole('dialog', { name: 'Manage user' });
    await userEvent.type(within(manage).getByLabelText('Contact name'), ' Two');

    const keepEditingAfter = async (close: () => Promise<unknown>) => {
      await close();
      const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
      expect(ask.textContent).toContain('your changes to tech@bakery.example');
      await userEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).toBeNull());
      expect(within(screen.getByRole('dialog', { name: 'Manage user' })).getByLabelText('Contact name')).toHaveProperty(
        'value',
        'Tech Two',
      );
    };
    await keepEditingAfter(() => userEvent.keyboard('{Escape}'));
    await keepEditingAfter(() => userEvent.click(within(manage).getAllByRole('button', { name: 'Close' })[0] as HTMLElement));
    await keepEditingAfter(() => userEvent.click(document.querySelector('.mantine-Modal-overlay') as HTMLElement));

    await userEvent.click(within(manage).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(edit));
  });

  it('says what to do when the company has no users yet', async () => {
    fakeApi([on(USERS, () => [])]);
    renderWithProviders(<CompanyUsersPanel companyId={7} listCompanyId={7} currentEmail="me@bakery.example" />);
    expect(await screen.findByText('No users yet')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Users' })).toBeNull();
  });
});
