import type { AuthContext } from '@portal/contract/auth/auth-context';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import {
  CLOUDVIEW_FAILURES,
  cloudviewEnable,
  cloudviewGenerateLoginCredentials,
  cloudviewStatus,
  cloudviewTerminate,
  type PortalStatusView,
} from '@portal/contract/customer-portal/cloudview';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import { type FakeRoute, fakeApi, on } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { renderWithProviders } from '../../../test/render';
import { NO_PORTAL } from '../components/customer-portal-page';
import { CustomerPortalSection } from '../components/customer-portal-section';
import { POLL_MS, pollInterval, postInTab } from '../lib/portal';

const CUSTOMER: Partial<AuthContext> = { capabilities: ['use_customer_portal'] };
const URL_ = 'http://localhost:3000/cloudview-local/3';
const portal = (o: Partial<PortalStatusView> = {}): PortalStatusView => ({
  status: null,
  failure_message: '',
  myclient_portal_enabled: false,
  myclient_portal_activated: false,
  myclient_suspended: false,
  myclient_url: '',
  created_at: null,
  ready_at: null,
  ...o,
});
const READY = portal({
  status: 'READY',
  myclient_portal_enabled: true,
  myclient_portal_activated: true,
  myclient_url: URL_,
  created_at: '2026-11-20T00:00:00Z',
  ready_at: '2026-11-20T00:00:20Z',
});
const PROVISIONING = portal({ status: 'PROVISIONING', myclient_portal_enabled: true, created_at: '2026-11-20T00:00:00Z' });

function page(routes: FakeRoute[], auth: Partial<AuthContext> = CUSTOMER) {
  return renderApp('/cloudview', [on(getAuthContext, () => authContext(auth)), ...routes]);
}

afterEach(() => vi.restoreAllMocks());

describe('pollInterval', () => {
  it('polls only while the portal is provisioning', () => {
    expect(pollInterval(PROVISIONING)).toBe(POLL_MS);
    expect(pollInterval(READY)).toBe(false);
    expect(pollInterval(portal({ status: 'FAILED' }))).toBe(false);
    expect(pollInterval(undefined)).toBe(false);
  });
});

describe('postInTab', () => {
  it('posts each field of the login data to the login address, into the named tab', () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      expect(this.method).toBe('post');
      expect(this.action).toBe(`${URL_}/login`);
      expect(this.target).toBe('tab-1');
      expect([...new FormData(this).entries()]).toEqual([['token', 'abc.def']]);
    });
    postInTab(document, 'tab-1', `${URL_}/login`, { token: 'abc.def' });
    expect(submit).toHaveBeenCalledOnce();
    expect(document.querySelector('form')).toBeNull();
  });
});

describe('/cloudview', () => {
  it('polls the status until the portal leaves provisioning, then shows its address', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    const { api } = await page([on(cloudviewStatus, () => (++reads < 2 ? PROVISIONING : READY))]);
    expect(await screen.findByText('Provisioning')).toBeTruthy();
    // The next read is due a poll later: move the clock there rather than wait for it.
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(await screen.findByText('Ready')).toBeTruthy();
    expect(screen.getByRole('link', { name: URL_ }).getAttribute('href')).toBe(URL_);
    expect(api.callsTo(cloudviewStatus)[0]?.body).toEqual({ target_company_id: 7 });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Customer portal' }).getAttribute('href')).toBe('/cloudview');
  });

  it('says so when the status cannot be loaded', async () => {
    await page([on(cloudviewStatus, () => ({ error: { code: 404, message: 'Company not found' } }))]);
    expect(await screen.findByText(CLOUDVIEW_FAILURES.status)).toBeTruthy();
  });

  it('Log In posts the sign-in to the portal in a new tab', async () => {
    const tab = { opener: {}, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const posted: string[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      posted.push(`${this.action} ${this.target} ${new FormData(this).get('token')}`);
    });
    const { api } = await page([
      on(cloudviewStatus, () => READY),
      on(cloudviewGenerateLoginCredentials, () => ({ login_url: `${URL_}/login`, login_postdata: { token: 'signed.token' } })),
    ]);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    const name = open.mock.calls[0]?.[1];
    expect(open.mock.calls[0]?.[0]).toBe('about:blank');
    expect(posted[0]).toBe(`${URL_}/login ${name} signed.token`);
    expect(tab.opener).toBeNull();
    expect(api.callsTo(cloudviewGenerateLoginCredentials)[0]?.body).toEqual({ target_company_id: 7 });
  });

  it("alerts 'Error: message' when an action fails, and closes the tab it opened", async () => {
    const tab = { opener: {}, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await page([
      on(cloudviewStatus, () => READY),
      on(cloudviewGenerateLoginCredentials, () => ({ error: { code: 400, message: 'The customer portal is not ready yet' } })),
    ]);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Error: The customer portal is not ready yet')).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
  });

  it('terminates once CONFIRM is typed, and then says the company has no portal; a customer cannot enable', async () => {
    let current = READY;
    let capabilities: AuthContext['capabilities'] = ['use_customer_portal'];
    const { api } = await renderApp('/cloudview', [
      on(getAuthContext, () => authContext({ capabilities })),
      on(cloudviewStatus, () => current),
      on(cloudviewTerminate, () => {
        current = portal();
        capabilities = [];
        return null;
      }),
    ]);
    expect(screen.queryByRole('button', { name: 'Enable Customer Portal' })).toBeNull();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Terminate' }));
    await user.type(await screen.findByLabelText('Type CONFIRM to confirm'), 'CONFIRM');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Terminate' }));
    await waitFor(() => expect(api.callsTo(cloudviewTerminate)).toHaveLength(1));
    // The capability went with the portal: the page says so rather than failing to load a status.
    expect(await screen.findByText(NO_PORTAL)).toBeTruthy();
    expect(screen.queryByText(CLOUDVIEW_FAILURES.status)).toBeNull();
  });
});

describe('the company dialog’s customer portal section', () => {
  it('an admin enables the portal, which then shows as provisioning', async () => {
    let current = portal();
    const api = fakeApi([
      on(cloudviewStatus, () => current),
      on(cloudviewEnable, (input) => {
        expect(input).toEqual({ target_company_id: 42 });
        current = PROVISIONING;
        return current;
      }),
    ]);
    renderWithProviders(<CustomerPortalSection companyId={42} isAdmin readOnly={false} />);
    expect(await screen.findByText('Customer portal')).toBeTruthy();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Enable Customer Portal' }));
    expect(await screen.findByText('Provisioning')).toBeTruthy();
    expect(api.callsTo(cloudviewEnable)).toHaveLength(1);
  });

  it('a deleted company’s section shows the status without actions', async () => {
    fakeApi([on(cloudviewStatus, () => READY)]);
    renderWithProviders(<CustomerPortalSection companyId={42} isAdmin readOnly />);
    expect(await screen.findByText('Ready')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
