import { migrateCompany } from '@portal/contract/companies/company-lifecycle';
import { listDistributors } from '@portal/contract/companies/company-lookups';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, on } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { MigrateCompanyDialog } from './migrate-company-dialog';

const MIGRATE = migrateCompany;

describe('MigrateCompanyDialog', () => {
  it('enables Migrate only when the exact company name is typed', async () => {
    const api = fakeApi([
      on(listDistributors, () => [{ id: 2, company_name: 'Southern Backup Partners' }]),
      on(MIGRATE, () => ({ new_company_id: 99 })),
    ]);
    const onMigrated = vi.fn();
    renderWithProviders(
      <MigrateCompanyDialog company={{ id: 7, company_name: 'Acme Ltd' }} opened onClose={vi.fn()} onMigrated={onMigrated} />,
    );
    const migrate = screen.getByRole('button', { name: 'Migrate' });
    const confirm = screen.getByLabelText('Type Acme Ltd to confirm');
    expect(migrate).toHaveProperty('disabled', true);
    await userEvent.type(confirm, 'acme ltd');
    expect(migrate).toHaveProperty('disabled', true);
    await userEvent.clear(confirm);
    await userEvent.type(confirm, 'Acme Ltd ');
    expect(migrate).toHaveProperty('disabled', true);
    await userEvent.type(confirm, '{Backspace}');
    expect(migrate).toHaveProperty('disabled', false);
    await userEvent.click(migrate);
    await waitFor(() => expect(onMigrated).toHaveBeenCalledWith(99));
    expect(api.callsTo(MIGRATE)[0]?.body).toEqual({ target_id: 7, target_distributor_id: null, target_confirm_company_name: 'Acme Ltd' });
  });
});
