import { CAREER_TEST_MESSAGES, sendCareerTests } from '@portal/contract/admin-tools/career-tests';
import { getAuthContext } from '@portal/contract/auth/auth-context';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authContext } from '../../test/auth-fixtures';
import { on } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const ADMIN = authContext({ roles: ['admin'], company_type: 'admin' });

async function openPage(answer: Parameters<typeof on<typeof sendCareerTests>>[1] = (body) => ({ sent: body.emails.split('\n').length })) {
  const rendered = await renderApp('/careers/tests', [on(getAuthContext, () => ADMIN), on(sendCareerTests, answer)]);
  await screen.findByRole('heading', { level: 1, name: 'Career tests' });
  return rendered;
}

const emails = () => screen.getByRole('textbox', { name: /Email addresses/ });
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Send tests' }));

describe('/careers/tests', () => {
  it('asks for at least one address before sending anything', async () => {
    const { api } = await openPage();
    await userEvent.type(emails(), '   {enter}  ');
    await submit();
    expect(await screen.findByText(CAREER_TEST_MESSAGES.noEmails)).toBeTruthy();
    expect(api.callsTo(sendCareerTests)).toHaveLength(0);
  });

  it('refuses a line that is not one address, such as two separated by a comma', async () => {
    const { api } = await openPage();
    await userEvent.type(emails(), 'ann@example.com{enter}bob@example.com, cy@example.com');
    await submit();
    expect(await screen.findByText(CAREER_TEST_MESSAGES.badEmails)).toBeTruthy();
    expect(api.callsTo(sendCareerTests)).toHaveLength(0);
  });

  it('sends the addresses one a line with the default role, says how many, and empties the form', async () => {
    const { api } = await openPage();
    expect(screen.getByRole('combobox', { name: /^Role/ }).getAttribute('value')).toBe('General developer');
    await userEvent.type(emails(), ' ann@example.com {enter}{enter}bob@example.com{enter}ANN@example.com');
    await submit();
    await waitFor(() => expect(api.callsTo(sendCareerTests)).toHaveLength(1));
    expect(api.callsTo(sendCareerTests)[0]?.body).toEqual({
      emails: 'ann@example.com\nbob@example.com',
      test_selection: 'general_developer',
    });
    expect(await screen.findByText('Test sent to 2 applicants')).toBeTruthy();
    await waitFor(() => expect((emails() as HTMLTextAreaElement).value).toBe(''));
  });

  it("shows the server's message under the field", async () => {
    await openPage(() => ({ error: { code: 400, message: 'Invalid input', fields: { test_selection: CAREER_TEST_MESSAGES.noRole } } }));
    await userEvent.type(emails(), 'ann@example.com');
    await submit();
    expect(await screen.findByText(CAREER_TEST_MESSAGES.noRole)).toBeTruthy();
  });

  it('sends support staff to their own home', async () => {
    const { router } = await renderApp('/careers/tests', [
      on(getAuthContext, () => authContext({ roles: ['support'], company_type: 'admin' })),
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard_admin'));
    expect(screen.queryByRole('heading', { name: 'Career tests' })).toBeNull();
  });
});
