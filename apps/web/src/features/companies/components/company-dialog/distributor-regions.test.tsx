import {
  addDistributorRegion,
  distributorRegionList,
  listRegions,
  removeDistributorRegion,
} from '@portal/contract/companies/distributor-settings';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, on } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { DistributorRegions } from './distributor-regions';

const LIST = distributorRegionList;
const REMOVE = removeDistributorRegion;
const rows = [
  { code: 'nz-north', name: 'New Zealand (Auckland)', managed_company_count: 2 },
  { code: 'us-east', name: 'US East (Virginia)', managed_company_count: 0 },
];

describe('DistributorRegions', () => {
  it("disables Remove while sub-accounts use a region, and shows a refusal after 'Failed to remove region! '", async () => {
    const api = fakeApi([
      on(LIST, () => ({ rows, total: 2 })),
      on(listRegions, () => []),
      on(REMOVE, () => ({ error: { code: 409, message: '1 sub-accounts still use this region' } })),
    ]);
    renderWithProviders(<DistributorRegions companyId={3} />);
    expect(await screen.findByRole('button', { name: 'Remove New Zealand (Auckland)' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Remove US East (Virginia)' }));
    expect(await screen.findByText('Failed to remove region! 1 sub-accounts still use this region')).toBeTruthy();
    expect(api.callsTo(REMOVE)[0]?.body).toEqual({ target_id: 3, target_region_code: 'us-east' });
    expect(api.callsTo(LIST)[0]?.body).toMatchObject({ target_id: 3, page_size: 10 });
  });

  it('adds every region at once and empties the form, and shows why an add is refused', async () => {
    let refuse = false;
    const api = fakeApi([
      on(LIST, () => ({ rows, total: 2 })),
      on(listRegions, () => []),
      on(addDistributorRegion, () => (refuse ? { error: { code: 409, message: 'This distributor already has every region' } } : null)),
    ]);
    renderWithProviders(<DistributorRegions companyId={3} />);
    const all = await screen.findByRole('checkbox', { name: 'Include all regions' });
    await userEvent.click(all);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(all).toHaveProperty('checked', false));
    expect(api.callsTo(addDistributorRegion)[0]?.body).toEqual({ target_id: 3, target_region_code: '', target_include_all_regions: true });

    refuse = true;
    await userEvent.click(all);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Error: This distributor already has every region')).toBeTruthy();
    expect(all).toHaveProperty('checked', true);
  });
});
