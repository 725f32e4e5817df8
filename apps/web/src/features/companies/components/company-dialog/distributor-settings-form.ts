import type { DistributorSettings } from '@portal/contract/companies/distributor-settings';
import { NULL_MARKER } from '@portal/contract/shared/fields';
import { FEATURE_BITS } from '@portal/contract/shared/plans';

export type SettingsText =
  | 'custom_billing_url'
  | 'custom_support_url'
  | 'custom_metadata_1_label'
  | 'custom_metadata_2_label'
  | 'custom_metadata_3_label';
export const SETTINGS_TEXT_FIELDS: readonly SettingsText[] = [
  'custom_billing_url',
  'custom_support_url',
  'custom_metadata_1_label',
  'custom_metadata_2_label',
  'custom_metadata_3_label',
];

export type SettingsValues = Record<SettingsText, string> & { features: number };
export type FeatureName = keyof typeof FEATURE_BITS;

export function settingsValuesOf(settings: DistributorSettings): SettingsValues {
  return {
    custom_billing_url: settings.custom_billing_url ?? '',
    custom_support_url: settings.custom_support_url ?? '',
    custom_metadata_1_label: settings.custom_metadata_1_label ?? '',
    custom_metadata_2_label: settings.custom_metadata_2_label ?? '',
    custom_metadata_3_label: settings.custom_metadata_3_label ?? '',
    features: settings.default_subaccount_features,
  };
}

export function toggleFeature(mask: number, feature: FeatureName, on: boolean): number {
  const bit = FEATURE_BITS[feature];
  return on ? mask | bit : mask & ~bit;
}

/** Only changed fields; an emptied text is the NUL marker, which clears it. */
export function buildSettingsPatch(
  initial: SettingsValues,
  current: SettingsValues,
): Partial<Record<SettingsText, string>> & {
  default_subaccount_features?: number;
} {
  const patch: Partial<Record<SettingsText, string>> & { default_subaccount_features?: number } = {};
  for (const key of SETTINGS_TEXT_FIELDS) {
    if (initial[key] !== current[key]) patch[key] = current[key].trim() === '' ? NULL_MARKER : current[key].trim();
  }
  if (initial.features !== current.features) patch.default_subaccount_features = current.features;
  return patch;
}
