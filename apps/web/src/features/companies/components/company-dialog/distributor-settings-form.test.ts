import { NULL_MARKER } from '@portal/contract/shared/fields';
import { describe, expect, it } from 'vitest';
import { buildSettingsPatch, settingsValuesOf, toggleFeature } from './distributor-settings-form';

const settings = {
  custom_billing_url: 'https://billing.example',
  custom_support_url: null,
  custom_metadata_1_label: 'PO',
  custom_metadata_2_label: null,
  custom_metadata_3_label: null,
  default_subaccount_features: 1,
};

describe('distributor settings form', () => {
  it('combines feature checkboxes into one mask', () => {
    expect(toggleFeature(1, 'support', true)).toBe(257);
    expect(toggleFeature(257, 'all', false)).toBe(256);
  });

  it('sends only changes, an emptied text as the NUL marker', () => {
    const initial = settingsValuesOf(settings);
    expect(buildSettingsPatch(initial, initial)).toEqual({});
    expect(buildSettingsPatch(initial, { ...initial, custom_billing_url: '', features: 5 })).toEqual({
      custom_billing_url: NULL_MARKER,
      default_subaccount_features: 5,
    });
  });
});
