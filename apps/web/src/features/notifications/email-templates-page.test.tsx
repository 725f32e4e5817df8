import { getAuthContext } from '@portal/contract/auth/auth-context';
import { EMAIL_TEMPLATES, previewDebugEmail } from '@portal/contract/notifications/email-preview';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authContext } from '../../test/auth-fixtures';
import { on } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const ADMIN = authContext({ roles: ['admin'], company_type: 'admin' });

const sample = (name: string) => ({
  template: name,
  subject: `Subject of ${name}`,
  html: `<p>Body of ${name}</p>`,
  text: `Body of ${name}`,
});

describe('/manage_email_templates', () => {
  it('renders the chosen template in a frame that may run nothing', async () => {
    const { api } = await renderApp('/manage_email_templates', [
      on(getAuthContext, () => ADMIN),
      on(previewDebugEmail, (body) => sample(body.emailTypeEnum)),
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Email templates' });
    const frame = (await screen.findByTitle('Preview of the verify email address email')) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Body of verify_email</p>');
    expect(screen.getByTestId('email-subject').textContent).toBe('Subject of verify_email');

    await userEvent.click(screen.getByRole('combobox', { name: 'Template' }));
    await userEvent.click(await screen.findByRole('option', { name: EMAIL_TEMPLATES.career_test }));
    const next = (await screen.findByTitle('Preview of the career test invitation email')) as HTMLIFrameElement;
    expect(next.getAttribute('srcdoc')).toBe('<p>Body of career_test</p>');
    expect(api.callsTo(previewDebugEmail).map((r) => r.body.emailTypeEnum)).toEqual(['verify_email', 'career_test']);
  });

  it('lists every template the contract names', async () => {
    await renderApp('/manage_email_templates', [
      on(getAuthContext, () => ADMIN),
      on(previewDebugEmail, (body) => sample(body.emailTypeEnum)),
    ]);
    await userEvent.click(await screen.findByRole('combobox', { name: 'Template' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(Object.values(EMAIL_TEMPLATES));
  });

  it('shows the error when the preview fails', async () => {
    await renderApp('/manage_email_templates', [
      on(getAuthContext, () => ADMIN),
      on(previewDebugEmail, () => ({ error: { code: 400, message: 'The template could not be rendered' } })),
    ]);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('The template could not be rendered'));
  });
});
