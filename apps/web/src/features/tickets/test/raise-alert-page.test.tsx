import { getAuthContext } from '@portal/contract/auth/auth-context';
import { ALERT_MESSAGES, raiseAlert } from '@portal/contract/tickets/alerts';
import { adminTicketsList } from '@portal/contract/tickets/ticket-lists';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authContext } from '../../../test/auth-fixtures';
import { on } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const SUPPORT = authContext({ roles: ['support'], company_type: 'admin' });
const PAGED = 'P1 alert #7 raised: paging Olivia On-call, the on-call developer.';

async function openPage(answer: Parameters<typeof on<typeof raiseAlert>>[1] = () => PAGED) {
  const rendered = await renderApp('/raise_alert', [on(getAuthContext, () => SUPPORT), on(raiseAlert, answer)]);
  await screen.findByRole('heading', { level: 1, name: 'Raise P1 Alert' });
  return rendered;
}

const problem = () => screen.getByRole('textbox', { name: /Problem/ });
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Raise P1 Alert' }));

describe('/raise_alert', () => {
  it('asks for the problem before raising anything', async () => {
    const { api } = await openPage();
    await userEvent.type(problem(), '   ');
    await submit();
    expect(await screen.findByText(ALERT_MESSAGES.problem)).toBeTruthy();
    expect(api.callsTo(raiseAlert)).toHaveLength(0);
  });

  it('sends the trimmed problem and shows the returned message in the success banner', async () => {
    const { api } = await openPage();
    await userEvent.type(problem(), '  Hosted servers do not start ');
    await submit();
    await waitFor(() => expect(api.callsTo(raiseAlert)).toHaveLength(1));
    expect(api.callsTo(raiseAlert)[0]?.body).toEqual({ problem: 'Hosted servers do not start' });
    const banner = await screen.findByRole('status');
    expect(banner.textContent).toContain(PAGED);
    await waitFor(() => expect((problem() as HTMLTextAreaElement).value).toBe(''));
  });

  it("shows the server's field message", async () => {
    await openPage(() => ({ error: { code: 400, message: 'Invalid input', fields: { problem: ALERT_MESSAGES.problemTooLong } } }));
    await userEvent.type(problem(), 'x');
    await submit();
    expect(await screen.findByText(ALERT_MESSAGES.problemTooLong)).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is reached from the Raise P1 Alert button on /mytickets', async () => {
    const { router } = await renderApp('/mytickets', [
      on(getAuthContext, () => SUPPORT),
      on(adminTicketsList, () => ({ rows: [], total: 0 })),
      on(raiseAlert, () => PAGED),
    ]);
    await userEvent.click(await within(await screen.findByRole('main')).findByRole('link', { name: 'Raise P1 Alert' }));
    await screen.findByRole('heading', { level: 1, name: 'Raise P1 Alert' });
    expect(router.state.location.pathname).toBe('/raise_alert');
  });

  it('sends customers away', async () => {
    const { router } = await renderApp('/raise_alert', [on(getAuthContext, () => authContext({ roles: ['customer'] }))]);
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/raise_alert'));
  });
});
